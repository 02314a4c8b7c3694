import type { LocalCheckoutSession } from '@atelier/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSubscription, freeSubscription, json, renderWithRouter, signedInAuth } from '../../../test/factories';
import { TestCheckoutPage } from './TestCheckoutPage';

const session = (overrides: Partial<LocalCheckoutSession> = {}): LocalCheckoutSession => ({
  id: 'chk_1',
  kind: 'SUBSCRIPTION',
  status: 'OPEN',
  planType: 'EXPLORER',
  planName: 'Explorer Plan',
  billingCycle: 'YEARLY',
  isEducational: false,
  isChange: false,
  seats: null,
  packId: null,
  credits: 150,
  amount: 47000,
  currency: 'EUR',
  description: 'Explorer Plan, billed yearly',
  customerEmail: 'ada@example.com',
  returnPath: '/subscription',
  expiresAt: '2026-11-22T10:00:00Z',
  ...overrides,
});

function stubApi(handler: (path: string, method: string) => Response | Promise<Response>) {
  const fn = vi.fn(async (input: RequestInfo | URL) => {
    const request = input instanceof Request ? input : new Request(String(input));
    return handler(new URL(request.url).pathname, request.method);
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

const routes = [
  { path: '/checkout/test', element: <TestCheckoutPage /> },
  { path: '/subscription', element: <p>Plans page</p> },
  { path: '/credits', element: <p>Credits page</p> },
];

describe('TestCheckoutPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the plan, cycle and price, clearly marked as test mode', async () => {
    stubApi(() => json(session()));
    renderWithRouter(routes, { path: '/checkout/test?session=chk_1', auth: signedInAuth({ subscription: freeSubscription() }) });
    expect(await screen.findByText('Subscribe to Explorer')).toBeInTheDocument();
    expect(screen.getAllByText('TEST MODE').length).toBeGreaterThan(0);
    expect(screen.getAllByText('€470').length).toBeGreaterThan(0);
    expect(screen.getByText('per year')).toBeInTheDocument();
    expect(screen.getByText(/Billed yearly · 150 credits every month/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/subscription?checkout=canceled');
  });

  it('completes the test payment, updates the session and returns to /subscription', async () => {
    const sub = createSubscription({ planType: 'EXPLORER', billingCycle: 'YEARLY' });
    stubApi((path, method) => {
      if (method === 'POST' && path.endsWith('/complete')) return json({ redirectTo: '/subscription?checkout=success', subscription: sub, credits: 150 });
      return json(session());
    });
    const { store } = renderWithRouter(routes, { path: '/checkout/test?session=chk_1', auth: signedInAuth({ subscription: freeSubscription(), credits: 0 }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Complete test payment' }));
    expect(await screen.findByText('Plans page')).toBeInTheDocument();
    await waitFor(() => expect(store.getState().auth.credits).toBe(150));
    expect(store.getState().auth.subscription).toMatchObject({ planType: 'EXPLORER', billingCycle: 'YEARLY' });
  });

  it('says when the session is unknown, complete or expired', async () => {
    stubApi(() => json({ message: 'Checkout session not found', code: 'CHECKOUT_NOT_FOUND' }, 404));
    const first = renderWithRouter(routes, { path: '/checkout/test?session=chk_x', auth: signedInAuth() });
    expect(await screen.findByRole('heading', { name: 'Checkout not found' })).toBeInTheDocument();
    first.unmount();

    stubApi(() => json(session({ status: 'EXPIRED' })));
    renderWithRouter(routes, { path: '/checkout/test?session=chk_1', auth: signedInAuth() });
    expect(await screen.findByRole('heading', { name: 'This checkout has expired' })).toBeInTheDocument();
  });

  it('shows a pack purchase and returns to /credits', async () => {
    stubApi((path, method) => {
      if (method === 'POST') return json({ redirectTo: '/credits?checkout=success', subscription: createSubscription(), credits: 250 });
      return json(session({ kind: 'CREDITS', planType: null, planName: null, billingCycle: null, packId: 'PACK_100', credits: 100, amount: 3000, returnPath: '/credits' }));
    });
    renderWithRouter(routes, { path: '/checkout/test?session=chk_2', auth: signedInAuth() });
    expect(await screen.findByText('Buy extra credits')).toBeInTheDocument();
    expect(screen.getByText('100 extra credits')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Complete test payment' }));
    expect(await screen.findByText('Credits page')).toBeInTheDocument();
  });
});
