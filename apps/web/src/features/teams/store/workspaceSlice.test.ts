import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { billingApi } from '../../../app/api/billing';
import { makeStore } from '../../../app/store';
import { signedInAuth } from '../../../test/factories';
import { logout, updateCredits } from '../../auth/store/authSlice';
import { fakeApi } from '../test-helpers';
import { readStoredTeamId, WORKSPACE_STORAGE_KEY, workspaceHeaders } from './storedWorkspace';
import { workspaceSelected } from './workspaceSlice';

describe('the chosen workspace', () => {
  it('is stored for the next visit and read back; a bad stored value means personal', () => {
    const store = makeStore({ auth: signedInAuth() });
    store.dispatch(workspaceSelected(7));
    expect(readStoredTeamId()).toBe(7);
    expect(workspaceHeaders()).toEqual({ 'X-Atelier-Workspace': 'team:7' });
    expect(makeStore().getState().workspace.teamId).toBe(7);
    localStorage.setItem(WORKSPACE_STORAGE_KEY, 'team:abc');
    expect(readStoredTeamId()).toBeNull();
    expect(workspaceHeaders()).toEqual({});
  });

  it('goes back to personal on sign-out, so the next account on this device starts in its own', async () => {
    fakeApi(() => ({ success: true }));
    const store = makeStore({ auth: signedInAuth() });
    store.dispatch(workspaceSelected(7));
    await store.dispatch(logout());
    expect(store.getState().workspace.teamId).toBeNull();
    expect(localStorage.getItem(WORKSPACE_STORAGE_KEY)).toBeNull();
  });

  it("in a team, a new balance (live message, work reply) is the team pool's", async () => {
    fakeApi(({ path, workspace }) => (path === '/credits' ? { credits: workspace === 'team:7' ? 500 : 20, purchasedCredits: 0, planCredits: 0, allowance: 1000 } : {}));
    const store = makeStore({ auth: signedInAuth({ credits: 20 }) });
    store.dispatch(workspaceSelected(7));
    await store.dispatch(billingApi.endpoints.getCreditsSummary.initiate());
    const pool = () => billingApi.endpoints.getCreditsSummary.select()(store.getState()).data?.credits;
    expect(pool()).toBe(500);
    store.dispatch(updateCredits(492));
    expect(pool()).toBe(492);

    // Back in the personal workspace the session's balance is the personal one again.
    store.dispatch(workspaceSelected(null));
    await waitFor(() => expect(store.getState().auth.credits).toBe(20));
  });
});
