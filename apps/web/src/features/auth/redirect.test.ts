import { describe, expect, it } from 'vitest';
import { redirectAfterSignIn } from './redirect';

describe('redirectAfterSignIn', () => {
  it('returns to the guarded page with its query and hash', () => {
    expect(redirectAfterSignIn({ from: { pathname: '/edit', search: '?imageId=4', hash: '#x' } })).toBe('/edit?imageId=4#x');
  });
  it('goes to /create without an origin', () => {
    expect(redirectAfterSignIn(null)).toBe('/create');
    expect(redirectAfterSignIn({})).toBe('/create');
    expect(redirectAfterSignIn({ emailSent: true })).toBe('/create');
  });
  it('never returns to a sign-in screen or off-site', () => {
    expect(redirectAfterSignIn({ from: { pathname: '/login', search: '', hash: '' } })).toBe('/create');
    expect(redirectAfterSignIn({ from: { pathname: '/auth/callback', search: '', hash: '' } })).toBe('/create');
    expect(redirectAfterSignIn({ from: { pathname: 'https://evil.example', search: '', hash: '' } })).toBe('/create');
  });
});
