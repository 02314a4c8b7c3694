import http from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Gauge, Registry } from 'prom-client';
import { unauthorized } from '../errors.js';
import { httpDurationHistogram, workRegistry } from './metrics.js';

/**
 * GET /metrics in Prometheus' text format, off by default: with METRICS_TOKEN the app serves it
 * to `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise); with METRICS_PORT a second listener
 * on 127.0.0.1 serves it to whoever can reach localhost. Either, both, or neither.
 */
export function registerMetrics(app: FastifyInstance & { liveHub?: { socketCount: number } }): void {
  const { METRICS_TOKEN, METRICS_PORT } = app.ctx.config;
  if (!METRICS_TOKEN && METRICS_PORT === undefined) return;

  const appRegistry = new Registry();
  const httpDuration = httpDurationHistogram(appRegistry);
  app.addHook('onResponse', async (req, reply) => {
    // The route's pattern (/api/images/:id), never the raw URL: one series per route, not per id.
    const route = req.routeOptions.url ?? 'unmatched';
    httpDuration.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  const depth = new Gauge({ name: 'atelier_job_queue_depth', help: 'Jobs of each queue, by state (waiting, active)', labelNames: ['queue', 'state'] as const, registers: [appRegistry] });
  const oldest = new Gauge({ name: 'atelier_job_queue_oldest_waiting_seconds', help: 'Age of the oldest waiting job of each queue', labelNames: ['queue'] as const, registers: [appRegistry] });
  new Gauge({
    name: 'atelier_live_sockets',
    help: 'Live WebSocket connections open on this process',
    registers: [appRegistry],
    collect() {
      this.set(app.liveHub?.socketCount ?? 0);
    },
  });

  const render = async (): Promise<string> => {
    // Read the queues once per scrape (not once per gauge).
    depth.reset();
    oldest.reset();
    for (const q of await app.ctx.jobs.depths()) {
      depth.set({ queue: q.queue, state: 'waiting' }, q.waiting);
      depth.set({ queue: q.queue, state: 'active' }, q.active);
      oldest.set({ queue: q.queue }, q.oldestWaitingSeconds);
    }
    return Registry.merge([workRegistry, appRegistry]).metrics();
  };

  if (METRICS_TOKEN) {
    const expected = Buffer.from(`Bearer ${METRICS_TOKEN}`);
    app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
      const given = Buffer.from(req.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw unauthorized('A bearer token (METRICS_TOKEN) is required for /metrics', 'METRICS_UNAUTHORIZED');
      }
      return reply.type(Registry.PROMETHEUS_CONTENT_TYPE).send(await render());
    });
  }

  if (METRICS_PORT !== undefined) {
    const server = http.createServer((req, res) => {
      if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      render().then(
        (body) => res.writeHead(200, { 'content-type': Registry.PROMETHEUS_CONTENT_TYPE }).end(body),
        (err: unknown) => {
          app.log.error({ err }, 'metrics could not be read');
          res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics could not be read');
        },
      );
    });
    app.addHook('onReady', () => new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(METRICS_PORT, '127.0.0.1', () => {
        const addr = server.address();
        app.log.info({ port: typeof addr === 'object' && addr ? addr.port : METRICS_PORT }, 'metrics on 127.0.0.1');
        resolve();
      });
    }));
    app.addHook('onClose', () => new Promise<void>((resolve) => server.close(() => resolve())));
    app.decorate('metricsServer', server);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The 127.0.0.1 listener of METRICS_PORT, when set. */
    metricsServer?: http.Server;
  }
}
