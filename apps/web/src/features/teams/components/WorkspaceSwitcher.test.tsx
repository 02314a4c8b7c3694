import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useGetCreditsSummaryQuery } from '../../../app/api/billing';
import { renderWithRouter, signedInAuth } from '../../../test/factories';
import { WORKSPACE_STORAGE_KEY } from '../store/storedWorkspace';
import { createTeam, fakeApi } from '../test-helpers';
import { WorkspaceSwitcher } from './WorkspaceSwitcher';

/** A screen's query: the balance GET /credits answers for the workspace of the call. */
function Balance() {
  const { data } = useGetCreditsSummaryQuery();
  return <p>Balance: {data ? data.credits : '…'}</p>;
}

const summary = (credits: number) => ({ credits, purchasedCredits: 0, planCredits: credits, allowance: 1000 });

function setUp() {
  const calls = fakeApi(({ method, path, workspace, body }) => {
    if (method === 'GET' && path === '/teams') return [createTeam(), createTeam({ id: 9, name: 'Atelier Süd', role: 'member' })];
    if (method === 'POST' && path === '/teams') return new Response(JSON.stringify({ id: 12, name: (body as { name: string }).name, role: 'owner' }), { status: 201 });
    if (path === '/credits') return summary(workspace === 'team:7' ? 900 : workspace === 'team:12' ? 0 : 120);
    return {};
  });
  const view = renderWithRouter(
    [
      {
        path: '*',
        element: (
          <>
            <WorkspaceSwitcher />
            <Balance />
          </>
        ),
      },
    ],
    { path: '/gallery', auth: signedInAuth() },
  );
  return { ...view, calls };
}

describe('WorkspaceSwitcher', () => {
  it('lists the personal workspace and each team with its role, and can be driven by keyboard', async () => {
    const user = userEvent.setup();
    setUp();
    const trigger = screen.getByRole('button', { name: /Workspace: Personal/ });
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitemradio', { name: /Personal/ })).toHaveAttribute('aria-checked', 'true');
    expect(await within(menu).findByRole('menuitemradio', { name: /Studio Nord.*Owner · 2 members/ })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitemradio', { name: /Atelier Süd.*Member/ })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Create a team…' })).toBeInTheDocument();
  });

  it('switching to a team stores it, sends the workspace header, and drops the cached replies of the other workspace', async () => {
    const user = userEvent.setup();
    const { calls, store } = setUp();
    expect(await screen.findByText('Balance: 120')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/credits')?.workspace).toBeNull();

    await user.click(screen.getByRole('button', { name: /Workspace: Personal/ }));
    await user.click(await screen.findByRole('menuitemradio', { name: /Studio Nord/ }));

    expect(localStorage.getItem(WORKSPACE_STORAGE_KEY)).toBe('7');
    expect(store.getState().workspace.teamId).toBe(7);
    // The personal balance is gone from the cache at once; the team's arrives with the header.
    expect(screen.queryByText('Balance: 120')).not.toBeInTheDocument();
    expect(await screen.findByText('Balance: 900')).toBeInTheDocument();
    const creditCalls = calls.filter((c) => c.path === '/credits');
    expect(creditCalls.map((c) => c.workspace)).toEqual([null, 'team:7']);
    expect(await screen.findByRole('button', { name: /Workspace: Studio Nord/ })).toBeInTheDocument();

    // Back to personal: no header again.
    await user.click(screen.getByRole('button', { name: /Workspace: Studio Nord/ }));
    await user.click(await screen.findByRole('menuitemradio', { name: /Personal/ }));
    expect(await screen.findByText('Balance: 120')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/credits').at(-1)?.workspace).toBeNull();
    expect(localStorage.getItem(WORKSPACE_STORAGE_KEY)).toBeNull();
  });

  it('creates a team with the contract rule on the name, then works in it', async () => {
    const user = userEvent.setup();
    const { calls, store } = setUp();
    await user.click(screen.getByRole('button', { name: /Workspace: Personal/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Create a team…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a team' });
    await user.type(within(dialog).getByLabelText('Team name'), 'S');
    await user.click(within(dialog).getByRole('button', { name: 'Create team' }));
    expect(await within(dialog).findByText('Team name must be at least 2 characters')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('Team name'), 'tudio Ost');
    await user.click(within(dialog).getByRole('button', { name: 'Create team' }));
    await waitFor(() => expect(store.getState().workspace.teamId).toBe(12));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/teams', body: { name: 'Studio Ost' }, workspace: null });
    expect(await screen.findByText('Balance: 0')).toBeInTheDocument();
  });
});
