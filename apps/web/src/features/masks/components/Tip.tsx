import { Tooltip } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';

/** A small dark tooltip on hover or focus (needs a Tooltip.Provider above, as the Create screen has). */
export function Tip({ label, children, side = 'top' }: { label: ReactNode; children: ReactElement; side?: 'top' | 'bottom' | 'left' | 'right' }) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content side={side} sideOffset={6} collisionPadding={8} className="z-floating max-w-xs rounded-md bg-stone-900 px-2.5 py-1.5 text-xs leading-5 text-white shadow-raised">
          {label}
          <Tooltip.Arrow className="fill-stone-900" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
