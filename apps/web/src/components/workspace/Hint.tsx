import { Tooltip } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';

/**
 * A small dark tooltip on hover or focus (inside the page's Tooltip.Provider), with an optional
 * keyboard shortcut. `roomy` is the larger card the Tweak tools use for their longer texts.
 */
export function Hint({
  label,
  shortcut,
  children,
  side = 'bottom',
  align = 'center',
  roomy = false,
}: {
  label: ReactNode;
  shortcut?: string;
  children: ReactElement;
  side?: 'top' | 'bottom' | 'left' | 'right';
  align?: 'start' | 'center' | 'end';
  roomy?: boolean;
}) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side={side}
          align={align}
          sideOffset={roomy ? 8 : 6}
          collisionPadding={8}
          className={
            roomy
              ? 'z-floating max-w-[17rem] rounded-lg bg-stone-900 px-3 py-2 text-xs leading-5 text-white/90 shadow-raised'
              : 'z-floating max-w-xs rounded-md bg-stone-900 px-2.5 py-1.5 text-xs leading-5 text-white shadow-raised'
          }
        >
          {label}
          {shortcut ? <Kbd className="ml-2 align-[1px]">{shortcut}</Kbd> : null}
          <Tooltip.Arrow className="fill-stone-900" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

/** A key cap, dark (in a tooltip) or light (in a panel). */
export function Kbd({ children, tone = 'dark', className = '' }: { children: ReactNode; tone?: 'dark' | 'light'; className?: string }) {
  const colours = tone === 'dark' ? 'border-white/20 bg-white/10 text-white/90' : 'border-stone-300 bg-stone-100 text-stone-700';
  return (
    <kbd className={`inline-flex h-[18px] min-w-[18px] items-center justify-center rounded border px-1 font-sans text-[10px] font-semibold ${colours} ${className}`}>
      {children}
    </kbd>
  );
}
