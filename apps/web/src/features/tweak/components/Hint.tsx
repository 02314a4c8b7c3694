import { Tooltip } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';

/** A small dark tooltip on hover or focus, with an optional keyboard shortcut. */
export function Hint({
  label,
  shortcut,
  children,
  side = 'bottom',
  align = 'center',
}: {
  label: ReactNode;
  shortcut?: string;
  children: ReactElement;
  side?: 'top' | 'bottom' | 'left' | 'right';
  align?: 'start' | 'center' | 'end';
}) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side={side}
          align={align}
          sideOffset={8}
          collisionPadding={8}
          className="z-50 max-w-[17rem] rounded-lg bg-stone-900 px-3 py-2 text-xs leading-5 text-white/90 shadow-raised"
        >
          {label}
          {shortcut ? <Kbd className="ml-2 align-[1px]">{shortcut}</Kbd> : null}
          <Tooltip.Arrow className="fill-stone-900" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

export function Kbd({ children, tone = 'dark', className = '' }: { children: ReactNode; tone?: 'dark' | 'light'; className?: string }) {
  const colours = tone === 'dark' ? 'border-white/20 bg-white/10 text-white/90' : 'border-stone-300 bg-stone-100 text-stone-700';
  return (
    <kbd className={`inline-flex h-[18px] min-w-[18px] items-center justify-center rounded border px-1 font-sans text-[10px] font-semibold ${colours} ${className}`}>
      {children}
    </kbd>
  );
}
