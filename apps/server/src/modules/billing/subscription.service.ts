import { eq } from 'drizzle-orm';
import { FREE_SUBSCRIPTION, PLAN_ALLOWANCE, type Subscription } from '@atelier/contract';
import type { Db, Tx } from '../../db/client.js';
import { subscriptions } from '../../db/schema/index.js';

/** The caller's subscription as every client sees it; FREE when there is no paid plan. */
export async function getSubscription(ex: Db | Tx, userId: number): Promise<Subscription> {
  const rows = await ex.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  const row = rows[0];
  if (!row || row.planType === 'FREE' || row.status === 'INACTIVE') return { ...FREE_SUBSCRIPTION };
  return {
    planType: row.planType,
    billingCycle: row.billingCycle,
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd ? row.currentPeriodEnd.toISOString() : null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    isEducational: row.isEducational,
    credits: PLAN_ALLOWANCE[row.planType],
  };
}
