import { describe, expect, it } from 'vitest';
import { clampSeats, minimumSeats, teamPlanAction, teamTotal } from './teamPlanAction';

const sub = (planType: 'STARTER' | 'EXPLORER' | 'PRO', billingCycle: 'MONTHLY' | 'YEARLY', seats: number) =>
  ({ planType, billingCycle, status: 'ACTIVE', seats }) as const;

describe('teamPlanAction', () => {
  it('offers checkout for the picked seats without a plan', () => {
    expect(teamPlanAction('EXPLORER', 'MONTHLY', 5, null)).toEqual({ kind: 'checkout', label: 'Choose for 5 seats', isCurrent: false });
    expect(teamPlanAction('EXPLORER', 'MONTHLY', 5, { planType: 'FREE', billingCycle: 'MONTHLY', status: 'INACTIVE' })).toMatchObject({ kind: 'checkout' });
  });

  it('manages the current plan in the portal, and changes seats through checkout', () => {
    expect(teamPlanAction('EXPLORER', 'MONTHLY', 5, sub('EXPLORER', 'MONTHLY', 5))).toEqual({ kind: 'portal', label: 'Manage Subscription', isCurrent: true });
    expect(teamPlanAction('EXPLORER', 'MONTHLY', 7, sub('EXPLORER', 'MONTHLY', 5))).toEqual({ kind: 'checkout', label: 'Change to 7 seats', isCurrent: true });
    expect(teamPlanAction('EXPLORER', 'MONTHLY', 4, sub('EXPLORER', 'MONTHLY', 5))).toMatchObject({ kind: 'checkout', label: 'Change to 4 seats' });
  });

  it('sends downgrades to the portal and upgrades or a new cycle to checkout', () => {
    expect(teamPlanAction('STARTER', 'MONTHLY', 5, sub('EXPLORER', 'MONTHLY', 5))).toMatchObject({ kind: 'portal', label: 'Downgrade (via Portal)' });
    expect(teamPlanAction('PRO', 'MONTHLY', 5, sub('EXPLORER', 'MONTHLY', 5))).toMatchObject({ kind: 'checkout', label: 'Switch to this plan, 5 seats' });
    expect(teamPlanAction('EXPLORER', 'YEARLY', 5, sub('EXPLORER', 'MONTHLY', 5))).toMatchObject({ kind: 'checkout', isCurrent: false });
  });
});

describe('seats', () => {
  it('never goes below the members or the plan minimum, nor above the maximum', () => {
    expect(minimumSeats(1)).toBe(2);
    expect(minimumSeats(6)).toBe(6);
    expect(clampSeats(1, 6)).toBe(6);
    expect(clampSeats(9.6, 2)).toBe(10);
    expect(clampSeats(5000, 2)).toBe(200);
    expect(clampSeats(Number.NaN, 3)).toBe(3);
  });

  it('prices the cycle per seat', () => {
    expect(teamTotal({ monthly: 4900, yearly: 47000 }, 'MONTHLY', 5)).toBe(24500);
    expect(teamTotal({ monthly: 4900, yearly: 47000 }, 'YEARLY', 3)).toBe(141000);
  });
});
