import clsx from 'clsx';
import type { MaskRegion } from '@atelier/contract';
import { unsureText } from '../lib/regionDrafts';

/** A small "unsure" mark beside a region the engine named with low confidence; the tooltip gives the confidence. */
export function UnsureMark({ region, tone }: { region: Pick<MaskRegion, 'label' | 'confidence'>; tone: 'dark' | 'light' }) {
  const text = unsureText(region);
  if (!text) return null;
  return (
    <span
      role="img"
      aria-label={text}
      title={text}
      className={clsx(
        'shrink-0 rounded-full px-1.5 text-[10px] leading-4 font-semibold tracking-wide uppercase',
        tone === 'dark' ? 'bg-amber-400/20 text-amber-200 ring-1 ring-amber-300/40' : 'bg-amber-50 text-amber-700 ring-1 ring-amber-200',
      )}
    >
      unsure
    </span>
  );
}
