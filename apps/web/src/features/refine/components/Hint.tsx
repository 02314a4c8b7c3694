import { Tooltip } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';

/** A small dark tooltip on hover or focus (inside the page's Tooltip.Provider). */
export function Hint({ label, children, side = 'bottom', align = 'center' }: { label: ReactNode; children: ReactElement; side?: 'top' | 'bottom' | 'left' | 'right'; align?: 'start' | 'center' | 'end' }) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content side={side} align={align} sideOffset={6} collisionPadding={8} className="z-50 max-w-xs rounded-md bg-stone-900 px-2.5 py-1.5 text-xs leading-5 text-white shadow-raised">
          {label}
          <Tooltip.Arrow className="fill-stone-900" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
