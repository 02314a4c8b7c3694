import { describe, expect, it } from 'vitest';
import { formatEuros, priceDisplay } from './pricing';

describe('plan prices', () => {
  it('shows cents as whole euros', () => {
    expect(formatEuros(4900)).toBe('€49');
    expect(formatEuros(1425)).toBe('€14');
    expect(formatEuros(95000)).toBe('€950');
    expect(formatEuros(123456700)).toBe('€1,234,567');
  });

  it('shows a monthly price per month with the monthly credits', () => {
    expect(priceDisplay({ prices: { monthly: 4900, yearly: 47000 }, credits: 150 }, 'MONTHLY')).toEqual({
      amount: '€49',
      period: '/Month',
      monthlyEquivalent: null,
      note: null,
      credits: 150,
      creditsPeriod: 'month',
    });
  });

  it('shows a yearly price per year, its monthly equivalent, Billed yearly and the credits of a year', () => {
    expect(priceDisplay({ prices: { monthly: 4900, yearly: 47000 }, credits: 150 }, 'YEARLY')).toEqual({
      amount: '€470',
      period: '/Year',
      monthlyEquivalent: '€39',
      note: 'Billed yearly',
      credits: 1800,
      creditsPeriod: 'year',
    });
  });
});
