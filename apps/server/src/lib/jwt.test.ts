import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignJWT } from 'jose';
import { createTokenService, TOKEN_TTL_SECONDS } from './jwt.js';

const SECRET = 'a-jwt-secret-long-enough-for-hs256-signing-in-tests';

const tokenFor = (sub: string, exp: number, secret = SECRET) =>
  new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setIssuedAt().setExpirationTime(exp).sign(new TextEncoder().encode(secret));

describe('token service', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('verifies its own tokens, again and again (the second answer comes from memory)', async () => {
    const tokens = createTokenService(SECRET);
    const token = await tokens.sign(42);
    expect(await tokens.verify(token)).toBe(42);
    expect(await tokens.verify(token)).toBe(42);
  });

  it('refuses a token with an edited payload or signature, even once the real one is remembered', async () => {
    const tokens = createTokenService(SECRET);
    const token = await tokens.sign(42);
    expect(await tokens.verify(token)).toBe(42);
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: '1', exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url');
    expect(await tokens.verify(`${header}.${forged}.${signature}`)).toBeNull();
    expect(await tokens.verify(`${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`)).toBeNull();
  });

  it("refuses another secret's tokens, expired tokens and bad subjects", async () => {
    const tokens = createTokenService(SECRET);
    const inAnHour = Math.floor(Date.now() / 1000) + 3600;
    expect(await tokens.verify(await tokenFor('42', inAnHour, `${SECRET}-other`))).toBeNull();
    expect(await tokens.verify(await tokenFor('42', Math.floor(Date.now() / 1000) - 10))).toBeNull();
    expect(await tokens.verify(await tokenFor('0', inAnHour))).toBeNull();
    expect(await tokens.verify(await tokenFor('abc', inAnHour))).toBeNull();
    expect(await tokens.verify('not.a.token')).toBeNull();
  });

  it('stops accepting a remembered token when it expires', async () => {
    const tokens = createTokenService(SECRET);
    const token = await tokens.sign(7);
    expect(await tokens.verify(token)).toBe(7);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (TOKEN_TTL_SECONDS + 5) * 1000);
    expect(await tokens.verify(token)).toBeNull();
  });
});
