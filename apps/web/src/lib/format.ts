/** Dates are shown in en-US format: short month, day, year ('Nov 21, 2026'). */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** The shared date with the time of day, for logs where the hour matters: 'Nov 21, 2026, 3:04 PM'. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const day = formatDate(value);
  if (day === '—') return day;
  const date = value instanceof Date ? value : new Date(value!);
  return `${day}, ${date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`;
}

/** 1234 → '1,234'. */
export function formatNumber(value: number): string {
  return value.toLocaleString('en-US');
}

/** 'EXPLORER' → 'Explorer', 'YEARLY' → 'Yearly'. */
export function titleCase(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1).toLowerCase();
}

/** Up to two initials from a full name; '' when the name has no letters. */
export function initialsOf(name: string | null | undefined): string {
  if (!name) return '';
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '';
  const first = parts[0].charAt(0);
  const last = parts.length > 1 ? parts[parts.length - 1].charAt(0) : '';
  return (first + last).toUpperCase();
}
