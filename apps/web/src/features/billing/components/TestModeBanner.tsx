import { FlaskConical } from 'lucide-react';
import type { ReactNode } from 'react';

/** The strip across the top of the local provider's pages: nothing here is a real payment. */
export function TestModeBanner({ children }: { children?: ReactNode }) {
  return (
    <div role="note" className="flex items-center justify-center gap-2 bg-amber-400 px-4 py-2 text-center text-[13px] font-semibold text-amber-950">
      <FlaskConical className="size-4 shrink-0" aria-hidden />
      <span>TEST MODE</span>
      <span className="font-normal">{children ?? '— no real payment is taken and no card is charged.'}</span>
    </div>
  );
}
