import { describe, expect, it } from 'vitest';
import { creditsRing } from './creditsRing';

describe('creditsRing', () => {
  it('measures remaining credits against the subscription allowance', () => {
    expect(creditsRing(75, 150)).toEqual({ percent: 50, total: 150, tone: 'green' });
  });

  it('falls back to 100 when the subscription has no allowance', () => {
    expect(creditsRing(30, 0)).toMatchObject({ percent: 30, total: 100 });
    expect(creditsRing(30, null)).toMatchObject({ percent: 30, total: 100 });
    expect(creditsRing(30, undefined)).toMatchObject({ percent: 30, total: 100 });
  });

  it('clamps the percentage to 0–100', () => {
    expect(creditsRing(1200, 1000).percent).toBe(100);
    expect(creditsRing(-5, 50).percent).toBe(0);
  });

  it('turns red below 20 percent and stays green from 20 percent', () => {
    expect(creditsRing(19, 100).tone).toBe('red');
    expect(creditsRing(9, 50).tone).toBe('red');
    expect(creditsRing(0, 50).tone).toBe('red');
    expect(creditsRing(20, 100).tone).toBe('green');
    expect(creditsRing(10, 50).tone).toBe('green');
  });
});
