import { describe, expect, it } from 'vitest';
import { formatEuros, priceDisplay } from './pricing';

describe('plan prices', () => {
  it('shows whole euros only where the amount is whole, else its cents', () => {
    expect(formatEuros(4900)).toBe('€49');
    expect(formatEuros(1425)).toBe('€14.25');
    expect(formatEuros(95000)).toBe('€950');
    expect(formatEuros(123456700)).toBe('€1,234,567');
    expect(formatEuros(123456789)).toBe('€1,234,567.89');
  });

  it('rounds a monthly equivalent to the cent, never down to whole euros: €182/Year is €15.17/month', () => {
    expect(priceDisplay({ prices: { monthly: 1900, yearly: 18200 }, credits: 50 }, 'YEARLY').monthlyEquivalent).toBe('€15.17');
    expect(priceDisplay({ prices: { monthly: 9900, yearly: 95000 }, credits: 1000 }, 'YEARLY').monthlyEquivalent).toBe('€79.17');
    expect(priceDisplay({ prices: { monthly: 1000, yearly: 12000 }, credits: 50 }, 'YEARLY').monthlyEquivalent).toBe('€10');
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
      monthlyEquivalent: '€39.17',
      note: 'Billed yearly',
      credits: 1800,
      creditsPeriod: 'year',
    });
  });
});
