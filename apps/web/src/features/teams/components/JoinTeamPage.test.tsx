import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initialAuthState } from '../../auth/store/authSlice';
import { renderWithRouter, signedInAuth } from '../../../test/factories';
import { WORKSPACE_STORAGE_KEY } from '../store/storedWorkspace';
import { createTeam, fakeApi } from '../test-helpers';
import { JoinTeamPage, JOIN_TEXTS } from './JoinTeamPage';

const TOKEN = 'invitation-token-0123456789abcdef';
const routes = [
  { path: '/team/join', element: <JoinTeamPage /> },
  { path: '/create', element: <p>Create page</p> },
  { path: '/login', element: <p>Login page</p> },
];

describe('JoinTeamPage', () => {
  it('signed in: joins with the token once and opens the team workspace on Create', async () => {
    const calls = fakeApi(({ method, path }) => {
      if (method === 'POST' && path === '/teams/join') return { teamId: 7, role: 'member', name: 'Studio Nord' };
      if (path === '/teams') return [createTeam({ role: 'member' })];
      return {};
    });
    const { store, router } = renderWithRouter(routes, { path: `/team/join?token=${TOKEN}`, auth: signedInAuth() });
    expect(await screen.findByText('Create page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/create');
    expect(store.getState().workspace.teamId).toBe(7);
    expect(localStorage.getItem(WORKSPACE_STORAGE_KEY)).toBe('7');
    const joins = calls.filter((c) => c.path === '/teams/join');
    expect(joins).toHaveLength(1);
    // The join itself is not made "in" any team.
    expect(joins[0]).toMatchObject({ method: 'POST', body: { token: TOKEN }, workspace: null });
  });

  it("signed in: shows the server's reason when the link is refused, and stays in the current workspace", async () => {
    fakeApi(({ path }) =>
      path === '/teams/join'
        ? new Response(JSON.stringify({ message: 'This invitation has already been used', code: 'INVITATION_USED' }), { status: 409 })
        : [],
    );
    const { store } = renderWithRouter(routes, { path: `/team/join?token=${TOKEN}`, auth: signedInAuth() });
    expect(await screen.findByText('This invitation has already been used')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toBeInTheDocument();
    expect(store.getState().workspace.teamId).toBeNull();
  });

  it('signed out: keeps the invitation and offers sign-in that returns here, or a new account', async () => {
    const calls = fakeApi(() => ({}));
    renderWithRouter(routes, { path: `/team/join?token=${TOKEN}`, auth: { ...initialAuthState, isInitialized: true } });
    expect(await screen.findByText("You're invited to a team on Atelier")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to join' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    await waitFor(() => expect(localStorage.getItem('atelier.teamInvite')).toBe(TOKEN));
    expect(calls.some((c) => c.path === '/teams/join')).toBe(false);
  });

  it('a link without a token says so', async () => {
    fakeApi(() => ({}));
    renderWithRouter(routes, { path: '/team/join', auth: signedInAuth() });
    expect(await screen.findByText(JOIN_TEXTS.noToken)).toBeInTheDocument();
  });
});
