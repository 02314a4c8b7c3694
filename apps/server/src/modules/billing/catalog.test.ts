import { describe, expect, it } from 'vitest';
import { BILLING_MESSAGES, PAID_PLAN_TYPES, PLAN_ALLOWANCE } from '@atelier/contract';
import { getCatalog, parseCatalog } from './catalog.js';

const euros = (cents: number) => cents / 100;

describe('plan catalog', () => {
  const catalog = getCatalog();

  it('has the default monthly prices and allowances', () => {
    expect(catalog.plans.map((p) => [p.planType, p.prices.regular.monthly, p.creditsPerMonth])).toEqual([
      ['STARTER', 1900, 50],
      ['EXPLORER', 4900, 150],
      ['PRO', 9900, 1000],
    ]);
    for (const t of PAID_PLAN_TYPES) expect(catalog.allowance(t)).toBe(PLAN_ALLOWANCE[t]);
  });

  it('prices a year at 12 × monthly × 0.8, in whole euros', () => {
    for (const p of catalog.plans) {
      expect(euros(p.prices.regular.yearly)).toBe(Math.round(euros(p.prices.regular.monthly) * 12 * 0.8));
    }
  });

  it('prices educational plans 25% below regular, in whole euros', () => {
    for (const p of catalog.plans) {
      expect(euros(p.prices.educational.monthly)).toBe(Math.round(euros(p.prices.regular.monthly) * 0.75));
      expect(euros(p.prices.educational.yearly)).toBe(Math.round(euros(p.prices.regular.yearly) * 0.75));
      expect(p.prices.educational.monthly % 100).toBe(0);
    }
  });

  it('sells the top-up packs 50 for €20, 100 for €39, 300 for €114', () => {
    expect(catalog.packs.map((p) => [p.id, p.credits, p.price])).toEqual([
      ['PACK_50', 50, 2000],
      ['PACK_100', 100, 3900],
      ['PACK_300', 300, 11400],
    ]);
  });

  it('never sells a pack cheaper per credit than a regular plan costs a month per credit', () => {
    for (const pack of catalog.packs) {
      for (const plan of catalog.plans) {
        expect(pack.price / pack.credits).toBeGreaterThanOrEqual(plan.prices.regular.monthly / plan.creditsPerMonth);
      }
    }
  });

  it('refuses a catalog whose pack undercuts a plan per credit, naming the pack and the plan', () => {
    const bad = { currency: 'EUR', plans: catalog.plans, teamPlans: catalog.teamPlans, packs: catalog.packs.map((p) => (p.id === 'PACK_300' ? { ...p, price: 5000 } : p)) };
    expect(() => parseCatalog(bad)).toThrow(
      'credit pack PACK_300 (300 credits for €50.00, €0.17 a credit) is cheaper per credit than the STARTER plan (€19.00 a month for 50 credits, €0.38 a credit)',
    );
    expect(() => parseCatalog(bad)).toThrow(/PACK_300 .* EXPLORER plan/);
    // Exactly the plan's price per credit is allowed.
    expect(() => parseCatalog({ ...bad, packs: catalog.packs.map((p) => (p.id === 'PACK_300' ? { ...p, price: 11400 } : p)) })).not.toThrow();
  });

  it('maps every plan, cycle and audience to a lookup key and back', () => {
    const keys = new Set<string>();
    for (const planType of PAID_PLAN_TYPES) {
      for (const billingCycle of ['MONTHLY', 'YEARLY'] as const) {
        for (const isEducational of [false, true]) {
          const ref = { planType, billingCycle, isEducational };
          const key = catalog.planLookupKey(ref);
          keys.add(key);
          expect(catalog.planFromLookupKey(key)).toEqual(ref);
        }
      }
    }
    expect(keys.size).toBe(12);
    expect(catalog.planLookupKey({ planType: 'EXPLORER', billingCycle: 'YEARLY', isEducational: true })).toBe('atelier_explorer_yearly_edu');
    expect(catalog.packLookupKey('PACK_100')).toBe('atelier_credits_100');
    expect(catalog.packFromLookupKey('atelier_credits_300')).toBe('PACK_300');
    expect(catalog.planFromLookupKey('someone_elses_price')).toBeNull();
  });

  it('maps every studio plan and cycle to its per-seat lookup key and back, apart from the personal keys', () => {
    for (const planType of PAID_PLAN_TYPES) {
      for (const billingCycle of ['MONTHLY', 'YEARLY'] as const) {
        const ref = { planType, billingCycle, isEducational: false, team: true };
        const key = catalog.planLookupKey(ref);
        expect(key).toBe(`atelier_team_${planType.toLowerCase()}_${billingCycle.toLowerCase()}`);
        expect(catalog.planFromLookupKey(key)).toEqual(ref);
      }
    }
    expect(catalog.planFromLookupKey('atelier_pro_monthly')).toEqual({ planType: 'PRO', billingCycle: 'MONTHLY', isEducational: false });
  });

  it('prices studio seats like the personal plans, a year at 12 × monthly × 0.8, and grants credits per seat × seats', () => {
    expect(catalog.teamPlans.map((p) => [p.planType, p.name, p.creditsPerSeat, p.pricesPerSeat.monthly, p.pricesPerSeat.yearly])).toEqual([
      ['STARTER', 'Studio Starter', 50, 1900, 18200],
      ['EXPLORER', 'Studio Explorer', 150, 4900, 47000],
      ['PRO', 'Studio Pro', 1000, 9900, 95000],
    ]);
    for (const p of catalog.teamPlans) {
      expect(euros(p.pricesPerSeat.yearly)).toBe(Math.round(euros(p.pricesPerSeat.monthly) * 12 * 0.8));
    }
    expect(catalog.price({ planType: 'EXPLORER', billingCycle: 'YEARLY', isEducational: false, team: true })).toBe(47000);
    expect(catalog.allowance('EXPLORER', 7)).toBe(1050);
    expect(catalog.allowance('EXPLORER')).toBe(150);
    expect(catalog.planName('PRO', 3)).toBe('Studio Pro');
    expect(catalog.planName('PRO')).toBe('Pro Plan');
  });

  it('refuses a catalog whose studio plans miss a tier, break the yearly rule, or are undercut by a pack', () => {
    const good = { currency: 'EUR', plans: catalog.plans, teamPlans: catalog.teamPlans, packs: catalog.packs };
    expect(() => parseCatalog({ ...good, teamPlans: catalog.teamPlans.slice(1) })).toThrow(/exactly once among the studio plans/);
    expect(() => parseCatalog({ ...good, teamPlans: undefined })).toThrow(/teamPlans/);
    const yearly = catalog.teamPlans.map((p) => (p.planType === 'PRO' ? { ...p, pricesPerSeat: { monthly: 9900, yearly: 99000 } } : p));
    expect(() => parseCatalog({ ...good, teamPlans: yearly })).toThrow(
      'studio plan PRO costs €990.00 a seat a year; 12 × €99.00 × 0.8 in whole euros is €950.00',
    );
    const cheapSeat = catalog.teamPlans.map((p) => (p.planType === 'STARTER' ? { ...p, pricesPerSeat: { monthly: 2500, yearly: 24000 } } : p));
    expect(() => parseCatalog({ ...good, teamPlans: cheapSeat })).toThrow(/credit pack PACK_50 .* cheaper per credit than the STARTER studio plan \(per seat\)/);
  });

  it('lists the feature lines of the plan cards, and the credit claim on educational ones', () => {
    const regular = catalog.pricingPlans(false);
    expect(regular[0]).toMatchObject({ planType: 'STARTER', name: 'Starter Plan', credits: 50, currency: 'EUR', isEducational: false });
    expect(regular[0].features).toEqual([BILLING_MESSAGES.sharedCompute, BILLING_MESSAGES.accessAllFeatures]);
    const edu = catalog.pricingPlans(true);
    expect(edu.map((p) => p.features[0])).toEqual(['50 credits per month', '150 credits per month', '1,000 credits per month']);
    expect(edu[1].prices).toEqual({ monthly: 3700, yearly: 35300 });
  });

  it('refuses a catalog file that misses a plan or has a bad price', () => {
    const good = { currency: 'EUR', plans: catalog.plans, teamPlans: catalog.teamPlans, packs: catalog.packs };
    expect(() => parseCatalog({ ...good, plans: catalog.plans.slice(1) })).toThrow(/exactly once/);
    expect(() =>
      parseCatalog({ ...good, plans: [{ ...catalog.plans[0], prices: { ...catalog.plans[0].prices, regular: { monthly: -1, yearly: 1 } } }, ...catalog.plans.slice(1)] }),
    ).toThrow();
  });
});
