import { formatNumber } from '../../../lib/format';
import { dayHeading, shortDate } from '../lib/days';

/** A day of the timeline: 'Today · Mar 15, 2025' and how many images (or batches) it holds. */
export function DayHeader({ date, count, unit, timeZone }: { date: string; count: number; unit: 'image' | 'batch'; timeZone: string }) {
  const heading = dayHeading(date, timeZone);
  const relative = heading === 'Today' || heading === 'Yesterday';
  return (
    <div className="flex h-full items-end justify-between gap-4 px-8 pb-3">
      <h3 className="flex min-w-0 items-baseline gap-2 text-[15px] font-semibold tracking-tight text-stone-900">
        {heading}
        {relative ? <span className="text-[13px] font-normal text-stone-400">{shortDate(date)}</span> : null}
      </h3>
      <span className="shrink-0 text-xs text-stone-500 tabular-nums">
        {formatNumber(count)} {unit === 'image' ? (count === 1 ? 'image' : 'images') : count === 1 ? 'batch' : 'batches'}
      </span>
    </div>
  );
}
