import { PLAN_ALLOWANCE, type PaidPlanType, type Subscription } from '@atelier/contract';

/** The overview's fallback allowance when neither the plan nor the subscription gives one. */
export const DEFAULT_CREDIT_ALLOWANCE = 50;

export type UsageTone = 'red' | 'amber' | 'green';

export interface CreditUsage {
  allowance: number;
  /** Share of the allowance already used, 0–100; 0 when the balance exceeds the allowance. */
  usedPercent: number;
  label: 'High usage - consider upgrading' | 'Moderate usage' | 'Healthy usage';
  tone: UsageTone;
}

/** Allowance per spec §9: STARTER 50, EXPLORER 150, PRO 1000, else subscription credits, else 50. */
export function creditAllowance(subscription: Pick<Subscription, 'planType' | 'credits'> | null | undefined): number {
  const plan = subscription?.planType;
  if (plan && plan in PLAN_ALLOWANCE) return PLAN_ALLOWANCE[plan as PaidPlanType];
  return subscription?.credits || DEFAULT_CREDIT_ALLOWANCE;
}

/** Said instead of a usage bar to a FREE user with no allowance: they never had credits to use up. */
export const NO_PLAN_USAGE_TEXT = 'No plan yet — choose a plan to get monthly credits';

/** Whether there is an allowance to measure usage against: a paid plan, or credits granted with the subscription. */
export function hasCreditAllowance(subscription: Pick<Subscription, 'planType' | 'credits'> | null | undefined): boolean {
  return !!subscription && (subscription.planType !== 'FREE' || subscription.credits > 0);
}

/** The overview's credit usage card (spec §4, §9). */
export function creditUsage(credits: number, subscription: Pick<Subscription, 'planType' | 'credits'> | null | undefined): CreditUsage {
  const allowance = creditAllowance(subscription);
  const usedPercent = credits > allowance ? 0 : Math.min(100, Math.max(0, ((allowance - credits) / allowance) * 100));
  if (usedPercent > 80) return { allowance, usedPercent, label: 'High usage - consider upgrading', tone: 'red' };
  if (usedPercent > 50) return { allowance, usedPercent, label: 'Moderate usage', tone: 'amber' };
  return { allowance, usedPercent, label: 'Healthy usage', tone: 'green' };
}
