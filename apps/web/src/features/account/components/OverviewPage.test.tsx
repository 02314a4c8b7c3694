import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSubscription, freeSubscription, renderWithRouter, signedInAuth } from '../../../test/factories';
import { OverviewPage, YEARLY_SAVING_TEXT } from './OverviewPage';

const show = (auth = signedInAuth()) => renderWithRouter([{ path: '/overview', element: <OverviewPage /> }], { path: '/overview', auth });

describe('OverviewPage', () => {
  afterEach(() => vi.useRealTimers());

  it('greets by the hour and links to plans and credits', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 21, 15, 0));
    show();
    expect(screen.getByRole('heading', { name: 'Good afternoon, Ada' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage Subscription' })).toHaveAttribute('href', '/subscription');
    expect(screen.getByRole('link', { name: 'Buy Additional Credits' })).toHaveAttribute('href', '/credits');
  });

  it('shows the profile with Edit Profile and Log out', () => {
    show();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/profile-settings');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('shows plan, cycle, period end and the yearly saving', () => {
    show(signedInAuth({ subscription: createSubscription({ planType: 'PRO', billingCycle: 'YEARLY', currentPeriodEnd: '2026-11-21T12:00:00Z' }) }));
    expect(screen.getByText('Pro')).toBeInTheDocument();
    expect(screen.getByText('Yearly')).toBeInTheDocument();
    expect(screen.getByText('Nov 21, 2026')).toBeInTheDocument();
    expect(screen.getByText(YEARLY_SAVING_TEXT)).toBeInTheDocument();
  });

  it('does not claim a saving on monthly billing', () => {
    show();
    expect(screen.queryByText(YEARLY_SAVING_TEXT)).not.toBeInTheDocument();
  });

  it('shows credit usage against the plan allowance', () => {
    show(signedInAuth({ credits: 20, subscription: createSubscription({ planType: 'STARTER', credits: 50 }) }));
    expect(screen.getByText('60% of 50 credits used')).toBeInTheDocument();
    expect(screen.getByText('Moderate usage')).toBeInTheDocument();
  });

  it('shows the Free plan for a user without one', () => {
    show(signedInAuth({ credits: 0, subscription: freeSubscription() }));
    expect(screen.getByText('Free')).toBeInTheDocument();
    // Never had an allowance: no red "100 % used" bar, but the way to get credits.
    expect(screen.getByRole('link', { name: 'No plan yet — choose a plan to get monthly credits' })).toHaveAttribute('href', '/subscription');
    expect(screen.queryByRole('progressbar', { name: 'Credits used' })).not.toBeInTheDocument();
    expect(screen.queryByText('High usage - consider upgrading')).not.toBeInTheDocument();
  });
});
