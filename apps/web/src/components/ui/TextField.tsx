import clsx from 'clsx';
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

export const inputClasses =
  'block h-10 w-full rounded-lg border bg-white px-3 text-sm text-stone-900 shadow-[inset_0_1px_1px_rgb(28_25_23/0.03)] ' +
  'placeholder:text-stone-400 transition-colors duration-150 ' +
  'focus:outline-none focus:ring-2 focus:ring-offset-0 ' +
  'disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-500 read-only:bg-stone-50';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Inline error text (from the shared zod schemas). */
  error?: string;
  hint?: ReactNode;
  /** Something placed at the right of the label row (e.g. a Forgot Password link). */
  labelAside?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, error, hint, labelAside, id, className, ref, ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const describedBy = error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined;
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={inputId} className="text-[13px] font-medium text-stone-700">
          {label}
        </label>
        {labelAside}
      </div>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={clsx(
          inputClasses,
          error
            ? 'border-red-400 focus:border-red-500 focus:ring-red-500/20'
            : 'border-stone-300 hover:border-stone-400 focus:border-brand-500 focus:ring-brand-500/20',
        )}
        {...rest}
      />
      {error ? (
        <p id={`${inputId}-error`} className="text-[13px] text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p id={`${inputId}-hint`} className="text-[13px] text-stone-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
