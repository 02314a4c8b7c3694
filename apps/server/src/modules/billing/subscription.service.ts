import { eq } from 'drizzle-orm';
import { FREE_SUBSCRIPTION, type Subscription } from '@atelier/contract';
import type { Db, Tx } from '../../db/client.js';
import { subscriptions } from '../../db/schema/index.js';
import { getCatalog } from './catalog.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The row as every client sees it: FREE when there is no paid plan, or it has ended. */
export function toSubscription(row: SubscriptionRow | undefined): Subscription {
  if (!row || row.planType === 'FREE' || row.status === 'INACTIVE' || row.status === 'CANCELED') {
    return { ...FREE_SUBSCRIPTION };
  }
  return {
    planType: row.planType,
    billingCycle: row.billingCycle,
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd ? row.currentPeriodEnd.toISOString() : null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    isEducational: row.isEducational,
    credits: getCatalog().allowance(row.planType, row.seats),
    ...(row.seats ? { seats: row.seats } : {}),
  };
}

export async function getSubscriptionRow(ex: Db | Tx, userId: number): Promise<SubscriptionRow | undefined> {
  const rows = await ex.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return rows[0];
}

/** The caller's subscription as every client sees it; FREE when there is no paid plan. */
export async function getSubscription(ex: Db | Tx, userId: number): Promise<Subscription> {
  return toSubscription(await getSubscriptionRow(ex, userId));
}
