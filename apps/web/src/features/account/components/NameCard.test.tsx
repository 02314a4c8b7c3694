import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUser, json, mockFetchBy, signedInAuth, withStore } from '../../../test/factories';
import { NameCard } from './NameCard';

describe('NameCard (profile settings)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves the display name others see, and says how the user will appear', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        // fetchBaseQuery hands fetch a Request.
        const body = (await (input as Request).json()) as { displayName?: string };
        sent.push(body);
        return json({ user: createUser({ fullName: 'Ada Lovelace', displayName: body.displayName || null }), subscription: null, credits: 0 });
      }),
    );
    const { store, ui } = withStore(<NameCard />, signedInAuth());
    render(ui);
    const field = screen.getByLabelText('Display name');
    expect(field).toHaveValue('');
    expect(screen.getByText(/as “Ada”\. Leave it empty to use your first name\./)).toBeInTheDocument();
    await userEvent.type(field, 'Countess Ada');
    expect(screen.getByText(/as “Countess Ada”/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(store.getState().auth.user?.displayName).toBe('Countess Ada'));
    expect(sent).toEqual([{ fullName: 'Ada Lovelace', displayName: 'Countess Ada' }]);
  });

  it('refuses a one-letter display name with the field named, without calling the server', async () => {
    const fetch = mockFetchBy(() => json({}));
    const { ui } = withStore(<NameCard />, signedInAuth());
    render(ui);
    await userEvent.type(screen.getByLabelText('Display name'), 'A');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Display name must be at least 2 characters')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
