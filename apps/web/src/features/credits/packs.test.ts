import type { CreditPack } from '@atelier/contract';
import { describe, expect, it } from 'vitest';
import { bestValuePack, pricePerCredit } from './packs';

const packs: CreditPack[] = [
  { id: 'PACK_50', credits: 50, price: 2000, currency: 'EUR' },
  { id: 'PACK_100', credits: 100, price: 3000, currency: 'EUR' },
  { id: 'PACK_300', credits: 300, price: 5000, currency: 'EUR' },
];

describe('credit packs', () => {
  it('marks the cheapest per credit as the best value', () => {
    expect(bestValuePack(packs)?.id).toBe('PACK_300');
    expect(bestValuePack([])).toBeUndefined();
  });

  it('shows the price per credit in euros and cents', () => {
    expect(packs.map(pricePerCredit)).toEqual(['€0.40', '€0.30', '€0.17']);
  });
});
