import { describe, expect, it } from 'vitest';
import { anchorAt, buildTimeline, locateTile, monthRange, pagesOfRow, restoreAnchor } from './timeline';

const geometry = { columns: 4, rowHeight: 100, headerHeight: 50 };

describe('gallery timeline', () => {
  it('lays out a header and ceil(count / columns) rows per day, with exact offsets', () => {
    const t = buildTimeline(
      [
        { date: '2025-03-15', count: 5 },
        { date: '2025-03-14', count: 4 },
      ],
      geometry,
    );
    expect(t.rows.map((r) => [r.kind, r.start])).toEqual([
      ['header', 0],
      ['tiles', 50],
      ['tiles', 150],
      ['header', 250],
      ['tiles', 300],
    ]);
    expect(t.rows[2]).toMatchObject({ first: 4, length: 1 });
    expect(t.totalSize).toBe(400);
    expect(t.dayStart.get('2025-03-14')).toBe(250);
  });

  it('knows the whole height of 5,000 images without any of them', () => {
    const days = Array.from({ length: 100 }, (_, i) => ({ date: `2025-01-${String((i % 28) + 1).padStart(2, '0')}-${i}`, count: 50 }));
    const t = buildTimeline(days, geometry);
    expect(t.rows).toHaveLength(100 + 100 * 13);
    expect(t.totalSize).toBe(100 * 50 + 1300 * 100);
  });

  it('maps a tile to its page of the month range, counting newer days of the month first', () => {
    const t = buildTimeline(
      [
        { date: '2025-04-01', count: 3 },
        { date: '2025-03-31', count: 70 },
        { date: '2025-03-30', count: 60 },
      ],
      geometry,
    );
    const mar30 = t.days.get('2025-03-30')!;
    expect(mar30).toMatchObject({ month: '2025-03', monthOffset: 70 });
    expect(locateTile(t.days.get('2025-04-01')!, 0, 100)).toEqual({ month: '2025-04', page: 1, index: 0 });
    expect(locateTile(mar30, 0, 100)).toEqual({ month: '2025-03', page: 1, index: 70 });
    expect(locateTile(mar30, 30, 100)).toEqual({ month: '2025-03', page: 2, index: 0 });
    // A row of mar30 spanning offsets 98..101 needs pages 1 and 2.
    expect(pagesOfRow(mar30, { first: 28, length: 4 }, 100).map((l) => l.page)).toEqual([1, 2]);
    expect(pagesOfRow(mar30, { first: 0, length: 4 }, 100).map((l) => l.page)).toEqual([1]);
  });

  it('gives month ranges with the right last day', () => {
    expect(monthRange('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthRange('2025-02')).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    expect(monthRange('2025-12')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('keeps the visible day in place when a newer day arrives above it', () => {
    const before = buildTimeline(
      [
        { date: '2025-03-14', count: 8 },
        { date: '2025-03-13', count: 8 },
      ],
      geometry,
    );
    // Scrolled 30 px into 13 March.
    const anchor = anchorAt(before, before.dayStart.get('2025-03-13')! + 30)!;
    expect(anchor).toEqual({ date: '2025-03-13', offset: 30 });
    const after = buildTimeline(
      [
        { date: '2025-03-15', count: 3 },
        { date: '2025-03-14', count: 8 },
        { date: '2025-03-13', count: 8 },
      ],
      geometry,
    );
    expect(restoreAnchor(after, anchor)).toBe(after.dayStart.get('2025-03-13')! + 30);
    expect(restoreAnchor(after, anchor)! - (before.dayStart.get('2025-03-13')! + 30)).toBe(150);
    expect(restoreAnchor(after, { date: '2020-01-01', offset: 0 })).toBeNull();
  });
});
