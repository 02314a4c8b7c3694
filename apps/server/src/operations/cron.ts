/**
 * A 5-field cron expression (minute hour day-of-month month day-of-week, UTC): numbers, `*`,
 * ranges `a-b`, steps `*\/n` and `a-b/n`, and comma lists. Day-of-week 0–7 (0 and 7 are Sunday).
 * As in cron, when both day fields are restricted a day matching either one matches.
 */
export interface Cron {
  matches(date: Date): boolean;
}

const FIELDS = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12 },
  { name: 'day of week', min: 0, max: 7 },
] as const;

function parseField(text: string, f: (typeof FIELDS)[number]): Set<number> {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) throw new Error(`${f.name} "${part}" is not a number, range, * or step`);
    const from = m[1] === '*' ? f.min : Number(m[2]);
    const to = m[1] === '*' ? f.max : m[3] !== undefined ? Number(m[3]) : m[4] !== undefined ? f.max : from;
    const step = m[4] !== undefined ? Number(m[4]) : 1;
    if (from < f.min || to > f.max || from > to) throw new Error(`${f.name} "${part}" is outside ${f.min}-${f.max}`);
    if (step < 1) throw new Error(`${f.name} "${part}" has a step below 1`);
    for (let v = from; v <= to; v += step) values.add(f.name === 'day of week' && v === 7 ? 0 : v);
  }
  return values;
}

/** Throws an Error saying which field is wrong. */
export function parseCron(expression: string): Cron {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`needs 5 fields (minute hour day-of-month month day-of-week), got ${parts.length}`);
  const [minute, hour, dom, month, dow] = parts.map((p, i) => parseField(p, FIELDS[i]));
  const domAny = parts[2] === '*';
  const dowAny = parts[4] === '*';
  return {
    matches(d: Date) {
      if (!minute.has(d.getUTCMinutes()) || !hour.has(d.getUTCHours()) || !month.has(d.getUTCMonth() + 1)) return false;
      const byDom = dom.has(d.getUTCDate());
      const byDow = dow.has(d.getUTCDay());
      if (domAny || dowAny) return byDom && byDow;
      return byDom || byDow;
    },
  };
}

/** A zod refinement's message, or null when the expression is valid. */
export function cronProblem(expression: string): string | null {
  try {
    parseCron(expression);
    return null;
  } catch (err) {
    return `must be a 5-field cron expression: ${(err as Error).message}`;
  }
}
