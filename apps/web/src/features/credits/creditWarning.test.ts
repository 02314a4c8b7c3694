import { describe, expect, it } from 'vitest';
import { decideCreditWarning, lowCreditMessage } from './creditWarning';

describe('decideCreditWarning', () => {
  it('warns that credits ran out when the balance falls to zero', () => {
    expect(decideCreditWarning(5, 0)).toEqual({ kind: 'depleted' });
    expect(decideCreditWarning(100, 0)).toEqual({ kind: 'depleted' });
  });

  it('warns about a low balance when it falls to 10 or fewer but above zero', () => {
    expect(decideCreditWarning(12, 10)).toEqual({ kind: 'low', credits: 10 });
    expect(decideCreditWarning(10, 1)).toEqual({ kind: 'low', credits: 1 });
  });

  it('stays quiet above 10 credits', () => {
    expect(decideCreditWarning(50, 11)).toBeNull();
  });

  it('stays quiet when the balance rises or does not change', () => {
    expect(decideCreditWarning(0, 5)).toBeNull();
    expect(decideCreditWarning(5, 5)).toBeNull();
    expect(decideCreditWarning(0, 0)).toBeNull();
  });

  it('stays quiet for the first value seen (start-up, sign-in)', () => {
    expect(decideCreditWarning(null, 0)).toBeNull();
    expect(decideCreditWarning(null, 3)).toBeNull();
  });
});

describe('lowCreditMessage', () => {
  it('reads as the spec says', () => {
    expect(lowCreditMessage(7)).toBe('You have 7 credits remaining. Consider upgrading your plan soon.');
  });
});
