import crypto from 'node:crypto';

/**
 * Signed, expiring file URLs: `<img>` tags cannot send the bearer token, so image URLs carry an
 * HMAC-SHA256 of the file key and an expiry instead. Keys hold their owner's user id
 * (`u/<userId>/...`) and the signature covers the whole key, so a URL leads to exactly one
 * file and cannot be edited into another user's.
 *
 * Expiries are rounded up to a bucket (a quarter of the TTL, at most 15 minutes), so every URL
 * signed for a file within one bucket is the same string and the browser's cache keeps hitting.
 */

export const FILES_PATH_PREFIX = '/api/files/';
export const DEFAULT_SIGNED_URL_TTL_SECONDS = 3600;

export type SignatureCheck = 'ok' | 'invalid' | 'expired';

export interface UrlSigner {
  /** `/api/files/<key>?exp=<unix seconds>&sig=<hex>`, valid for at least the TTL. */
  sign(key: string, opts?: { ttlSeconds?: number; now?: number }): string;
  /** The same URL, absolute (PUBLIC_URL), for outside services that fetch files. */
  signAbsolute(key: string, opts?: { ttlSeconds?: number; now?: number }): string;
  /** Checks a key against the URL's `exp` and `sig` (both as received, possibly missing). */
  verify(key: string, exp: unknown, sig: unknown, now?: number): SignatureCheck;
  /**
   * The key of a URL this signer made (relative or absolute, any host), or null when it is not
   * one or its signature is wrong. Expired URLs count only with `allowExpired`.
   */
  parse(url: string, opts?: { allowExpired?: boolean; now?: number }): { key: string; exp: number } | null;
  /** Seconds until the expiry of a URL (for cache headers). */
  readonly ttlSeconds: number;
}

/** A secret for file URLs derived from the JWT secret (a different key for a different purpose). */
export function deriveUrlSecret(jwtSecret: string): Buffer {
  return crypto.createHmac('sha256', jwtSecret).update('atelier/signed-file-urls/v1').digest();
}

export function createUrlSigner(opts: {
  secret: string | Buffer;
  ttlSeconds?: number;
  publicUrl?: string;
}): UrlSigner {
  const ttl = opts.ttlSeconds ?? DEFAULT_SIGNED_URL_TTL_SECONDS;
  const bucket = Math.max(1, Math.min(900, Math.floor(ttl / 4)));
  const publicUrl = (opts.publicUrl ?? '').replace(/\/$/, '');
  const secret = opts.secret;

  const mac = (key: string, exp: number) =>
    crypto.createHmac('sha256', secret).update(`${key}\n${exp}`).digest('hex');
  const nowSeconds = (now?: number) => Math.floor((now ?? Date.now()) / 1000);
  const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

  // Within a bucket the same key always gives the same URL: lists re-sign the same keys on
  // every request, so a small cache saves most of the HMACs. One map of keys per expiry (no
  // key string to build per lookup); bounded, emptied when full.
  const cache = new Map<number, Map<string, string>>();
  let cachedUrls = 0;
  const CACHE_MAX = 20_000;

  function sign(key: string, o: { ttlSeconds?: number; now?: number } = {}): string {
    const exp = Math.ceil((nowSeconds(o.now) + (o.ttlSeconds ?? ttl)) / bucket) * bucket;
    let urls = cache.get(exp);
    const cached = urls?.get(key);
    if (cached !== undefined) return cached;
    const url = `${FILES_PATH_PREFIX}${encodeKey(key)}?exp=${exp}&sig=${mac(key, exp)}`;
    if (cachedUrls >= CACHE_MAX) {
      cache.clear();
      cachedUrls = 0;
      urls = undefined;
    }
    if (!urls) {
      urls = new Map();
      cache.set(exp, urls);
    }
    urls.set(key, url);
    cachedUrls++;
    return url;
  }

  function verify(key: string, exp: unknown, sig: unknown, now?: number): SignatureCheck {
    if (typeof exp !== 'string' && typeof exp !== 'number') return 'invalid';
    if (typeof sig !== 'string' || !/^[0-9a-f]{64}$/.test(sig)) return 'invalid';
    const expNum = typeof exp === 'number' ? exp : /^\d{1,12}$/.test(exp) ? Number(exp) : NaN;
    if (!Number.isSafeInteger(expNum)) return 'invalid';
    const expected = Buffer.from(mac(key, expNum), 'hex');
    if (!crypto.timingSafeEqual(expected, Buffer.from(sig, 'hex'))) return 'invalid';
    return expNum < nowSeconds(now) ? 'expired' : 'ok';
  }

  return {
    ttlSeconds: ttl,
    sign,
    signAbsolute: (key, o) => `${publicUrl}${sign(key, o)}`,
    verify,
    parse(url, o = {}) {
      let parsed: URL;
      try {
        parsed = new URL(url, 'http://relative.invalid');
      } catch {
        return null;
      }
      if (!parsed.pathname.startsWith(FILES_PATH_PREFIX)) return null;
      let key: string;
      try {
        key = decodeURIComponent(parsed.pathname.slice(FILES_PATH_PREFIX.length));
      } catch {
        return null;
      }
      const exp = parsed.searchParams.get('exp') ?? undefined;
      const check = verify(key, exp, parsed.searchParams.get('sig') ?? undefined, o.now);
      if (check === 'ok' || (check === 'expired' && o.allowExpired)) return { key, exp: Number(exp) };
      return null;
    },
  };
}
