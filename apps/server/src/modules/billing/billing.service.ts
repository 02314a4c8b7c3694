import crypto from 'node:crypto';
import { hasActivePlan, type CreditsSummary, type PricingResponse, type Subscription } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { findUserById } from '../auth/index.js';
import { getBalance, getCreditBreakdown } from '../credits/index.js';
import { getCatalog } from './catalog.js';
import { isStudent } from './students.js';
import { getSubscriptionRow, toSubscription } from './subscription.service.js';

// The subscription's one write path is subscription-sync.ts; checkouts, the portal and
// invoices are checkout.service.ts; provider customers are customers.ts.

/** What the billing services need from the app context. */
export type BillingDeps = Pick<AppContext, 'db' | 'config' | 'log' | 'payments' | 'teamMemberCount' | 'teamBillingEmail'>;

export type Executor = Db | Tx;

export const newId = (prefix: string) => `${prefix}_${crypto.randomBytes(18).toString('base64url')}`;
/** A team's account buys studio plans only, a person personal plans only (issue 32). */
export async function isTeamAccount(db: Executor, userId: number): Promise<boolean> {
  return (await findUserById(db, userId))?.kind === 'team';
}

/** The personal plans, or in a team's workspace the studio plans (per seat) alone. */
export async function getPricing(db: Executor, userId: number): Promise<PricingResponse> {
  const catalog = getCatalog();
  if (await isTeamAccount(db, userId)) {
    return { regularPlans: [], educationalPlans: [], isStudent: false, teamPlans: catalog.pricingTeamPlans() };
  }
  return {
    regularPlans: catalog.pricingPlans(false),
    educationalPlans: catalog.pricingPlans(true),
    isStudent: await isStudent(db, userId),
  };
}

export async function getCreditsSummary(db: Executor, userId: number, opts: { mayBuy: boolean } = { mayBuy: true }): Promise<CreditsSummary> {
  const [breakdown, row] = await Promise.all([getCreditBreakdown(db, userId), getSubscriptionRow(db, userId)]);
  const subscription = toSubscription(row);
  return {
    credits: breakdown.balance,
    purchasedCredits: breakdown.purchased,
    planCredits: breakdown.plan,
    allowance: subscription.credits,
    packs: getCatalog().packs,
    canPurchase: opts.mayBuy && hasActivePlan(subscription),
  };
}
/** The session payload parts billing owns: the subscription and the balance. */
export async function subscriptionAndCredits(db: Executor, userId: number): Promise<{ subscription: Subscription; credits: number }> {
  const [subscription, credits] = await Promise.all([
    getSubscriptionRow(db, userId).then(toSubscription),
    getBalance(db, userId),
  ]);
  return { subscription, credits };
}
