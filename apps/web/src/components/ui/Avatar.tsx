import clsx from 'clsx';
import { useState } from 'react';
import { initialsOf } from '../../lib/format';

export interface AvatarProps {
  name?: string | null;
  src?: string | null;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  className?: string;
}

const sizes = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-14 text-lg', xl: 'size-24 text-2xl' };

/** A profile picture, else up to two initials, else 'U'. */
export function Avatar({ name, src, size = 'md', className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  return (
    <span
      className={clsx(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 font-semibold text-brand-800 ring-1 ring-black/5',
        sizes[size],
        className,
      )}
    >
      {showImage ? (
        <img src={src ?? undefined} alt="" className="size-full object-cover" onError={() => setFailedSrc(src ?? null)} />
      ) : (
        <span aria-hidden>{initialsOf(name) || 'U'}</span>
      )}
    </span>
  );
}
