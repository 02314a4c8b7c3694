import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify } from 'jose';

const ALG = 'HS256';
export const TOKEN_TTL_SECONDS = 7 * 24 * 3600;

export interface TokenClaims {
  userId: number;
  /** The account's token version when the token was signed (users.token_version). */
  tokenVersion: number;
  /** This sign-in's id (`sid`): logout revokes it alone. Tokens signed before sessions had ids have none. */
  sessionId?: string;
  /** When the token expires (seconds since the epoch). */
  expiresAt?: number;
}

export interface TokenService {
  sign(userId: number, tokenVersion?: number): Promise<string>;
  /** The user id, or null for a bad or expired token. */
  verify(token: string): Promise<number | null>;
  /** The user id and token version, or null for a bad or expired token. */
  claims(token: string): Promise<TokenClaims | null>;
}

/** Verified tokens kept (each until its expiry); a full cache is emptied. */
const VERIFIED_CACHE_MAX = 10_000;

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  // jose verifies through WebCrypto: importing the raw key on every call made verification the
  // largest CPU cost of a small authenticated GET (about 180 µs). The key is imported once, and a
  // token already verified is answered from memory until it expires: a token is immutable, and
  // whether its user still exists, and its token version (revocation), is checked per request by
  // the auth guard.
  const cryptoKey = crypto.webcrypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  const verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();
  return {
    sign: (userId, tokenVersion = 0) =>
      new SignJWT({ tv: tokenVersion, sid: crypto.randomBytes(12).toString('base64url') })
        .setProtectedHeader({ alg: ALG })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${TOKEN_TTL_SECONDS}s`)
        .sign(key),
    async verify(token) {
      return (await claims(token))?.userId ?? null;
    },
    claims,
  };

  async function claims(token: string): Promise<TokenClaims | null> {
    const hit = verified.get(token);
    if (hit) {
      if (hit.expiresAt > Date.now()) return hit.claims;
      verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, await cryptoKey, { algorithms: [ALG] });
      const id = Number(payload.sub);
      const tokenVersion = payload.tv === undefined ? 0 : Number(payload.tv);
      if (!Number.isInteger(id) || id <= 0 || !Number.isInteger(tokenVersion)) return null;
      const result: TokenClaims = { userId: id, tokenVersion };
      if (typeof payload.sid === 'string') result.sessionId = payload.sid;
      if (typeof payload.exp === 'number') result.expiresAt = payload.exp;
      if (typeof payload.exp === 'number') {
        if (verified.size >= VERIFIED_CACHE_MAX) verified.clear();
        verified.set(token, { claims: result, expiresAt: payload.exp * 1000 });
      }
      return result;
    } catch {
      return null;
    }
  }
}

/** JWT_SECRET if set, else a secret generated once and kept in DATA_DIR/jwt-secret. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
