import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { InputImage } from '@atelier/contract';
import { makeStore } from '../../../app/store';
import { workReducers } from '../../../app/workSlices';
import { initialAuthState } from '../../auth/store/authSlice';
import { initialTweakState } from '../store/tweakSlice';
import { useTweakSession } from './useTweakSession';

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
});
