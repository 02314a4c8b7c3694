import { BILLING_CYCLES, PAID_PLAN_TYPES, PLAN_RANK, type BillingCycle, type PaidPlanType, type Subscription } from '@atelier/contract';
import { describe, expect, it } from 'vitest';
import { busyLabel, planCardAction } from './planCardAction';

const sub = (planType: Subscription['planType'], billingCycle: BillingCycle) => ({ planType, billingCycle });

/** The spec's matrix, written out independently of the implementation. */
function expected(card: PaidPlanType, cardCycle: BillingCycle, current: { planType: Subscription['planType']; billingCycle: BillingCycle } | null) {
  if (!current || current.planType === 'FREE') return 'Upgrade Plan';
  if (current.planType === card && current.billingCycle === cardCycle) return 'Manage Subscription';
  if (current.planType === card) return 'Upgrade Plan';
  return PLAN_RANK[card] > PLAN_RANK[current.planType] ? 'Upgrade Plan' : 'Downgrade (via Portal)';
}

describe('plan card action matrix', () => {
  const currents = [
    null,
    ...(['FREE', ...PAID_PLAN_TYPES] as const).flatMap((p) => BILLING_CYCLES.map((c) => sub(p, c))),
  ];
  const cases = PAID_PLAN_TYPES.flatMap((card) =>
    BILLING_CYCLES.flatMap((cycle) => currents.map((current) => [card, cycle, current] as const)),
  );

  it.each(cases)('%s %s with current %o', (card, cycle, current) => {
    const action = planCardAction(card, cycle, current);
    expect(action.label).toBe(expected(card, cycle, current));
    expect(action.isCurrent).toBe(action.label === 'Manage Subscription');
  });

  it('covers every card, cycle and current subscription (54 combinations)', () => {
    expect(cases).toHaveLength(3 * 2 * 9);
  });

  it('shows every plan as Upgrade Plan without a subscription', () => {
    for (const card of PAID_PLAN_TYPES) {
      for (const cycle of BILLING_CYCLES) {
        expect(planCardAction(card, cycle, null).kind).toBe('upgrade');
        expect(planCardAction(card, cycle, sub('FREE', 'MONTHLY')).kind).toBe('upgrade');
      }
    }
  });

  it('names the kinds: manage opens the portal, downgrade goes through it', () => {
    expect(planCardAction('EXPLORER', 'YEARLY', sub('EXPLORER', 'YEARLY'))).toMatchObject({ kind: 'manage', isCurrent: true });
    expect(planCardAction('STARTER', 'YEARLY', sub('PRO', 'MONTHLY'))).toMatchObject({ kind: 'downgrade' });
    expect(planCardAction('PRO', 'MONTHLY', sub('STARTER', 'YEARLY'))).toMatchObject({ kind: 'upgrade' });
  });

  it('is Not Available for a card that is no paid plan', () => {
    expect(planCardAction('FREE', 'MONTHLY', null)).toMatchObject({ kind: 'unavailable', label: 'Not Available' });
    expect(planCardAction('ENTERPRISE', 'MONTHLY', sub('PRO', 'MONTHLY'))).toMatchObject({ kind: 'unavailable' });
  });

  it("reads 'Loading...' for regular and 'Processing...' for educational checkouts", () => {
    expect(busyLabel(false)).toBe('Loading...');
    expect(busyLabel(true)).toBe('Processing...');
  });
});
