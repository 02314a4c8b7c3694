import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, initialsOf, titleCase } from './format';

describe('formatDateTime', () => {
  it('shows the shared date with the time of day', () => {
    const local = new Date(2026, 10, 21, 15, 4);
    expect(formatDateTime(local)).toBe('Nov 21, 2026, 3:04 PM');
    expect(formatDateTime(null)).toBe('—');
  });
});

describe('formatDate', () => {
  it('shows en-US short month, day and year', () => {
    expect(formatDate('2026-11-21T12:00:00.000Z')).toBe('Nov 21, 2026');
  });
  it('shows a dash for a missing or invalid date', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });
});

describe('initialsOf', () => {
  it('takes the first and last initial', () => {
    expect(initialsOf('Ada Maria Lovelace')).toBe('AL');
    expect(initialsOf('le corbusier')).toBe('LC');
  });
  it('takes one letter for a single name and nothing for an empty one', () => {
    expect(initialsOf('Alvar')).toBe('A');
    expect(initialsOf('   ')).toBe('');
    expect(initialsOf(null)).toBe('');
  });
});

describe('titleCase', () => {
  it('turns constants into labels', () => {
    expect(titleCase('EXPLORER')).toBe('Explorer');
  });
});
