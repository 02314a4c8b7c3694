import clsx from 'clsx';
import { useId, type InputHTMLAttributes, type Ref } from 'react';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  ref?: Ref<HTMLInputElement>;
}

export function Checkbox({ label, id, className, ref, ...rest }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={clsx('flex items-center gap-2', className)}>
      <input
        ref={ref}
        id={inputId}
        type="checkbox"
        className="size-4 cursor-pointer rounded border-stone-300 accent-brand-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2"
        {...rest}
      />
      <label htmlFor={inputId} className="cursor-pointer text-[13px] text-stone-600 select-none">
        {label}
      </label>
    </div>
  );
}
