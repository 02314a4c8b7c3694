/** Below this share of credits left, the header ring turns red (spec §9). */
export const CREDITS_RING_LOW_PERCENT = 20;
/** The denominator when the subscription has no allowance (FREE). */
export const CREDITS_RING_FALLBACK_TOTAL = 100;

export interface CreditsRingState {
  /** Remaining credits as a share of the denominator, clamped to 0–100. */
  percent: number;
  total: number;
  tone: 'red' | 'green';
}

/** The header ring: remaining credits against subscription.credits, or 100 (spec §9). */
export function creditsRing(credits: number, subscriptionCredits: number | null | undefined): CreditsRingState {
  const total = subscriptionCredits && subscriptionCredits > 0 ? subscriptionCredits : CREDITS_RING_FALLBACK_TOTAL;
  const raw = (credits / total) * 100;
  const percent = Math.min(100, Math.max(0, Number.isFinite(raw) ? raw : 0));
  return { percent, total, tone: percent < CREDITS_RING_LOW_PERCENT ? 'red' : 'green' };
}
