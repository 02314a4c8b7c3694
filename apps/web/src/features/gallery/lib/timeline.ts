/**
 * The gallery's timeline model, from the server's day buckets alone: a list of rows (a header
 * per day, then rows of tiles) with exact heights, so the virtualizer knows the whole history's
 * size before a single image is loaded. Each tile position maps to a page of its month's date
 * range; only the pages of rows near the viewport are ever requested.
 */

export interface TimelineDay {
  date: string;
  count: number;
}

export interface TimelineGeometry {
  /** Tiles per row (1 for the batch list). */
  columns: number;
  /** Height of a row of tiles, gap below included. */
  rowHeight: number;
  /** Height of a day header. */
  headerHeight: number;
}

export type TimelineRow =
  | { kind: 'header'; key: string; date: string; count: number; start: number; size: number }
  | { kind: 'tiles'; key: string; date: string; row: number; first: number; length: number; start: number; size: number };

export interface DayPlacement {
  date: string;
  count: number;
  month: string;
  /** Items of the same month on newer days (the month's range lists newest first). */
  monthOffset: number;
}

export interface Timeline {
  rows: TimelineRow[];
  totalSize: number;
  /** Where each day's header starts. */
  dayStart: Map<string, number>;
  days: Map<string, DayPlacement>;
}

export function buildTimeline(days: readonly TimelineDay[], geometry: TimelineGeometry): Timeline {
  const columns = Math.max(1, Math.floor(geometry.columns));
  const rows: TimelineRow[] = [];
  const dayStart = new Map<string, number>();
  const placements = new Map<string, DayPlacement>();
  const monthSeen = new Map<string, number>();
  let y = 0;
  for (const day of days) {
    if (day.count <= 0) continue;
    const month = day.date.slice(0, 7);
    const monthOffset = monthSeen.get(month) ?? 0;
    monthSeen.set(month, monthOffset + day.count);
    placements.set(day.date, { date: day.date, count: day.count, month, monthOffset });
    dayStart.set(day.date, y);
    rows.push({ kind: 'header', key: `h:${day.date}`, date: day.date, count: day.count, start: y, size: geometry.headerHeight });
    y += geometry.headerHeight;
    const tileRows = Math.ceil(day.count / columns);
    for (let r = 0; r < tileRows; r++) {
      const first = r * columns;
      rows.push({
        kind: 'tiles',
        key: `t:${day.date}:${r}`,
        date: day.date,
        row: r,
        first,
        length: Math.min(columns, day.count - first),
        start: y,
        size: geometry.rowHeight,
      });
      y += geometry.rowHeight;
    }
  }
  return { rows, totalSize: y, dayStart, days: placements };
}

/** The first and last day of a month YYYY-MM, as the range query's from and to. */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

export interface TileLocation {
  month: string;
  /** 1-based page of the month's range. */
  page: number;
  /** Index within that page. */
  index: number;
}

/** The page (of `pageSize`) of its month's range that holds the `indexInDay`-th item of a day. */
export function locateTile(day: DayPlacement, indexInDay: number, pageSize: number): TileLocation {
  const offset = day.monthOffset + indexInDay;
  return { month: day.month, page: Math.floor(offset / pageSize) + 1, index: offset % pageSize };
}

/** The pages a row of tiles needs (one, or two when it straddles a page boundary). */
export function pagesOfRow(day: DayPlacement, row: { first: number; length: number }, pageSize: number): TileLocation[] {
  const a = locateTile(day, row.first, pageSize);
  const b = locateTile(day, row.first + row.length - 1, pageSize);
  return a.page === b.page ? [a] : [a, b];
}

/** The day shown at a scroll position and how far into it, to keep it in place when rows change. */
export interface ScrollAnchor {
  date: string;
  offset: number;
}

export function anchorAt(timeline: Timeline, scrollTop: number): ScrollAnchor | null {
  const rows = timeline.rows;
  if (!rows.length) return null;
  // Binary search the last row starting at or above scrollTop.
  let lo = 0;
  let hi = rows.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (rows[mid].start <= scrollTop) lo = mid;
    else hi = mid - 1;
  }
  const date = rows[lo].date;
  return { date, offset: scrollTop - (timeline.dayStart.get(date) ?? 0) };
}

/**
 * The scroll position that keeps the anchored day where it was after the timeline changed (new
 * images arrived on a newer day, or the layout changed). Null when the day is gone.
 */
export function restoreAnchor(timeline: Timeline, anchor: ScrollAnchor): number | null {
  const start = timeline.dayStart.get(anchor.date);
  return start === undefined ? null : Math.max(0, start + anchor.offset);
}
