import type { PricingResponse, Subscription, TeamRole } from '@atelier/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter, signedInAuth } from '../../../test/factories';
import { storeTeamId } from '../../teams/store/storedWorkspace';
import { createTeam, fakeApi } from '../../teams/test-helpers';
import { browser } from '../billingService';
import { SubscriptionPage } from './SubscriptionPage';

const teamPricing: PricingResponse = {
  regularPlans: [],
  educationalPlans: [],
  isStudent: false,
  teamPlans: [
    { planType: 'STARTER', name: 'Studio Starter', description: 'Small studios', creditsPerSeat: 50, pricesPerSeat: { monthly: 1900, yearly: 18200 }, currency: 'EUR', features: ['Access all features'] },
    { planType: 'EXPLORER', name: 'Studio Explorer', description: 'Practices', creditsPerSeat: 150, pricesPerSeat: { monthly: 4900, yearly: 47000 }, currency: 'EUR', features: ['Access all features'] },
    { planType: 'PRO', name: 'Studio Pro', description: 'Volume', creditsPerSeat: 1000, pricesPerSeat: { monthly: 9900, yearly: 95000 }, currency: 'EUR', features: ['Access all features'] },
  ],
};
const free: Subscription = { planType: 'FREE', billingCycle: 'MONTHLY', status: 'INACTIVE', currentPeriodEnd: null, cancelAtPeriodEnd: false, isEducational: false, credits: 0 };

/** /subscription in team 7 as `role`; the team has `memberCount` members and `subscription`. */
function openAs(role: TeamRole, { memberCount = 4, subscription = free }: { memberCount?: number; subscription?: Subscription } = {}) {
  storeTeamId(7);
  const calls = fakeApi(({ method, path }) => {
    if (method === 'GET' && path === '/teams') return [createTeam({ role, memberCount, seatLimit: 3, planType: subscription.planType, planName: null })];
    if (method === 'GET' && path === '/subscription/plans') return teamPricing;
    if (method === 'GET' && path === '/subscription') return subscription;
    if (method === 'POST' && path === '/subscription/checkout') return { url: '/checkout/test?session=chk_team' };
    return {};
  });
  renderWithRouter([{ path: '/subscription', element: <SubscriptionPage /> }], { path: '/subscription', auth: signedInAuth() });
  return calls;
}

describe('SubscriptionPage in a team workspace', () => {
  let assign: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('shows the owner the studio plans per seat; the seat picker starts at the members and prices the total', async () => {
    const user = userEvent.setup();
    const calls = openAs('owner');
    await screen.findByRole('heading', { name: 'Choose a studio plan' });
    const seats = await screen.findByRole('spinbutton', { name: 'Seats' });
    // Four members: fewer seats cannot be picked.
    expect(seats).toHaveValue(4);
    expect(screen.getByRole('button', { name: 'One seat fewer' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    const explorer = screen.getByRole('region', { name: 'Studio Explorer' });
    expect(within(explorer).getByText('€49')).toBeInTheDocument();
    expect(within(explorer).getByTestId('team-plan-total')).toHaveTextContent('4 seats: €196 a month');
    expect(within(explorer).getByText('600 credits a month in the studio pool')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'One seat more' }));
    expect(within(explorer).getByTestId('team-plan-total')).toHaveTextContent('5 seats: €245 a month');
    // A typed number below the members snaps back to them.
    await user.clear(seats);
    await user.type(seats, '1{Enter}');
    expect(seats).toHaveValue(4);
    await user.clear(seats);
    await user.type(seats, '6');
    await user.tab();
    await user.click(within(explorer).getByRole('button', { name: 'Choose for 6 seats' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/subscription/checkout')).toMatchObject({
        workspace: 'team:7',
        body: { planType: 'EXPLORER', billingCycle: 'MONTHLY', isEducational: false, seats: 6 },
      }),
    );
    expect(assign).toHaveBeenCalledWith('/checkout/test?session=chk_team');
    // Personal plans are never offered here.
    expect(screen.queryByRole('button', { name: /View Plans for Students/ })).not.toBeInTheDocument();
  });

  it("offers the current plan's seat change, and the portal for the same seats", async () => {
    const user = userEvent.setup();
    openAs('owner', {
      memberCount: 3,
      subscription: { planType: 'EXPLORER', billingCycle: 'MONTHLY', status: 'ACTIVE', currentPeriodEnd: '2026-12-27T10:00:00.000Z', cancelAtPeriodEnd: false, isEducational: false, credits: 750, seats: 5 },
    });
    const seats = await screen.findByRole('spinbutton', { name: 'Seats' });
    await waitFor(() => expect(seats).toHaveValue(5));
    const explorer = screen.getByRole('region', { name: 'Studio Explorer' });
    expect(within(explorer).getByText('Current Plan · 5 seats')).toBeInTheDocument();
    expect(within(explorer).getByRole('button', { name: 'Manage Subscription' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Studio Starter' })).getByRole('button', { name: 'Downgrade (via Portal)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'One seat more' }));
    expect(within(explorer).getByRole('button', { name: 'Change to 6 seats' })).toBeInTheDocument();
  });

  it.each(['admin', 'member'] as const)('tells an %s that the owner manages billing, and asks the server for nothing of it', async (role) => {
    const calls = openAs(role);
    expect(await screen.findByRole('heading', { name: "Billing is managed by the studio's owner" })).toBeInTheDocument();
    expect(screen.queryByRole('spinbutton', { name: 'Seats' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/subscription'))).toBe(false);
  });
});
