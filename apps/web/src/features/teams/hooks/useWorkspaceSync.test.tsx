import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter, signedInAuth } from '../../../test/factories';
import { baseImageChanged } from '../../tweak/store/tweakSlice';
import { fakeApi } from '../test-helpers';
import { WORKSPACE_STORAGE_KEY } from '../store/storedWorkspace';
import { workspaceSelected } from '../store/workspaceSlice';
import { useWorkspaceSync } from './useWorkspaceSync';

function Shell() {
  useWorkspaceSync();
  return null;
}

const renderShell = (path: string) => renderWithRouter([{ path: '*', element: <Shell /> }], { path, auth: signedInAuth() });

/** What the browser does in this tab when another tab of the same site writes localStorage. */
function otherTabStores(value: string | null) {
  if (value === null) localStorage.removeItem(WORKSPACE_STORAGE_KEY);
  else localStorage.setItem(WORKSPACE_STORAGE_KEY, value);
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key: WORKSPACE_STORAGE_KEY, newValue: value, storageArea: localStorage }));
  });
}

describe('useWorkspaceSync', () => {
  it("a switch drops the other workspace's image from Tweak's URL, keeping the rest", async () => {
    fakeApi(() => ({}));
    const { store, router } = renderShell('/tweak?imageId=41&imageType=generated&prompt=brick');
    act(() => {
      store.dispatch(workspaceSelected(7));
    });
    await waitFor(() => expect(router.state.location.search).toBe('?prompt=brick'));
    expect(router.state.location.pathname).toBe('/tweak');
  });

  it('leaves the URL of a screen that names nothing of the workspace', async () => {
    fakeApi(() => ({}));
    const { store, router } = renderShell('/gallery?sort=newest');
    const before = router.state.location.key;
    act(() => {
      store.dispatch(workspaceSelected(7));
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(router.state.location.key).toBe(before);
    expect(router.state.location.search).toBe('?sort=newest');
  });

  it('follows a switch made in another tab, clearing what the other workspace left (Tweak, URL)', async () => {
    fakeApi(() => ({}));
    const { store, router } = renderShell('/tweak?imageId=41&imageType=generated');
    act(() => {
      store.dispatch(baseImageChanged({ base: { kind: 'generated', id: 41, url: '/api/files/gen/41.jpg?sig=x', width: 1200, height: 800 } }));
    });
    expect(store.getState().tweak.selectedBaseImageId).toBe(41);

    otherTabStores('7');
    expect(store.getState().workspace.teamId).toBe(7);
    expect(store.getState().tweak.selectedBase).toBeNull();
    await waitFor(() => expect(router.state.location.search).toBe(''));

    // And back to the personal workspace when the other tab goes there.
    otherTabStores(null);
    expect(store.getState().workspace.teamId).toBeNull();
  });

  it('ignores other keys and a stored value equal to its own workspace', () => {
    fakeApi(() => ({}));
    const { store } = renderShell('/create');
    const seen: unknown[] = [];
    store.subscribe(() => seen.push(store.getState().workspace.teamId));
    act(() => {
      localStorage.setItem('atelier.other', '9');
      window.dispatchEvent(new StorageEvent('storage', { key: 'atelier.other', newValue: '9', storageArea: localStorage }));
    });
    otherTabStores(null);
    expect(store.getState().workspace.teamId).toBeNull();
    expect(seen).toEqual([]);
  });
});
