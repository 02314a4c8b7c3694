import { describe, expect, it } from 'vitest';
import { addMonths, currentSliceStart, monthKey, nextSliceStart, periodEndFrom } from './periods.js';

const d = (s: string) => new Date(s);

describe('billing periods', () => {
  it('adds months with the day clamped to the month, from the anchor', () => {
    const anchor = d('2025-01-31T10:00:00Z');
    expect(addMonths(anchor, 1).toISOString()).toBe('2025-02-28T10:00:00.000Z');
    expect(addMonths(anchor, 2).toISOString()).toBe('2025-03-31T10:00:00.000Z');
    expect(addMonths(d('2024-01-31T00:00:00Z'), 1).toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(addMonths(d('2025-11-15T00:00:00Z'), 3).toISOString()).toBe('2026-02-15T00:00:00.000Z');
    expect(periodEndFrom(d('2025-03-05T00:00:00Z'), 'YEARLY').toISOString()).toBe('2026-03-05T00:00:00.000Z');
  });

  it('finds the monthly slice of a yearly period that now falls in', () => {
    const start = d('2025-01-31T10:00:00Z');
    const end = periodEndFrom(start, 'YEARLY');
    expect(currentSliceStart(start, end, d('2025-01-31T10:00:00Z'))).toEqual(start);
    expect(currentSliceStart(start, end, d('2025-02-27T00:00:00Z'))).toEqual(start);
    expect(currentSliceStart(start, end, d('2025-02-28T10:00:00Z')).toISOString()).toBe('2025-02-28T10:00:00.000Z');
    expect(currentSliceStart(start, end, d('2025-12-31T12:00:00Z')).toISOString()).toBe('2025-12-31T10:00:00.000Z');
    // At or after the end: the last slice; before the start: the start.
    expect(currentSliceStart(start, end, d('2027-01-01T00:00:00Z')).toISOString()).toBe('2025-12-31T10:00:00.000Z');
    expect(currentSliceStart(start, end, d('2024-01-01T00:00:00Z'))).toEqual(start);
  });

  it('has one slice in a monthly period', () => {
    const start = d('2025-05-10T00:00:00Z');
    const end = periodEndFrom(start, 'MONTHLY');
    expect(currentSliceStart(start, end, d('2025-06-09T23:00:00Z'))).toEqual(start);
    expect(nextSliceStart(start, end, start)).toBeNull();
  });

  it('gives the next slice of a yearly period, none after the twelfth', () => {
    const start = d('2025-05-10T00:00:00Z');
    const end = periodEndFrom(start, 'YEARLY');
    expect(nextSliceStart(start, end, start)?.toISOString()).toBe('2025-06-10T00:00:00.000Z');
    expect(nextSliceStart(start, end, d('2026-04-10T00:00:00Z'))).toBeNull();
    expect(monthKey(d('2025-06-10T00:00:00Z'))).toBe('2025-06');
  });
});
