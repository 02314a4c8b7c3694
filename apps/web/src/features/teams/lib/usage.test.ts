import { describe, expect, it } from 'vitest';
import { creditsByDay, creditsByMemberAndModule, lastActiveLabel, moduleLabel, thisMonth } from './usage';

const row = (day: string, userId: number, module: string, credits: number) => ({ day, userId, fullName: `U${userId}`, module, credits });

describe('the usage report', () => {
  it('defaults to this month, in UTC', () => {
    expect(thisMonth(new Date('2026-11-27T23:30:00Z'))).toEqual({ from: '2026-11-01', to: '2026-11-27' });
  });

  it('sums credits per day, oldest first, and per member and module', () => {
    const rows = [row('2026-11-21', 1, 'refine', 5), row('2026-11-20', 1, 'generation', 10), row('2026-11-20', 2, 'generation', 3), row('2026-11-21', 1, 'refine', -1)];
    expect(creditsByDay(rows)).toEqual([
      { day: '2026-11-20', credits: 13 },
      { day: '2026-11-21', credits: 4 },
    ]);
    const cells = creditsByMemberAndModule(rows);
    expect(cells.get(1)?.get('refine')).toBe(4);
    expect(cells.get(1)?.get('generation')).toBe(10);
    expect(cells.get(2)?.get('refine')).toBeUndefined();
  });

  it('names modules as the header does', () => {
    expect(['generation', 'tweak', 'refine', 'masks', 'other'].map(moduleLabel)).toEqual(['Create', 'Tweak', 'Upscale', 'Regions', 'Other']);
  });

  it('says when a member was last active', () => {
    const now = new Date('2026-11-27T09:00:00Z');
    expect(lastActiveLabel(null, now)).toBe('Never');
    expect(lastActiveLabel('2026-11-27T01:00:00Z', now)).toBe('Today');
    expect(lastActiveLabel('2026-11-26T23:00:00Z', now)).toBe('Yesterday');
    expect(lastActiveLabel('2026-11-20T12:00:00Z', now)).toBe('7 days ago');
  });
});
