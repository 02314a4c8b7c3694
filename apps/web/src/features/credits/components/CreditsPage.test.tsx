import type { CreditsSummary } from '@atelier/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freeSubscription, json, renderWithRouter, signedInAuth } from '../../../test/factories';
import { browser } from '../../subscription';
import { CreditsPage } from './CreditsPage';

const summary = (overrides: Partial<CreditsSummary> = {}): CreditsSummary => ({
  credits: 80,
  purchasedCredits: 30,
  planCredits: 50,
  allowance: 50,
  canPurchase: true,
  packs: [
    { id: 'PACK_50', credits: 50, price: 2000, currency: 'EUR' },
    { id: 'PACK_100', credits: 100, price: 3000, currency: 'EUR' },
    { id: 'PACK_300', credits: 300, price: 5000, currency: 'EUR' },
  ],
  ...overrides,
});

function stubApi(handler: (path: string, request: Request) => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const request = input instanceof Request ? input : new Request(String(input));
      return handler(new URL(request.url).pathname, request);
    }),
  );
}

const routes = [{ path: '/credits', element: <CreditsPage /> }];

describe('CreditsPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the balance split and the three packs with their prices', async () => {
    stubApi(() => json(summary()));
    renderWithRouter(routes, { path: '/credits', auth: signedInAuth() });
    expect(await screen.findByRole('heading', { name: 'Buy Extra Credits' })).toBeInTheDocument();
    expect(screen.getByText('Available credits').nextSibling).toHaveTextContent('80');
    const pack = screen.getByRole('region', { name: '100 credits' });
    expect(within(pack).getByText('€30')).toBeInTheDocument();
    expect(within(pack).getByText(/€0.30 per credit/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: '300 credits' })).getByText('BEST VALUE')).toBeInTheDocument();
  });

  it('buys a pack by its id only and goes to the checkout url', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    let body: unknown;
    stubApi(async (path, request) => {
      if (path === '/api/credits/checkout') {
        body = await request.json();
        return json({ url: '/checkout/test?session=chk_p' });
      }
      return json(summary());
    });
    renderWithRouter(routes, { path: '/credits', auth: signedInAuth() });
    await userEvent.click(await screen.findByRole('button', { name: 'Buy 100 credits' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout/test?session=chk_p'));
    expect(body).toEqual({ pack: 'PACK_100' });
  });

  it('disables the packs without an active plan and points to the plans', async () => {
    stubApi(() => json(summary({ canPurchase: false, planCredits: 0, allowance: 0, credits: 0, purchasedCredits: 0 })));
    renderWithRouter(routes, { path: '/credits', auth: signedInAuth({ subscription: freeSubscription(), credits: 0 }) });
    expect(await screen.findByText('Extra credits come with a plan')).toBeInTheDocument();
    for (const name of ['Buy 50 credits', 'Buy 100 credits', 'Buy 300 credits']) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
    }
    expect(screen.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/subscription');
  });
});
