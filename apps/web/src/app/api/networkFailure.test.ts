import { GENERATION_MESSAGES } from '@atelier/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../store';
import { login } from '../../features/auth/store/authSlice';
import { generationApi } from './generation';
import { apiRequest, errorMessage, NetworkError } from './http';

/** The browser's answer when the server cannot be reached at all. */
function offline() {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );
}

describe('a call that gets no answer (issue 28 item 12)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("apiRequest rejects with a NetworkError, shown as the call's own message instead of 'Failed to fetch'", async () => {
    offline();
    const failure = await apiRequest('/auth/me').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NetworkError);
    expect(errorMessage(failure, 'Failed to fetch user')).toBe('Failed to fetch user');
  });

  it("an RTK Query mutation (Create's Generate) shows the spec's generateFailed message", async () => {
    offline();
    const store = makeStore();
    const failure = await store
      .dispatch(generationApi.endpoints.generate.initiate({ inputImageId: 1, variations: 1 } as never))
      .unwrap()
      .catch((error: unknown) => error);
    expect(errorMessage(failure, GENERATION_MESSAGES.generateFailed)).toBe(GENERATION_MESSAGES.generateFailed);
    expect(JSON.stringify(failure)).not.toContain('TypeError');
  });

  it("the sign-in form's error is the store's default 'Login failed'", async () => {
    offline();
    const store = makeStore();
    await store.dispatch(login({ email: 'ada@studio-example.com', password: 'secret-1' }));
    expect(store.getState().auth.error).toBe('Login failed');
  });

  it('an aborted call still rejects with its AbortError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new DOMException('The user aborted a request.', 'AbortError'))),
    );
    await expect(apiRequest('/auth/me')).rejects.toMatchObject({ name: 'AbortError' });
  });
});
