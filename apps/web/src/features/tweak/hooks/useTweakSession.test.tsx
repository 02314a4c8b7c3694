import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GeneratedImage, InputImage } from '@atelier/contract';
import { json, mockFetchBy } from '../../../test/factories';
import { makeStore } from '../../../app/store';
import { workReducers } from '../../../app/workSlices';
import { initialAuthState } from '../../auth/store/authSlice';
import { workspaceSelected } from '../../teams/store/workspaceSlice';
import { initialTweakState } from '../store/tweakSlice';
import { useTweakSession } from './useTweakSession';

const render = (id: number, status: GeneratedImage['status'] = 'COMPLETED', moduleType: GeneratedImage['moduleType'] = 'CREATE') =>
  ({
    id,
    status,
    moduleType,
    imageUrl: `/api/files/gen/${id}.jpg`,
    processedImageUrl: null,
    thumbnailUrl: `/api/files/gen/${id}.webp`,
    batchId: id,
    width: 800,
    height: 600,
    baseImageId: null,
    settingsSnapshot: null,
  }) as unknown as GeneratedImage;
const page = (total: number) => ({ page: 1, limit: 100, total, totalPages: Math.ceil(total / 100) });
// The strip's first page: the 100 newest renders (ids 1101…1200); older ones are on later pages.
const newest = Array.from({ length: 100 }, (_, i) => render(1200 - i));

/** A server with 250 renders of the caller's: the lists give their first page, the by-id lookup any of them. */
function serveImages(byId: Record<number, GeneratedImage>, inputsById: Record<number, InputImage> = {}) {
  return mockFetchBy((url) => {
    const path = new URL(url, 'http://app').pathname;
    if (path === '/api/images/input-and-create')
      return json({ inputImages: [], createImages: newest, pagination: { inputImages: page(0), createImages: page(250) } });
    if (path === '/api/images/all-user-images') return json({ images: [], pagination: page(0) });
    const id = Number(/^\/api\/images\/generated-images\/(\d+)$/.exec(path)?.[1]);
    if (byId[id]) return json(byId[id]);
    if (id) return json({ message: 'Generated image not found', code: 'NOT_FOUND' }, 404);
    const inputId = Number(/^\/api\/images\/input-images\/(\d+)$/.exec(path)?.[1]);
    if (inputsById[inputId]) return json(inputsById[inputId]);
    if (inputId) return json({ message: 'Input image not found', code: 'NOT_FOUND' }, 404);
    return json({ variations: [], currentBaseImageId: 0, baseImageId: 0, pagination: page(0) });
  });
}

function openTweak(url: string) {
  const store = makeStore({ auth: { ...initialAuthState, credits: 10 }, tweak: initialTweakState }, workReducers);
  let router: ReturnType<typeof createMemoryRouter> | null = null;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '/edit', element: children }], { initialEntries: [url] });
    return (
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    );
  };
  const rendered = renderHook(() => useTweakSession(), { wrapper });
  return { store, router: router!, ...rendered };
}

afterEach(() => vi.unstubAllGlobals());

const pending: Array<(img: { naturalWidth: number; naturalHeight: number }) => void> = [];
vi.mock('../lib/overlay', async (original) => ({
  ...(await original<typeof import('../lib/overlay')>()),
  // The result's image loads when the test says so.
  loadImage: () => new Promise((resolve) => pending.push(resolve)),
}));

const input = { id: 31, imageUrl: '/api/files/in/31.jpg', fileName: 'tweak_122.jpg', dimensions: { width: 640, height: 420 } } as unknown as InputImage;

describe('useTweakSession', () => {
  it('a result whose selection waits for its image does not replace an image the user picked meanwhile', async () => {
    const store = makeStore({ auth: { ...initialAuthState, credits: 10 }, tweak: initialTweakState }, workReducers);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <Provider store={store}>
        <RouterProvider router={createMemoryRouter([{ path: '/edit', element: children }], { initialEntries: ['/edit'] })} />
      </Provider>
    );
    const { result, unmount } = renderHook(() => useTweakSession(), { wrapper });

    // A finished result's auto-select begins (its size unknown: its image is loaded first)…
    let selecting!: Promise<void>;
    act(() => {
      selecting = result.current.selectResult({ id: 122, url: '/api/files/gen/122.jpg' });
    });
    // …the user picks "Use as input" meanwhile…
    act(() => result.current.selectSource({ kind: 'input', image: input }, { keepPrompt: true }));
    expect(store.getState().tweak.selectedBase).toMatchObject({ kind: 'input', id: 31 });
    // …and the result's image arrives after: the user's choice stays.
    await act(async () => {
      pending.shift()!({ naturalWidth: 640, naturalHeight: 420 });
      await selecting;
    });
    expect(store.getState().tweak.selectedBase).toMatchObject({ kind: 'input', id: 31 });

    // A result picked with nothing after it is still selected once its image is in.
    await act(async () => {
      const picked = result.current.selectResult({ id: 123, url: '/api/files/gen/123.jpg' });
      pending.shift()!({ naturalWidth: 640, naturalHeight: 420 });
      await picked;
    });
    expect(store.getState().tweak.selectedBase).toMatchObject({ kind: 'generated', id: 123 });
    unmount();
  });

  it("after a workspace switch selects the new workspace's newest image, not the other one's from the URL", async () => {
    let inTeam = false;
    mockFetchBy((url) => {
      const path = new URL(url, 'http://app').pathname;
      if (path === '/api/images/input-and-create')
        return json({ inputImages: [], createImages: inTeam ? [render(2001)] : newest, pagination: { inputImages: page(0), createImages: page(inTeam ? 1 : 100) } });
      if (path === '/api/images/all-user-images') return json({ images: [], pagination: page(0) });
      return json({ variations: [], currentBaseImageId: 0, baseImageId: 0, pagination: page(0) });
    });
    const { store, router, unmount } = openTweak('/edit?imageId=1150&imageType=generated');
    await waitFor(() => expect(store.getState().tweak.selectedBase).toMatchObject({ id: 1150 }));

    inTeam = true;
    act(() => {
      store.dispatch(workspaceSelected(7));
    });
    // The shell drops the other workspace's id from the URL (useWorkspaceSync).
    await act(() => router.navigate('/edit', { replace: true }));
    await waitFor(() => expect(store.getState().tweak.selectedBase).toMatchObject({ kind: 'generated', id: 2001 }));
    unmount();
  });

  it('opens ?imageId of a render older than the first page of the lists, fetched by its id', async () => {
    const fetch = serveImages({ 42: render(42) });
    const { store, unmount } = openTweak('/edit?imageId=42');
    await waitFor(() => expect(store.getState().tweak.selectedBase).toMatchObject({ kind: 'generated', id: 42, url: '/api/files/gen/42.jpg', width: 800 }));
    expect(store.getState().tweak.missingImageId).toBeNull();
    expect(fetch.mock.calls.map(([req]) => new URL((req as Request).url, 'http://app').pathname)).toContain('/api/images/generated-images/42');
    unmount();
  });

  it('says an id the server does not give (another user\'s, deleted) cannot be opened, and shows no other image', async () => {
    serveImages({});
    const { store, unmount } = openTweak('/edit?imageId=43');
    await waitFor(() => expect(store.getState().tweak.missingImageId).toBe(43));
    expect(store.getState().tweak.selectedBase).toBeNull();
    unmount();
  });

  it('does not open an unfinished render fetched by id', async () => {
    serveImages({ 44: render(44, 'PROCESSING') });
    const { store, unmount } = openTweak('/edit?imageId=44');
    await waitFor(() => expect(store.getState().tweak.missingImageId).toBe(44));
    expect(store.getState().tweak.selectedBase).toBeNull();
    unmount();
  });

  it('opens an older input image named with imageType=input through the input lookup', async () => {
    const old = { ...input, id: 7, status: 'COMPLETED', imageUrl: '/api/files/in/7.jpg' } as InputImage;
    const fetch = serveImages({}, { 7: old });
    const { store, unmount } = openTweak('/edit?imageId=7&imageType=input');
    await waitFor(() => expect(store.getState().tweak.selectedBase).toMatchObject({ kind: 'input', id: 7, width: 640 }));
    expect(fetch.mock.calls.map(([req]) => new URL((req as Request).url, 'http://app').pathname)).not.toContain('/api/images/generated-images/7');
    unmount();
  });
});
