import { describe, expect, it } from 'vitest';
import { makeStore } from '../../../app/store';
import { workReducers } from '../../../app/workSlices';
import { initialAuthState, logout, setInitialized } from '../../auth/store/authSlice';
import { json, mockFetchBy, signedInAuth } from '../../../test/factories';
import { optionsFixture } from '../testing';
import { startOptionsLoader } from './loadOptions';

const optionCalls = (fetch: ReturnType<typeof mockFetchBy>) =>
  fetch.mock.calls.filter(([input]) => (typeof input === 'string' ? input : (input as Request).url).includes('/customization/options')).length;

describe('customization options at start-up', () => {
  it('waits for initialisation, fetches once per session, and forgets that on logout', async () => {
    const fetch = mockFetchBy(() => json(optionsFixture()));
    const store = makeStore({ auth: { ...initialAuthState, ...signedInAuth(), isInitialized: false } }, workReducers);
    const stop = startOptionsLoader(store);
    expect(optionCalls(fetch)).toBe(0);

    store.dispatch(setInitialized());
    await new Promise((r) => setTimeout(r, 0));
    expect(optionCalls(fetch)).toBe(1);
    await new Promise((r) => setTimeout(r, 10));
    expect(store.getState().customization.availableOptions?.photorealistic).toHaveLength(3);

    store.dispatch(setInitialized());
    store.dispatch({ type: 'anything/else' });
    await new Promise((r) => setTimeout(r, 10));
    expect(optionCalls(fetch)).toBe(1);

    await store.dispatch(logout());
    expect(store.getState().customization.optionsRequested).toBe(false);
    expect(optionCalls(fetch)).toBe(1);
    stop();
  });
});
