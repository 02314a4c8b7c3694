import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fetchCall, json, mockFetchBy } from '../../test/factories';
import { storeToken } from '../../features/auth/store/storedSession';
import { apiRequest, startEarlyMe } from './http';

const me = (name: string) => ({ user: { fullName: name } });

describe('the early /auth/me (main.tsx asks before the app loads)', () => {
  let served: string[];
  beforeEach(() => {
    served = [];
    let n = 0;
    mockFetchBy((url) => {
      served.push(url);
      return json(me(`reply ${++n}`));
    });
  });
  afterEach(() => localStorage.clear());

  it('is the reply of the first GET /auth/me, which asks nothing more; the next one asks again', async () => {
    storeToken('token-a');
    startEarlyMe();
    expect(served).toEqual(['/api/auth/me']);
    await expect(apiRequest('/auth/me')).resolves.toEqual(me('reply 1'));
    expect(served).toHaveLength(1);
    await expect(apiRequest('/auth/me')).resolves.toEqual(me('reply 2'));
    expect(served).toHaveLength(2);
  });

  it('carries the stored token', () => {
    storeToken('token-a');
    const fetch = mockFetchBy(() => json(me('x')));
    startEarlyMe();
    expect(new Headers(fetchCall(fetch).init.headers).get('Authorization')).toBe('Bearer token-a');
  });

  it('is not used once the token changed (a sign-in in between): that call asks with the new token', async () => {
    storeToken('token-a');
    startEarlyMe();
    storeToken('token-b');
    await expect(apiRequest('/auth/me')).resolves.toEqual(me('reply 2'));
    expect(served).toHaveLength(2);
  });

  it('is not used by another call', async () => {
    storeToken('token-a');
    startEarlyMe();
    await apiRequest('/auth/me', { method: 'PATCH', body: { fullName: 'Ada' } });
    await apiRequest('/credits');
    expect(served).toEqual(['/api/auth/me', '/api/auth/me', '/api/credits']);
  });

  it('is not asked for without a stored token', () => {
    startEarlyMe();
    expect(served).toEqual([]);
  });
});
