import type { BillingCycle } from '@atelier/contract';

/**
 * Calendar arithmetic of billing periods, in UTC. Months are added from the anchor and the day
 * is clamped to the month's length (Jan 31 → Feb 28 → Mar 31), as Stripe bills.
 */

export function addMonths(anchor: Date, months: number): Date {
  const y = anchor.getUTCFullYear();
  const m = anchor.getUTCMonth() + months;
  const targetYear = y + Math.floor(m / 12);
  const targetMonth = ((m % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      targetYear,
      targetMonth,
      Math.min(anchor.getUTCDate(), lastDay),
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

export function periodEndFrom(start: Date, cycle: BillingCycle): Date {
  return addMonths(start, cycle === 'YEARLY' ? 12 : 1);
}

/** 'YYYY-MM' of a date (UTC): the grant key's period part. */
export function monthKey(d: Date): string {
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * The start of the monthly slice of a period that `now` falls in. A monthly plan has one slice
 * (the period); a yearly plan has twelve, each granting the monthly allowance. `now` before the
 * period gives its start; `now` at or after its end gives the last slice.
 */
export function currentSliceStart(periodStart: Date, periodEnd: Date, now: Date): Date {
  if (now.getTime() <= periodStart.getTime()) return periodStart;
  let k = 0;
  // At most 12 steps for a yearly period.
  while (k < 24) {
    const next = addMonths(periodStart, k + 1);
    if (next.getTime() > now.getTime() || next.getTime() >= periodEnd.getTime()) break;
    k += 1;
  }
  return addMonths(periodStart, k);
}

/** The start of the slice after `sliceStart`, or null when the period ends first. */
export function nextSliceStart(periodStart: Date, periodEnd: Date, sliceStart: Date): Date | null {
  for (let k = 1; k <= 24; k++) {
    const s = addMonths(periodStart, k);
    if (s.getTime() >= periodEnd.getTime()) return null;
    if (s.getTime() > sliceStart.getTime()) return s;
  }
  return null;
}
