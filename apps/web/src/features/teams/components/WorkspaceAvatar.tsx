import clsx from 'clsx';
import { initialsOf } from '../../../lib/format';

/** A workspace's initials: a rounded square for a team, a circle for the personal workspace. */
export function WorkspaceAvatar({ name, team, className }: { name: string | null | undefined; team: boolean; className?: string }) {
  return (
    <span
      aria-hidden
      className={clsx(
        'inline-flex size-7 shrink-0 items-center justify-center text-[11px] font-semibold ring-1 ring-black/5',
        team ? 'rounded-md bg-stone-800 text-white' : 'rounded-full bg-brand-100 text-brand-800',
        className,
      )}
    >
      {initialsOf(name) || (team ? 'T' : 'U')}
    </span>
  );
}
