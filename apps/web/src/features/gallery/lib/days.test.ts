import { describe, expect, it } from 'vitest';
import { dayHeading, dayKeyOf, groupByDay, isCompletedImage } from './days';

describe('client day grouping', () => {
  it('puts an instant on its local day: just before and after midnight', () => {
    // New York is UTC-4 in mid-March 2025.
    expect(dayKeyOf('2025-03-15T03:59:59Z', 'America/New_York')).toBe('2025-03-14');
    expect(dayKeyOf('2025-03-15T04:00:00Z', 'America/New_York')).toBe('2025-03-15');
    expect(dayKeyOf('2025-03-14T23:30:00Z', 'UTC')).toBe('2025-03-14');
    expect(dayKeyOf('2025-03-14T23:30:00Z', 'Asia/Tokyo')).toBe('2025-03-15');
    // A 45-minute offset (Kathmandu, UTC+5:45).
    expect(dayKeyOf('2025-01-10T18:14:59Z', 'Asia/Kathmandu')).toBe('2025-01-10');
    expect(dayKeyOf('2025-01-10T18:15:00Z', 'Asia/Kathmandu')).toBe('2025-01-11');
  });

  it('follows daylight saving changes (New York, 9 March 2025)', () => {
    // Before the change midnight is 05:00 UTC, after it 04:00 UTC.
    expect(dayKeyOf('2025-03-09T04:59:00Z', 'America/New_York')).toBe('2025-03-08');
    expect(dayKeyOf('2025-03-09T05:00:00Z', 'America/New_York')).toBe('2025-03-09');
    expect(dayKeyOf('2025-03-10T03:59:00Z', 'America/New_York')).toBe('2025-03-09');
    expect(dayKeyOf('2025-03-10T04:00:00Z', 'America/New_York')).toBe('2025-03-10');
  });

  it('groups a newest-first list by day in the given zone, newest day first, order kept', () => {
    const items = [
      { id: 4, at: '2025-03-15T04:00:00Z' },
      { id: 3, at: '2025-03-15T03:59:59Z' },
      { id: 2, at: '2025-03-15T00:30:00Z' },
      { id: 1, at: '2025-03-14T23:30:00Z' },
    ];
    expect(groupByDay(items, 'America/New_York', (i) => i.at).map((g) => [g.date, g.items.map((i) => i.id)])).toEqual([
      ['2025-03-15', [4]],
      ['2025-03-14', [3, 2, 1]],
    ]);
    expect(groupByDay(items, 'UTC', (i) => i.at).map((g) => [g.date, g.items.map((i) => i.id)])).toEqual([
      ['2025-03-15', [4, 3, 2]],
      ['2025-03-14', [1]],
    ]);
    expect(groupByDay(items, 'Asia/Tokyo', (i) => i.at).map((g) => g.items.length)).toEqual([4]);
  });

  it('sorts days newest first even when the input is not', () => {
    const groups = groupByDay(['2025-01-01T10:00:00Z', '2025-02-01T10:00:00Z', '2025-01-15T10:00:00Z'], 'UTC', (s) => s);
    expect(groups.map((g) => g.date)).toEqual(['2025-02-01', '2025-01-15', '2025-01-01']);
  });

  it('names today and yesterday in the zone, else the weekday and date', () => {
    const now = new Date('2025-03-15T03:00:00Z'); // still the 14th in New York
    expect(dayHeading('2025-03-14', 'America/New_York', now)).toBe('Today');
    expect(dayHeading('2025-03-13', 'America/New_York', now)).toBe('Yesterday');
    expect(dayHeading('2025-03-15', 'UTC', now)).toBe('Today');
    expect(dayHeading('2025-03-10', 'UTC', now)).toBe('Monday, March 10');
    expect(dayHeading('2024-12-31', 'UTC', now)).toBe('Tuesday, December 31, 2024');
  });

  it('counts an image without a status as completed', () => {
    expect(isCompletedImage({})).toBe(true);
    expect(isCompletedImage({ status: null })).toBe(true);
    expect(isCompletedImage({ status: 'COMPLETED' })).toBe(true);
    expect(isCompletedImage({ status: 'PROCESSING' })).toBe(false);
    expect(isCompletedImage({ status: 'FAILED' })).toBe(false);
  });
});
