import type { TeamUsageRow } from '@atelier/contract';

/** YYYY-MM-DD of a date in UTC (the usage report's days are UTC days). */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The report's default range: the first of this month to today (UTC). */
export function thisMonth(now: Date = new Date()): { from: string; to: string } {
  return { from: isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))), to: isoDay(now) };
}

/** Credits per day over the rows, oldest first (days without use are absent). */
export function creditsByDay(rows: TeamUsageRow[]): Array<{ day: string; credits: number }> {
  const days = new Map<string, number>();
  for (const row of rows) days.set(row.day, (days.get(row.day) ?? 0) + row.credits);
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, credits]) => ({ day, credits }));
}

/** Credits per member and module: the report table's cells. */
export function creditsByMemberAndModule(rows: TeamUsageRow[]): Map<number, Map<string, number>> {
  const table = new Map<number, Map<string, number>>();
  for (const row of rows) {
    const modules = table.get(row.userId) ?? new Map<string, number>();
    modules.set(row.module, (modules.get(row.module) ?? 0) + row.credits);
    table.set(row.userId, modules);
  }
  return table;
}

const MODULE_LABELS: Record<string, string> = {
  generation: 'Create',
  create: 'Create',
  tweak: 'Tweak',
  refine: 'Upscale',
  upscale: 'Upscale',
  masks: 'Regions',
};

/** The name a module has in the app's header (the ledger says generation, refine, …). */
export function moduleLabel(module: string): string {
  return MODULE_LABELS[module.toLowerCase()] ?? module.charAt(0).toUpperCase() + module.slice(1);
}

/** "Today", "Yesterday", "3 days ago", else the date; "Never" without a date. */
export function lastActiveLabel(iso: string | null, now: Date = new Date()): string {
  if (!iso) return 'Never';
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return 'Never';
  const days = Math.floor((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - Date.UTC(then.getUTCFullYear(), then.getUTCMonth(), then.getUTCDate())) / 86_400_000);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 30) return `${days} days ago`;
  return then.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}
