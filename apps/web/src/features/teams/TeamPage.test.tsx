import type { TeamRole } from '@atelier/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createUser, renderWithRouter, signedInAuth } from '../../test/factories';
import { storeTeamId } from './store/storedWorkspace';
import { createMember, createTeam, fakeApi } from './test-helpers';
import { TeamPage } from './TeamPage';

const owner = createMember({ userId: 1, fullName: 'Ada Lovelace', role: 'owner' });
const admin = createMember({ userId: 2, fullName: 'Grace Hopper', email: 'grace@example.com', role: 'admin', creditsUsedThisMonth: 40 });
const member = createMember({ userId: 3, fullName: 'Carlo Scarpa', email: 'carlo@example.com', role: 'member', monthlyCreditCap: 200, creditsUsedThisMonth: 150, lastActiveAt: null });

const usage = {
  from: '2026-11-01',
  to: '2026-11-27',
  rows: [
    { day: '2026-11-20', userId: 3, fullName: 'Carlo Scarpa', module: 'generation', credits: 100 },
    { day: '2026-11-21', userId: 3, fullName: 'Carlo Scarpa', module: 'refine', credits: 50 },
  ],
  members: [{ userId: 3, fullName: 'Carlo Scarpa', credits: 150 }],
  modules: [
    { module: 'generation', credits: 100 },
    { module: 'refine', credits: 50 },
  ],
  total: 150,
};

/** /team in team 7 as the user `me` with `role`. */
function openAs(me: number, role: TeamRole) {
  storeTeamId(7);
  const calls = fakeApi(({ method, path }) => {
    if (method === 'GET' && path === '/teams') return [createTeam({ role })];
    if (method === 'GET' && path === '/teams/7/members') return [owner, admin, member];
    if (method === 'GET' && path === '/teams/7/invitations')
      return [{ id: 4, email: 'alvar@example.com', role: 'member', expiresAt: '2026-12-04T10:00:00.000Z', createdAt: '2026-11-27T10:00:00.000Z', invitedBy: 'Ada Lovelace' }];
    if (method === 'GET' && path === '/teams/7/usage') return usage;
    if (method === 'PATCH') return { ...member, monthlyCreditCap: 300 };
    return {};
  });
  const view = renderWithRouter([{ path: '/team', element: <TeamPage /> }], { path: '/team', auth: signedInAuth({ user: createUser({ id: me }) }) });
  return { ...view, calls };
}

describe('TeamPage by role', () => {
  it('the owner manages members, caps and roles, sees invitations, the usage report and the team plan', async () => {
    const user = userEvent.setup();
    const { calls } = openAs(1, 'owner');
    const table = await screen.findByRole('table', { name: 'Team members' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    // Carlo: 150 of a 200 cap, never active; role select and actions.
    const carlo = within(table).getByRole('row', { name: /Carlo Scarpa/ });
    expect(within(carlo).getByText('Never')).toBeInTheDocument();
    expect(within(carlo).getByText('/ 200')).toBeInTheDocument();
    expect(within(carlo).getByRole('combobox', { name: 'Role of Carlo Scarpa' })).toHaveValue('member');
    expect(within(carlo).getByRole('button', { name: 'Actions for Carlo Scarpa' })).toBeInTheDocument();
    // The owner's own row: no role select, no remove.
    const ada = within(table).getByRole('row', { name: /Ada Lovelace/ });
    expect(within(ada).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(ada).queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();

    // A cap the contract refuses is not sent; a good one is.
    const cap = within(carlo).getByRole('spinbutton', { name: 'Monthly credit cap of Carlo Scarpa' });
    await user.clear(cap);
    await user.type(cap, '-5');
    await user.click(within(carlo).getByRole('button', { name: 'Save' }));
    expect(await within(carlo).findByRole('alert')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    await user.clear(cap);
    await user.type(cap, '300');
    await user.click(within(carlo).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({ path: '/teams/7/members/3', body: { monthlyCreditCap: 300 } }));

    expect(screen.getByRole('heading', { name: 'Invitations' })).toBeInTheDocument();
    expect(await screen.findByText('alvar@example.com')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Usage report' })).toBeInTheDocument();
    const report = await screen.findByRole('table', { name: 'Credits per member and module' });
    expect(within(report).getByRole('columnheader', { name: 'Create' })).toBeInTheDocument();
    expect(within(report).getByRole('columnheader', { name: 'Upscale' })).toBeInTheDocument();
    // The plan block: the plan, seats used / seats, and for the owner the way to change them.
    const plan = screen.getByRole('region', { name: 'Team plan' });
    expect(within(plan).getByTestId('team-plan-name')).toHaveTextContent('Studio Explorer');
    expect(within(plan).getByTestId('team-seats')).toHaveTextContent('2 / 10');
    expect(within(plan).getByRole('link', { name: 'Change plan or seats' })).toHaveAttribute('href', '/subscription');
    // The owner hands over ownership instead of leaving.
    expect(screen.queryByRole('button', { name: 'Leave team' })).not.toBeInTheDocument();
  });

  it('removes a member only after confirmation', async () => {
    const user = userEvent.setup();
    const { calls } = openAs(1, 'owner');
    const table = await screen.findByRole('table', { name: 'Team members' });
    await user.click(within(table).getByRole('button', { name: 'Actions for Carlo Scarpa' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove from team…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Carlo Scarpa?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Remove member' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/teams/7/members/3'));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('an admin manages members but cannot touch the owner and cannot change billing', async () => {
    openAs(2, 'admin');
    const table = await screen.findByRole('table', { name: 'Team members' });
    const ada = within(table).getByRole('row', { name: /Ada Lovelace/ });
    expect(within(ada).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(ada).queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Actions for Carlo Scarpa' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Invitations' })).toBeInTheDocument();
    const plan = screen.getByRole('region', { name: 'Team plan' });
    expect(within(plan).getByTestId('team-seats')).toHaveTextContent('2 / 10');
    expect(within(plan).getByText("Billing is managed by the studio's owner")).toBeInTheDocument();
    expect(within(plan).queryByRole('link')).not.toBeInTheDocument();
  });

  it('a member sees the members and their own usage, without admin controls', async () => {
    const { calls } = openAs(3, 'member');
    const table = await screen.findByRole('table', { name: 'Team members' });
    expect(within(table).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(table).queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Invitations' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Team plan' })).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your usage' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Team gallery' })).toHaveAttribute('href', '/gallery');
    expect(calls.some((c) => c.path.endsWith('/invitations'))).toBe(false);
  });

  it('a member can leave the team after confirmation, and is back in the personal workspace', async () => {
    const user = userEvent.setup();
    const { calls, store } = openAs(3, 'member');
    await user.click(await screen.findByRole('button', { name: 'Leave team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Studio Nord?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave team' }));
    await waitFor(() => expect(store.getState().workspace.teamId).toBeNull());
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/teams/7/members/3');
  });

  it('shows the error of the members list with a retry', async () => {
    storeTeamId(7);
    fakeApi(({ path }) => {
      if (path === '/teams') return [createTeam({ role: 'member' })];
      if (path === '/teams/7/members') return new Response(JSON.stringify({ message: 'Database unavailable', code: 'X' }), { status: 503 });
      return usage;
    });
    renderWithRouter([{ path: '/team', element: <TeamPage /> }], { path: '/team', auth: signedInAuth() });
    expect(await screen.findByText('Could not load the members')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('in the personal workspace invites to create a team when the user has none', async () => {
    fakeApi(() => []);
    renderWithRouter([{ path: '/team', element: <TeamPage /> }], { path: '/team', auth: signedInAuth() });
    expect(await screen.findByRole('heading', { name: 'Work together as a studio' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create a team' })).toBeInTheDocument();
  });
});
