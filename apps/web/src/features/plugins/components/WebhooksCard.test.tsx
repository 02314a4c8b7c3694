import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PLUGIN_MESSAGES, type WebhookDelivery, type WebhookEndpoint } from '@atelier/contract';
import { withStore } from '../../../test/factories';
import { servePlugins } from './pluginsFake.test-helpers';
import { WebhooksCard } from './WebhooksCard';

const renderCard = () => render(withStore(<WebhooksCard />).ui);

const delivery = (id: number, d: Partial<WebhookDelivery>): WebhookDelivery => ({
  id,
  event: 'batch.completed',
  status: 'delivered',
  statusCode: 200,
  attempts: 1,
  error: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...d,
});

const endpoint = (id: number, url: string, deliveries: WebhookDelivery[] = []): WebhookEndpoint => ({
  id,
  url,
  events: ['batch.completed', 'batch.failed'],
  createdAt: '2026-11-01T09:00:00.000Z',
  deliveries,
});

describe('WebhooksCard', () => {
  it('adds an endpoint for the chosen events and shows its signing secret once', async () => {
    const server = servePlugins();
    renderCard();
    expect(await screen.findByText('No webhook endpoints yet.')).toBeInTheDocument();
    // Completed and failed batches are chosen by default; add the regions event, drop failures.
    await userEvent.click(screen.getByLabelText('masks.completed'));
    await userEvent.click(screen.getByLabelText('batch.failed'));
    await userEvent.type(screen.getByLabelText('Endpoint URL'), 'https://studio.example/hooks/atelier');
    await userEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));

    expect(await screen.findByLabelText('Signing secret')).toHaveValue('whsec_c2VjcmV0LXNpZ25pbmcta2V5');
    expect(server.writes()).toEqual([
      { method: 'POST', path: '/api/webhooks/endpoints', body: { url: 'https://studio.example/hooks/atelier', events: ['batch.completed', 'masks.completed'] } },
    ]);
    const row = await screen.findByRole('region', { name: 'Endpoint https://studio.example/hooks/atelier' });
    expect(within(row).getByText(/No deliveries yet/)).toBeInTheDocument();
  });

  it('refuses a URL that is not http(s) and an empty event list, without calling the server', async () => {
    const server = servePlugins();
    renderCard();
    await screen.findByText('No webhook endpoints yet.');
    await userEvent.type(screen.getByLabelText('Endpoint URL'), 'ftp://studio.example/hook');
    await userEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText(PLUGIN_MESSAGES.webhookUrl)).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Endpoint URL'));
    await userEvent.type(screen.getByLabelText('Endpoint URL'), 'https://studio.example/hook');
    await userEvent.click(screen.getByLabelText('batch.completed'));
    await userEvent.click(screen.getByLabelText('batch.failed'));
    await userEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText(PLUGIN_MESSAGES.webhookEvents)).toBeInTheDocument();
    expect(server.writes()).toEqual([]);
  });

  it('lists each delivery with its status code and result, and removes an endpoint', async () => {
    const server = servePlugins({
      endpoints: [
        endpoint(4, 'https://studio.example/a', [
          delivery(1, {}),
          delivery(2, { status: 'pending', statusCode: 503, attempts: 2, error: 'HTTP 503' }),
          delivery(3, { status: 'pending', statusCode: null, attempts: 0 }),
          delivery(4, { event: 'batch.failed', status: 'failed', statusCode: 410, attempts: 6, error: 'HTTP 410' }),
        ]),
        endpoint(5, 'https://studio.example/b'),
      ],
    });
    renderCard();
    const first = await screen.findByRole('region', { name: 'Endpoint https://studio.example/a' });
    const rows = within(first).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').slice(1).map((c) => c.textContent))).toEqual([
      ['batch.completed', '200', 'Delivered1 try'],
      ['batch.completed', '503', 'Retrying2 tries'],
      ['batch.completed', '—', 'Queued0 tries'],
      ['batch.failed', '410', 'Failed6 tries'],
    ]);

    await userEvent.click(within(first).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Endpoint https://studio.example/a' })).not.toBeInTheDocument());
    expect(screen.getByRole('region', { name: 'Endpoint https://studio.example/b' })).toBeInTheDocument();
    expect(server.writes()).toEqual([{ method: 'DELETE', path: '/api/webhooks/endpoints/4', body: undefined }]);
  });

  it('offers to try again when the endpoints cannot be loaded', async () => {
    servePlugins({ endpoints: [endpoint(9, 'https://studio.example/c')], failLoads: 1 });
    renderCard();
    expect(await screen.findByText('Your webhook endpoints could not be loaded')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Endpoint https://studio.example/c' })).toBeInTheDocument();
  });
});
