import type { CreditTransactionsResponse } from '@atelier/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSubscription, json, renderWithRouter, signedInAuth } from '../../../test/factories';
import { storeTeamId } from '../../teams/store/storedWorkspace';
import { createTeam, fakeApi } from '../../teams/test-helpers';
import { BillingPage } from './BillingPage';

const ledgerPage = (page: number): CreditTransactionsResponse => ({
  items:
    page === 1
      ? [
          { id: 3, amount: -4, balanceAfter: 146, reason: 'GENERATION', description: 'Render of 4 exterior variations', createdAt: '2026-11-20T09:00:00Z' },
          { id: 2, amount: 150, balanceAfter: 150, reason: 'PLAN_GRANT', description: 'Explorer Plan: 150 credits for November 2026', createdAt: '2026-11-01T09:00:00Z' },
        ]
      : [{ id: 1, amount: 100, balanceAfter: 100, reason: 'PURCHASE', description: 'Purchased 100 extra credits', createdAt: '2026-10-15T09:00:00Z' }],
  page,
  limit: 2,
  total: 3,
  totalPages: 2,
  hasMore: page === 1,
});

function stubApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const request = input instanceof Request ? input : new Request(String(input));
      const url = new URL(request.url);
      if (url.pathname === '/api/credits/transactions') return json(ledgerPage(Number(url.searchParams.get('page'))));
      if (url.pathname === '/api/billing/invoices')
        return json({
          provider: 'stripe',
          items: [
            { id: 'in_1', number: 'INV-1001', date: '2026-11-01T09:00:00Z', description: 'Explorer Plan', amount: 4900, currency: 'EUR', status: 'paid', hostedUrl: 'https://invoice.stripe.com/i/1', pdfUrl: 'https://pay.stripe.com/invoice/1/pdf' },
          ],
        });
      if (url.pathname === '/api/subscription') return json(createSubscription());
      if (url.pathname === '/api/subscription/plans') return json({ regularPlans: [], educationalPlans: [], isStudent: false });
      return json({ message: 'not found', code: 'NOT_FOUND' }, 404);
    }),
  );
}

describe('BillingPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists the ledger with en-US dates, reasons and signed amounts, a page at a time', async () => {
    stubApi();
    renderWithRouter([{ path: '/billing', element: <BillingPage /> }], { path: '/billing', auth: signedInAuth() });
    const table = await screen.findByRole('table', { name: 'Credit history' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Nov 20, 2026');
    expect(rows[1]).toHaveTextContent('Render of 4 exterior variations');
    expect(rows[1]).toHaveTextContent('Usage');
    expect(rows[1]).toHaveTextContent('−4');
    expect(rows[2]).toHaveTextContent('Plan credits');
    expect(rows[2]).toHaveTextContent('+150');
    expect(screen.getByText('Page 1 of 2 · 3 entries')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await within(table).findByText('Purchased 100 extra credits')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it("shows Stripe's invoices with links to their pages", async () => {
    stubApi();
    renderWithRouter([{ path: '/billing', element: <BillingPage /> }], { path: '/billing', auth: signedInAuth() });
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(within(table).getByText('INV-1001')).toBeInTheDocument();
    expect(within(table).getByText('€49')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: /View/ })).toHaveAttribute('href', 'https://invoice.stripe.com/i/1');
  });

  it.each(['admin', 'member'] as const)("in a studio, tells an %s that the owner manages billing and asks the server for none of it", async (role) => {
    storeTeamId(7);
    const calls = fakeApi(({ method, path }) => (method === 'GET' && path === '/teams' ? [createTeam({ role })] : {}));
    try {
      renderWithRouter([{ path: '/billing', element: <BillingPage /> }], { path: '/billing', auth: signedInAuth() });
      expect(await screen.findByRole('heading', { name: "Billing is managed by the studio's owner" })).toBeInTheDocument();
      expect(screen.queryByRole('table', { name: 'Credit history' })).not.toBeInTheDocument();
      expect(calls.some((c) => c.path.startsWith('/subscription') || c.path.startsWith('/credits') || c.path.startsWith('/billing'))).toBe(false);
    } finally {
      localStorage.clear();
    }
  });
});
