// @ts-check
/**
 * The Atelier public API as the CLI calls it: ATELIER_URL and ATELIER_KEY from the environment,
 * the server's {message, code} turned into a CliError the user can act on.
 */

export class CliError extends Error {
  /** @param {string} message @param {string} [code] */
  constructor(message, code) {
    super(message);
    this.code = code;
  }
}

/** What to tell the user for a refusal, by the server's code (its own message otherwise). */
const HINTS = /** @type {Record<string, string>} */ ({
  UNAUTHORIZED: 'Set ATELIER_KEY to an API key from the Plugins page of Atelier.',
  API_KEY_NOT_ALLOWED: 'API keys cannot change the account; sign in to Atelier for that.',
  PLAN_REQUIRED: 'Choose a plan on the Subscription page of Atelier first.',
  INSUFFICIENT_CREDITS: 'Buy extra credits on the Credits page of Atelier, or render fewer variations.',
  RATE_LIMITED: 'Wait a moment and try again.',
});

/** @param {NodeJS.ProcessEnv} env */
export function connection(env) {
  const base = (env.ATELIER_URL ?? '').trim().replace(/\/+$/, '');
  const key = (env.ATELIER_KEY ?? '').trim();
  if (!base) throw new CliError('ATELIER_URL is not set: export ATELIER_URL=https://your-atelier-address');
  if (!/^https?:\/\//i.test(base)) throw new CliError(`ATELIER_URL must start with http:// or https:// (got "${base}")`);
  if (!key) throw new CliError('ATELIER_KEY is not set: create an API key on the Plugins page of Atelier and export ATELIER_KEY=atl_…');
  return { base, key };
}

/**
 * One call; answers the parsed JSON, or the raw Response when `raw`. A refusal throws CliError.
 * @param {{ base: string; key: string }} conn
 * @param {string} path
 * @param {{ method?: string; body?: FormData | object; raw?: boolean }} [opts]
 */
export async function call(conn, path, opts = {}) {
  /** @type {Record<string, string>} */
  const headers = { authorization: `Bearer ${conn.key}`, 'user-agent': 'atelier-cli/0.1' };
  /** @type {BodyInit | undefined} */
  let body;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res;
  try {
    res = await fetch(`${conn.base}/api${path}`, { method: opts.method ?? (body ? 'POST' : 'GET'), headers, body });
  } catch (err) {
    const cause = /** @type {{ cause?: { code?: string } }} */ (err).cause?.code;
    throw new CliError(`Cannot reach Atelier at ${conn.base}${cause ? ` (${cause})` : ''}. Check ATELIER_URL.`, 'NETWORK');
  }
  if (!res.ok) {
    /** @type {{ message?: string; code?: string }} */
    let reply = {};
    try {
      reply = await res.json();
    } catch {
      // not JSON: a proxy's page; the status says enough
    }
    const message = reply.message ?? `Atelier answered ${res.status} ${res.statusText}`;
    const hint = reply.code ? HINTS[reply.code] : undefined;
    throw new CliError(hint ? `${message}\n${hint}` : message, reply.code ?? `HTTP_${res.status}`);
  }
  return opts.raw ? res : res.json();
}
