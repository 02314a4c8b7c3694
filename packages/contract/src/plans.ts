import { z } from 'zod';

export const PLAN_TYPES = ['FREE', 'STARTER', 'EXPLORER', 'PRO'] as const;
export const planTypeSchema = z.enum(PLAN_TYPES);
export type PlanType = z.infer<typeof planTypeSchema>;

export const PAID_PLAN_TYPES = ['STARTER', 'EXPLORER', 'PRO'] as const;
export const paidPlanTypeSchema = z.enum(PAID_PLAN_TYPES);
export type PaidPlanType = z.infer<typeof paidPlanTypeSchema>;

export const BILLING_CYCLES = ['MONTHLY', 'YEARLY'] as const;
export const billingCycleSchema = z.enum(BILLING_CYCLES);
export type BillingCycle = z.infer<typeof billingCycleSchema>;

export const SUBSCRIPTION_STATUSES = ['ACTIVE', 'PAST_DUE', 'CANCELED', 'INACTIVE'] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** Spec: rank STARTER 1, EXPLORER 2, PRO 3. */
export const PLAN_RANK: Record<PlanType, number> = { FREE: 0, STARTER: 1, EXPLORER: 2, PRO: 3 };

/** Storage a plan may fill with uploads, renders, masks and overlays (issue 17); an upload past it is 413. */
export const STORAGE_QUOTA_BYTES: Record<PlanType, number> = {
  FREE: 250 * 1024 ** 2,
  STARTER: 2 * 1024 ** 3,
  EXPLORER: 10 * 1024 ** 3,
  PRO: 50 * 1024 ** 3,
};

/** GET /api/storage/usage: what the account stores, and its plan's quota (shown on /overview). */
export const storageUsageResponseSchema = z.object({
  usedBytes: z.number().int().min(0),
  quotaBytes: z.number().int().min(0),
  planType: planTypeSchema,
});
export type StorageUsageResponse = z.infer<typeof storageUsageResponseSchema>;

/** 1.5 GB, 300 MB, 12 KB: for quota messages and the overview. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const text = unit === 0 || value >= 10 ? Math.round(value).toString() : value.toFixed(1).replace(/\.0$/, '');
  return `${text} ${units[unit]}`;
}

/** Spec: monthly allowances. */
export const PLAN_ALLOWANCE: Record<PaidPlanType, number> = { STARTER: 50, EXPLORER: 150, PRO: 1000 };

/**
 * The subscription shape every client sees. A FREE user (no paid plan) gets
 * planType FREE, status INACTIVE, billingCycle MONTHLY, credits 0, currentPeriodEnd null.
 */
export const subscriptionSchema = z.object({
  planType: planTypeSchema,
  billingCycle: billingCycleSchema,
  status: subscriptionStatusSchema,
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  isEducational: z.boolean(),
  /** The plan allowance per month (a team plan: credits per seat × seats). */
  credits: z.number().int(),
  /** A team plan's paid seats; absent on a personal plan. */
  seats: z.number().int().positive().optional(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const FREE_SUBSCRIPTION: Subscription = {
  planType: 'FREE',
  billingCycle: 'MONTHLY',
  status: 'INACTIVE',
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  isEducational: false,
  credits: 0,
};

/** Create, Tweak and Refine need one of these with an ACTIVE or PAST_DUE status. */
export function hasActivePlan(sub: Pick<Subscription, 'planType' | 'status'> | null | undefined): boolean {
  if (!sub) return false;
  return sub.planType !== 'FREE' && (sub.status === 'ACTIVE' || sub.status === 'PAST_DUE');
}
