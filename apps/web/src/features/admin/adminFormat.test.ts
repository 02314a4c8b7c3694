import { describe, expect, it } from 'vitest';
import { auditActionLabel, formatAge, signedCredits } from './adminFormat';

describe('formatAge', () => {
  it.each([
    [0, 'just now'],
    [4.9, 'just now'],
    [45, '45 s'],
    [60, '1 min'],
    [12 * 60 + 59, '12 min'],
    [3600, '1 h'],
    [3 * 3600 + 5 * 60, '3 h 5 min'],
    [2 * 86400 + 4 * 3600, '2 d 4 h'],
    [86400, '1 d'],
    [-3, 'just now'],
  ])('%s seconds reads %s', (s, text) => {
    expect(formatAge(s)).toBe(text);
  });
});

describe('audit labels and signed credits', () => {
  it('names known actions and shows unknown ones as they are', () => {
    expect(auditActionLabel('user.suspend')).toBe('Suspended');
    expect(auditActionLabel('something.new')).toBe('something.new');
  });
  it('signs credits with a real minus', () => {
    expect(signedCredits(15)).toBe('+15');
    expect(signedCredits(-25)).toBe('−25');
    expect(signedCredits(0)).toBe('0');
  });
});
