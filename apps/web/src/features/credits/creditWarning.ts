/** Spec §4: at 10 credits or fewer (but more than 0) the low-credit warning shows. */
export const LOW_CREDIT_THRESHOLD = 10;
export const DEPLETED_TOAST_MS = 6000;
export const LOW_CREDIT_DELAY_MS = 1000;
export const LOW_CREDIT_TOAST_MS = 5000;

export const CREDITS_DEPLETED_MESSAGE =
  "You've run out of credits! Upgrade your plan to continue generating amazing content.";

export function lowCreditMessage(credits: number): string {
  return `You have ${credits} credits remaining. Consider upgrading your plan soon.`;
}

export type CreditWarning = { kind: 'depleted' } | { kind: 'low'; credits: number } | null;

/**
 * Which warning a change of balance calls for. Only a fall counts: the first value seen
 * (previous null) and rises never warn.
 */
export function decideCreditWarning(previous: number | null, next: number): CreditWarning {
  if (previous === null || next >= previous) return null;
  if (next <= 0) return { kind: 'depleted' };
  if (next <= LOW_CREDIT_THRESHOLD) return { kind: 'low', credits: next };
  return null;
}
