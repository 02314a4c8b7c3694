import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { API_KEY_LIMIT, PLUGIN_MESSAGES } from '@atelier/contract';
import { withStore } from '../../../test/factories';
import { ApiKeysCard } from './ApiKeysCard';
import { apiKey, servePlugins } from './pluginsFake.test-helpers';

const renderCard = () => render(withStore(<ApiKeysCard />).ui);

describe('ApiKeysCard', () => {
  it('says there are no keys yet, then shows a new key once and lists it by prefix', async () => {
    const server = servePlugins();
    renderCard();
    expect(await screen.findByText(/No API keys yet/)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Key name'), '  Blender on the studio PC ');
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));

    const secret = await screen.findByLabelText('API key');
    expect(secret).toHaveValue(`atl_k100ab${'x'.repeat(37)}`);
    expect(screen.getByText('Copy the key “Blender on the studio PC” now: it is shown only once.')).toBeInTheDocument();
    expect(server.writes()).toEqual([{ method: 'POST', path: '/api/api-keys', body: { name: 'Blender on the studio PC' } }]);
    const list = await screen.findByRole('list', { name: 'API keys' });
    expect(within(list).getByText('Blender on the studio PC')).toBeInTheDocument();
    expect(within(list).getByText('atl_k100ab…')).toBeInTheDocument();
    expect(within(list).getByText('Never used')).toBeInTheDocument();
    expect(screen.getByLabelText('Key name')).toHaveValue('');

    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('API key')).not.toBeInTheDocument();
  });

  it('refuses an empty name without calling the server', async () => {
    const server = servePlugins();
    renderCard();
    await screen.findByText(/No API keys yet/);
    await userEvent.type(screen.getByLabelText('Key name'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText(PLUGIN_MESSAGES.keyName)).toBeInTheDocument();
    expect(server.writes()).toEqual([]);
  });

  it('revokes a key after the confirmation, and keeps it when cancelled', async () => {
    const server = servePlugins({ keys: [apiKey(7, 'Laptop'), apiKey(8, 'Render box', '2026-11-19T17:30:00.000Z')] });
    renderCard();
    const list = await screen.findByRole('list', { name: 'API keys' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).queryAllByText(/^Last used /)).toHaveLength(1);
    // Dates in the shared en-US short format, whatever the browser's locale.
    expect(within(list).getAllByText('Created Nov 1, 2026')).toHaveLength(2);
    expect(within(list).getByText(/^Last used Nov 19, 2026, \d{1,2}:30 (AM|PM)$/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Revoke Laptop' }));
    expect(await screen.findByRole('dialog', { name: 'Revoke “Laptop”?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.writes()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Revoke Laptop' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'API keys' })).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.queryByText('Laptop')).not.toBeInTheDocument();
    expect(server.writes()).toEqual([{ method: 'DELETE', path: '/api/api-keys/7', body: undefined }]);
  });

  it('disables a new key at the limit and says why', async () => {
    servePlugins({ keys: Array.from({ length: API_KEY_LIMIT }, (_, i) => apiKey(i + 1, `Key ${i + 1}`)) });
    renderCard();
    expect(await screen.findByText(`An account can hold ${API_KEY_LIMIT} keys: revoke one to make another.`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create key' })).toBeDisabled();
  });

  it('offers to try again when the keys cannot be loaded', async () => {
    servePlugins({ keys: [apiKey(3, 'Office')], failLoads: 1 });
    renderCard();
    expect(await screen.findByText('Your keys could not be loaded')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Office')).toBeInTheDocument();
  });
});
