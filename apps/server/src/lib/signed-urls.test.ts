import { describe, expect, it } from 'vitest';
import { createUrlSigner, deriveUrlSecret } from './signed-urls.js';

const signer = createUrlSigner({ secret: deriveUrlSecret('a-jwt-secret-long-enough-for-this-test'), ttlSeconds: 3600, publicUrl: 'https://atelier.example' });
const key = 'u/12/inputs/3f2a/original.jpg';
const T = Date.UTC(2025, 0, 15, 10, 7, 30);

function partsOf(url: string) {
  const u = new URL(url, 'http://x');
  return { path: u.pathname, exp: u.searchParams.get('exp')!, sig: u.searchParams.get('sig')! };
}

describe('signed file URLs', () => {
  it('signs a key into /api/files/<key>?exp&sig, valid for at least the TTL', () => {
    const url = signer.sign(key, { now: T });
    const { path, exp, sig } = partsOf(url);
    expect(path).toBe(`/api/files/${key}`);
    expect(sig).toMatch(/^[0-9a-f]{64}$/);
    expect(Number(exp) - T / 1000).toBeGreaterThanOrEqual(3600);
    expect(Number(exp) - T / 1000).toBeLessThanOrEqual(3600 + 900);
    expect(signer.verify(key, exp, sig, T)).toBe('ok');
    expect(signer.signAbsolute(key, { now: T })).toBe(`https://atelier.example${url}`);
  });

  it('gives the same URL within an expiry bucket, so browsers can cache it', () => {
    const a = signer.sign(key, { now: T });
    const b = signer.sign(key, { now: T + 60_000 });
    expect(a).toBe(b);
    expect(signer.sign(key, { now: T + 20 * 60_000 })).not.toBe(a);
  });

  it('refuses a tampered key, expiry or signature, and a missing one', () => {
    const { exp, sig } = partsOf(signer.sign(key, { now: T }));
    expect(signer.verify('u/13/inputs/3f2a/original.jpg', exp, sig, T)).toBe('invalid');
    expect(signer.verify(key, String(Number(exp) + 3600), sig, T)).toBe('invalid');
    expect(signer.verify(key, exp, sig.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')), T)).toBe('invalid');
    expect(signer.verify(key, exp, undefined, T)).toBe('invalid');
    expect(signer.verify(key, undefined, sig, T)).toBe('invalid');
    expect(signer.verify(key, '1e20', sig, T)).toBe('invalid');
    expect(signer.verify(key, exp, 'zz', T)).toBe('invalid');
  });

  it('reports an expired signature as expired', () => {
    const { exp, sig } = partsOf(signer.sign(key, { now: T }));
    expect(signer.verify(key, exp, sig, (Number(exp) + 1) * 1000)).toBe('expired');
  });

  it('does not accept another secret\'s signatures', () => {
    const other = createUrlSigner({ secret: deriveUrlSecret('another-jwt-secret-for-another-server') });
    const { exp, sig } = partsOf(other.sign(key, { now: T }));
    expect(signer.verify(key, exp, sig, T)).toBe('invalid');
  });

  it('parses its own URLs, relative or absolute, and nothing else', () => {
    const url = signer.sign(key, { now: T });
    expect(signer.parse(url, { now: T })).toEqual({ key, exp: Number(partsOf(url).exp) });
    expect(signer.parse(`https://elsewhere.example${url}`, { now: T })?.key).toBe(key);
    expect(signer.parse(url.replace('/12/', '/13/'), { now: T })).toBeNull();
    expect(signer.parse('https://evil.example/api/files/u/12/x.jpg', { now: T })).toBeNull();
    expect(signer.parse('/api/images/1', { now: T })).toBeNull();
    const later = (Number(partsOf(url).exp) + 10) * 1000;
    expect(signer.parse(url, { now: later })).toBeNull();
    expect(signer.parse(url, { now: later, allowExpired: true })?.key).toBe(key);
  });
});
