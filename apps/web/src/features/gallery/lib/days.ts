/**
 * Days in the user's time zone: the same grouping the server does with AT TIME ZONE, for
 * images the browser holds (Explore's feed, live additions) and for the day headings.
 */

export { browserTimeZone } from './timeZone';

// Building an Intl.DateTimeFormat is costly; the grid formats thousands of dates, so keep them.
const formats = new Map<string, Intl.DateTimeFormat>();
function cachedFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    formats.set(key, f);
  }
  return f;
}
const dayFormat = (timeZone: string) => cachedFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

/** YYYY-MM-DD of an instant in a time zone. */
export function dayKeyOf(instant: string | number | Date, timeZone: string): string {
  const date = instant instanceof Date ? instant : new Date(instant);
  const parts = dayFormat(timeZone).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export interface DayGroup<T> {
  date: string;
  items: T[];
}

/**
 * Groups items by their day in `timeZone`, newest day first, keeping the items' order within a
 * day (the lists arrive newest first).
 */
export function groupByDay<T>(items: readonly T[], timeZone: string, instantOf: (item: T) => string | number | Date): DayGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = dayKeyOf(instantOf(item), timeZone);
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return [...groups.entries()].sort((a, b) => (a[0] < b[0] ? 1 : a[0] > b[0] ? -1 : 0)).map(([date, list]) => ({ date, items: list }));
}

/** Whole days from `b` to `a` (both YYYY-MM-DD). */
function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000);
}

/** 'Today', 'Yesterday', 'Monday, April 14' (this year) or 'Monday, April 14, 2024' (en-US, like the rest of the app). */
export function dayHeading(date: string, timeZone: string, now: Date = new Date()): string {
  const today = dayKeyOf(now, timeZone);
  const diff = daysBetween(today, date);
  if (diff === 0) return 'Today';
  if (diff === 1) return 'Yesterday';
  const sameYear = today.slice(0, 4) === date.slice(0, 4);
  // Noon UTC of that calendar day, formatted in UTC: the calendar date itself, whatever the zone.
  const parts = cachedFormat('en-US', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).formatToParts(
    new Date(`${date}T12:00:00Z`),
  );
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const text = `${get('weekday')}, ${get('month')} ${get('day')}`;
  return sameYear ? text : `${text}, ${get('year')}`;
}

/** '2:05 PM' in the time zone. */
export function timeOfDay(instant: string, timeZone: string): string {
  return cachedFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(instant));
}

/** 'Mar 14, 2025' (the calendar date itself). */
export function shortDate(date: string): string {
  return cachedFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

/** Images without a status count as completed (spec §4); the gallery lists only completed ones. */
export function isCompletedImage(image: { status?: string | null }): boolean {
  return !image.status || image.status === 'COMPLETED';
}
