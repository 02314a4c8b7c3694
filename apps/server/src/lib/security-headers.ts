import Fastify, { type FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/**
 * Helmet's security headers (CSP, HSTS, X-Frame-Options, …) on every reply, worked out once.
 *
 * @fastify/helmet rebuilds helmet's middleware from the options on every request (parsing the CSP
 * directives again) in two async hooks; the profile of the list routes showed it as a visible
 * share of a small reply's CPU. Without per-request nonces the headers never change, so they are
 * computed at start-up by @fastify/helmet itself, on a probe instance with the same options, and
 * then set by one synchronous hook.
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', (_req, reply) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(reply.raw.getHeaders())) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    }
    return reply.send(headers);
  });
  try {
    return (await probe.inject({ method: 'GET', url: '/' })).json<Record<string, string>>();
  } finally {
    await probe.close();
  }
}

export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  if (options.enableCSPNonces) throw new Error('CSP nonces change per request: use @fastify/helmet itself');
  const headers = await helmetHeaders(options);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
