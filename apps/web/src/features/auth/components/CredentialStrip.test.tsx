import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { siteApi } from '../../../app/api/site';
import { json, mockFetchBy, withStore } from '../../../test/factories';
import { CredentialStrip } from './CredentialStrip';

function stripWith(credentials: Array<{ label: string; url?: string }>) {
  mockFetchBy((url) => (url.includes('/api/site') ? json({ credentials }) : json({}, 404)));
  const { ui, store } = withStore(<CredentialStrip />);
  render(ui);
  return store;
}

describe('CredentialStrip', () => {
  it('names the plugin bridge tools and shows no unnamed credentials when none are configured', async () => {
    const store = stripWith([]);
    await waitFor(() => expect(siteApi.endpoints.getSiteInfo.select()(store.getState()).isSuccess).toBe(true));
    expect(screen.getByText('Blender')).toBeInTheDocument();
    expect(screen.getByText('Command line')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Credentials' })).not.toBeInTheDocument();
    expect(screen.queryByText('Award finalist')).not.toBeInTheDocument();
  });

  it('shows the configured credentials, linked when they have a url', async () => {
    stripWith([{ label: 'Finalist, Example Design Award 2025', url: 'https://awards.example/2025' }, { label: 'Member, Example Institute' }]);
    expect(await screen.findByRole('link', { name: 'Finalist, Example Design Award 2025' })).toHaveAttribute('href', 'https://awards.example/2025');
    expect(screen.getByText('Member, Example Institute')).toBeInTheDocument();
  });
});
