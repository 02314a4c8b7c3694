import { describe, expect, it } from 'vitest';
import { createTokenVersionCache } from './token-version-cache.js';

describe('token version cache', () => {
  it('remembers a version for its lifetime, then asks again', () => {
    let clock = 1_000;
    const cache = createTokenVersionCache({ ttlMs: 5_000, now: () => clock });
    const first = cache.read(7);
    expect(first.version).toBeUndefined();
    cache.store(7, 3, first.stamp);
    expect(cache.read(7).version).toBe(3);
    clock += 4_999;
    expect(cache.read(7).version).toBe(3);
    clock += 1;
    expect(cache.read(7).version).toBeUndefined();
  });

  it('forgets an account at once, and drops a lookup that started before the revocation', () => {
    const cache = createTokenVersionCache();
    cache.store(7, 0, cache.read(7).stamp);
    const before = cache.read(7); // a request's lookup in flight while another revokes the sessions
    cache.forget(7);
    expect(cache.read(7).version).toBeUndefined();
    cache.store(7, 0, before.stamp);
    expect(cache.read(7).version).toBeUndefined();
    const after = cache.read(7);
    cache.store(7, 1, after.stamp);
    expect(cache.read(7).version).toBe(1);
    expect(cache.read(8).version).toBeUndefined();
  });

  it('keeps at most maxEntries accounts, dropping the oldest', () => {
    const cache = createTokenVersionCache({ maxEntries: 2 });
    for (const id of [1, 2, 3]) cache.store(id, id, cache.read(id).stamp);
    expect([1, 2, 3].map((id) => cache.read(id).version)).toEqual([undefined, 2, 3]);
  });
});
