import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  BILLING_MESSAGES,
  CREDIT_PACK_IDS,
  PAID_PLAN_TYPES,
  type BillingCycle,
  type CreditPack,
  type CreditPackId,
  type PaidPlanType,
  type PricingPlan,
  type TeamPricingPlan,
} from '@atelier/contract';

/**
 * The plan and top-up catalog, read once from plans.catalog.json (the one place prices live).
 * Stripe prices are found by lookup key, never by id:
 *   plans  atelier_<plan>_<monthly|yearly>[_edu]   e.g. atelier_explorer_yearly_edu
 *   studio atelier_team_<plan>_<monthly|yearly>    e.g. atelier_team_pro_monthly (per seat; quantity = seats)
 *   packs  atelier_credits_<credits>               e.g. atelier_credits_100
 */

const cents = z.number().int().positive();
const pricesSchema = z.object({ monthly: cents, yearly: cents });

const catalogFileSchema = z.object({
  currency: z.literal('EUR'),
  plans: z
    .array(
      z.object({
        planType: z.enum(PAID_PLAN_TYPES),
        name: z.string().min(1),
        description: z.string(),
        creditsPerMonth: z.number().int().positive(),
        prices: z.object({ regular: pricesSchema, educational: pricesSchema }),
      }),
    )
    .refine((plans) => PAID_PLAN_TYPES.every((t) => plans.filter((p) => p.planType === t).length === 1), {
      message: 'every paid plan type must appear exactly once',
    }),
  teamPlans: z
    .array(
      z.object({
        planType: z.enum(PAID_PLAN_TYPES),
        name: z.string().min(1),
        description: z.string(),
        creditsPerSeat: z.number().int().positive(),
        pricesPerSeat: pricesSchema,
      }),
    )
    .refine((plans) => PAID_PLAN_TYPES.every((t) => plans.filter((p) => p.planType === t).length === 1), {
      message: 'every paid plan type must appear exactly once among the studio plans',
    }),
  packs: z
    .array(z.object({ id: z.enum(CREDIT_PACK_IDS), credits: z.number().int().positive(), price: cents }))
    .refine((packs) => CREDIT_PACK_IDS.every((id) => packs.filter((p) => p.id === id).length === 1), {
      message: 'every pack id must appear exactly once',
    }),
})
  .superRefine((file, ctx) => {
    for (const problem of packsBelowPlanPrice(file)) ctx.addIssue({ code: 'custom', path: ['packs'], message: problem });
    for (const problem of teamYearlyPriceProblems(file.teamPlans)) ctx.addIssue({ code: 'custom', path: ['teamPlans'], message: problem });
  });

/** A studio plan's yearly seat price is 12 × its monthly seat price × 0.8, in whole euros. */
function teamYearlyPriceProblems(plans: Array<{ planType: string; pricesPerSeat: { monthly: number; yearly: number } }>): string[] {
  return plans.flatMap((p) => {
    const want = Math.round((p.pricesPerSeat.monthly * 12 * 0.8) / 100) * 100;
    return p.pricesPerSeat.yearly === want
      ? []
      : [`studio plan ${p.planType} costs ${euro(p.pricesPerSeat.yearly)} a seat a year; 12 × ${euro(p.pricesPerSeat.monthly)} × 0.8 in whole euros is ${euro(want)}`];
  });
}

const euro = (cents: number) => `€${(cents / 100).toFixed(2)}`;

/**
 * A top-up pack may never be cheaper per credit than a regular plan's monthly price per credit
 * (issue 28 item 13): otherwise buying packs beats subscribing. One message per pack and plan
 * that break it, naming both. Compared in whole numbers: price × allowance ≥ monthly × credits.
 */
function packsBelowPlanPrice(file: {
  plans: Array<{ planType: string; creditsPerMonth: number; prices: { regular: { monthly: number } } }>;
  teamPlans: Array<{ planType: string; creditsPerSeat: number; pricesPerSeat: { monthly: number } }>;
  packs: Array<{ id: string; credits: number; price: number }>;
}): string[] {
  const problems: string[] = [];
  // A studio seat is a plan too: packs may not undercut its price per credit either.
  const all = [
    ...file.plans.map((p) => ({ label: `${p.planType} plan`, creditsPerMonth: p.creditsPerMonth, monthly: p.prices.regular.monthly })),
    ...file.teamPlans.map((p) => ({ label: `${p.planType} studio plan (per seat)`, creditsPerMonth: p.creditsPerSeat, monthly: p.pricesPerSeat.monthly })),
  ];
  for (const pack of file.packs) {
    for (const plan of all) {
      const monthly = plan.monthly;
      if (pack.price * plan.creditsPerMonth < monthly * pack.credits) {
        problems.push(
          `credit pack ${pack.id} (${pack.credits} credits for ${euro(pack.price)}, ${euro(pack.price / pack.credits)} a credit) is cheaper per credit than the ${plan.label} (${euro(monthly)} a month for ${plan.creditsPerMonth} credits, ${euro(monthly / plan.creditsPerMonth)} a credit)`,
        );
      }
    }
  }
  return problems;
}

export type CatalogFile = z.infer<typeof catalogFileSchema>;
export type CatalogPlan = CatalogFile['plans'][number];
export type CatalogTeamPlan = CatalogFile['teamPlans'][number];

export interface PlanPriceRef {
  planType: PaidPlanType;
  billingCycle: BillingCycle;
  isEducational: boolean;
  /** A studio plan (priced per seat); absent or false for a personal plan. */
  team?: boolean;
}

export interface Catalog {
  plans: CatalogPlan[];
  packs: CreditPack[];
  teamPlans: CatalogTeamPlan[];
  plan(planType: PaidPlanType): CatalogPlan;
  teamPlan(planType: PaidPlanType): CatalogTeamPlan;
  pack(id: CreditPackId): CreditPack;
  /** Cents for a plan, cycle and audience; a studio plan's price is per seat. */
  price(ref: PlanPriceRef): number;
  /** Credits a month: the personal plan's, or a studio plan's credits per seat × seats. */
  allowance(planType: PaidPlanType, seats?: number | null): number;
  /** 'Explorer Plan', or 'Studio Explorer' with seats. */
  planName(planType: PaidPlanType, seats?: number | null): string;
  planLookupKey(ref: PlanPriceRef): string;
  packLookupKey(id: CreditPackId): string;
  /** The plan a Stripe price's lookup key stands for, or null for a key that is not ours. */
  planFromLookupKey(key: string | null | undefined): PlanPriceRef | null;
  packFromLookupKey(key: string | null | undefined): CreditPackId | null;
  /** The pricing response's plans, in rank order. */
  pricingPlans(isEducational: boolean): PricingPlan[];
  /** The studio plans of the pricing response (team workspace), in rank order. */
  pricingTeamPlans(): TeamPricingPlan[];
}

const DATA_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'plans.catalog.json');

export function parseCatalog(raw: unknown): Catalog {
  const data = catalogFileSchema.parse(raw);
  const order = (t: PaidPlanType) => PAID_PLAN_TYPES.indexOf(t);
  const plans = [...data.plans].sort((a, b) => order(a.planType) - order(b.planType));
  const packs: CreditPack[] = [...data.packs]
    .sort((a, b) => a.credits - b.credits)
    .map((p) => ({ ...p, currency: 'EUR' as const }));
  const teamPlans = [...data.teamPlans].sort((a, b) => order(a.planType) - order(b.planType));
  const byType = new Map(plans.map((p) => [p.planType, p]));
  const teamByType = new Map(teamPlans.map((p) => [p.planType, p]));
  const byPack = new Map(packs.map((p) => [p.id, p]));

  const planLookupKey = (ref: PlanPriceRef) =>
    ref.team
      ? `atelier_team_${ref.planType.toLowerCase()}_${ref.billingCycle.toLowerCase()}`
      : `atelier_${ref.planType.toLowerCase()}_${ref.billingCycle.toLowerCase()}${ref.isEducational ? '_edu' : ''}`;
  const packLookupKey = (id: CreditPackId) => `atelier_credits_${byPack.get(id)!.credits}`;

  const planKeys = new Map<string, PlanPriceRef>();
  for (const p of plans) {
    for (const billingCycle of ['MONTHLY', 'YEARLY'] as const) {
      for (const isEducational of [false, true]) {
        const ref = { planType: p.planType, billingCycle, isEducational };
        planKeys.set(planLookupKey(ref), ref);
      }
      const teamRef = { planType: p.planType, billingCycle, isEducational: false, team: true };
      planKeys.set(planLookupKey(teamRef), teamRef);
    }
  }
  const packKeys = new Map(packs.map((p) => [packLookupKey(p.id), p.id]));

  return {
    plans,
    packs,
    teamPlans,
    plan: (t) => byType.get(t)!,
    teamPlan: (t) => teamByType.get(t)!,
    pack: (id) => byPack.get(id)!,
    price: (ref) => {
      const prices = ref.team
        ? teamByType.get(ref.planType)!.pricesPerSeat
        : byType.get(ref.planType)!.prices[ref.isEducational ? 'educational' : 'regular'];
      return ref.billingCycle === 'YEARLY' ? prices.yearly : prices.monthly;
    },
    allowance: (t, seats) => (seats ? teamByType.get(t)!.creditsPerSeat * seats : byType.get(t)!.creditsPerMonth),
    planName: (t, seats) => (seats ? teamByType.get(t)!.name : byType.get(t)!.name),
    planLookupKey,
    packLookupKey,
    planFromLookupKey: (key) => (key ? (planKeys.get(key) ?? null) : null),
    packFromLookupKey: (key) => (key ? (packKeys.get(key) ?? null) : null),
    pricingPlans: (isEducational) =>
      plans.map((p) => ({
        planType: p.planType,
        name: p.name,
        description: p.description,
        credits: p.creditsPerMonth,
        prices: { ...p.prices[isEducational ? 'educational' : 'regular'] },
        currency: 'EUR' as const,
        isEducational,
        features: [
          ...(isEducational ? [`${p.creditsPerMonth.toLocaleString('en-US')} credits per month`] : []),
          BILLING_MESSAGES.sharedCompute,
          BILLING_MESSAGES.accessAllFeatures,
        ],
      })),
    pricingTeamPlans: () =>
      teamPlans.map((p) => ({
        planType: p.planType,
        name: p.name,
        description: p.description,
        creditsPerSeat: p.creditsPerSeat,
        pricesPerSeat: { ...p.pricesPerSeat },
        currency: 'EUR' as const,
        features: [
          `${p.creditsPerSeat.toLocaleString('en-US')} credits per seat per month, in one studio pool`,
          'Shared gallery, roles and per-member caps',
          BILLING_MESSAGES.accessAllFeatures,
        ],
      })),
  };
}

let cached: Catalog | undefined;

/** The catalog of plans.catalog.json, validated on first use (a bad file stops start-up). */
export function getCatalog(): Catalog {
  if (!cached) {
    try {
      cached = parseCatalog(JSON.parse(fs.readFileSync(DATA_FILE, 'utf8')));
    } catch (err) {
      throw new Error(`Invalid plan catalog ${DATA_FILE}: ${(err as Error).message}`);
    }
  }
  return cached;
}
