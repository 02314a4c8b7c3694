import type { CreditPack } from '@atelier/contract';

/** The pack with the lowest price per credit. */
export function bestValuePack(packs: CreditPack[]): CreditPack | undefined {
  return packs.reduce<CreditPack | undefined>((best, p) => (!best || p.price / p.credits < best.price / best.credits ? p : best), undefined);
}

/** '€0.40' — per-credit prices are the one place cents are shown. */
export function pricePerCredit(pack: CreditPack): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    pack.price / pack.credits / 100,
  );
}
