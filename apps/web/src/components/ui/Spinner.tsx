import clsx from 'clsx';

export interface SpinnerProps {
  size?: 'xs' | 'sm' | 'md' | 'lg';
  className?: string;
  /** Read by screen readers; omit for a decorative spinner inside a labelled control. */
  label?: string;
}

const sizes = { xs: 'size-3.5 border-[1.5px]', sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-9 border-[3px]' };

export function Spinner({ size = 'md', className, label }: SpinnerProps) {
  return (
    <span
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={clsx(
        'inline-block shrink-0 animate-spin rounded-full border-current border-r-transparent',
        sizes[size],
        className,
      )}
    />
  );
}

/** The whole-page loading state (start-up, guards, lazy routes). */
export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-full w-full items-center justify-center py-24 text-brand-600">
      <Spinner size="lg" label={label} />
    </div>
  );
}
