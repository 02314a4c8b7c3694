import clsx from 'clsx';

/** The Atelier mark: an 'A' drawn as a roof truss. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={clsx('size-7', className)}>
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path d="M9 24 16 8l7 16M12 18h8" fill="none" stroke="#fafaf9" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function Logo({ className, tone = 'dark' }: { className?: string; tone?: 'dark' | 'light' }) {
  return (
    <span className={clsx('inline-flex items-center gap-2', className)}>
      <LogoMark className={tone === 'dark' ? 'text-ink' : 'text-white/95 [&_path]:stroke-stone-900'} />
      <span className={clsx('text-[17px] font-semibold tracking-tight', tone === 'dark' ? 'text-ink' : 'text-white')}>Atelier</span>
    </span>
  );
}
