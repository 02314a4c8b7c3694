import clsx from 'clsx';
import type { LucideIcon } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import type { ButtonHTMLAttributes, ReactElement, ReactNode, Ref } from 'react';
import { Spinner } from '../../../components/ui/Spinner';

/** A dark tooltip on hover or keyboard focus. Needs a Tooltip.Provider above (GalleryView, ExplorePage). */
export function Hint({ label, children, side = 'top' }: { label: ReactNode; children: ReactElement; side?: 'top' | 'bottom' | 'left' | 'right' }) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side={side}
          sideOffset={6}
          collisionPadding={8}
          className="z-floating rounded-md bg-stone-900 px-2 py-1 text-xs font-medium text-white shadow-raised"
        >
          {label}
          <Tooltip.Arrow className="fill-stone-900" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

const tones = {
  /** On top of an image: white glyph on a dark glass disc. */
  overlay: 'size-8 rounded-full bg-stone-950/45 text-white backdrop-blur-sm hover:bg-stone-950/70 focus-visible:ring-white',
  /** In panels and toolbars. */
  plain: 'size-8 rounded-lg text-stone-600 hover:bg-stone-100 hover:text-stone-900 focus-visible:ring-brand-500',
  danger: 'size-8 rounded-lg text-stone-600 hover:bg-red-50 hover:text-red-700 focus-visible:ring-red-500',
} as const;

export interface IconActionProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  label: string;
  icon: LucideIcon;
  tone?: keyof typeof tones;
  loading?: boolean;
  tooltipSide?: 'top' | 'bottom' | 'left' | 'right';
  ref?: Ref<HTMLButtonElement>;
}

/** An icon-only button, named for screen readers and explained by a tooltip. */
export function IconAction({ label, icon: Icon, tone = 'overlay', loading, tooltipSide, className, disabled, onClick, ref, ...rest }: IconActionProps) {
  return (
    <Hint label={label} side={tooltipSide}>
      <button
        ref={ref}
        type="button"
        aria-label={label}
        aria-busy={loading || undefined}
        disabled={disabled || loading}
        onClick={loading ? undefined : onClick}
        className={clsx(
          'inline-flex shrink-0 items-center justify-center transition-colors focus-visible:outline-none focus-visible:ring-2 disabled:opacity-60',
          tones[tone],
          className,
        )}
        {...rest}
      >
        {loading ? <Spinner size="xs" /> : <Icon className="size-4" aria-hidden />}
      </button>
    </Hint>
  );
}
