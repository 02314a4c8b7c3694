import type http from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import { unauthorized } from '../errors.js';
import { createMetricsReader, serveMetricsOnLocalhost } from './exposition.js';
import { httpDurationHistogram } from './metrics.js';

/**
 * GET /metrics in Prometheus' text format, off by default: with METRICS_TOKEN the app serves it
 * to `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise); with METRICS_PORT a second listener
 * on 127.0.0.1 serves it to whoever can reach localhost. Either, both, or neither.
 */
export function registerMetrics(app: FastifyInstance & { liveHub?: { socketCount: number } }): void {
  const { METRICS_TOKEN, METRICS_PORT } = app.ctx.config;
  if (!METRICS_TOKEN && METRICS_PORT === undefined) return;

  const reader = createMetricsReader({ jobs: app.ctx.jobs, socketCount: () => app.liveHub?.socketCount ?? 0 });
  const httpDuration = httpDurationHistogram(reader.registry);
  app.addHook('onResponse', async (req, reply) => {
    // The route's pattern (/api/images/:id), never the raw URL: one series per route, not per id.
    const route = req.routeOptions.url ?? 'unmatched';
    httpDuration.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  if (METRICS_TOKEN) {
    const expected = Buffer.from(`Bearer ${METRICS_TOKEN}`);
    app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
      const given = Buffer.from(req.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw unauthorized('A bearer token (METRICS_TOKEN) is required for /metrics', 'METRICS_UNAUTHORIZED');
      }
      return reply.type(Registry.PROMETHEUS_CONTENT_TYPE).send(await reader.read());
    });
  }

  if (METRICS_PORT !== undefined) {
    let listener: ReturnType<typeof serveMetricsOnLocalhost> | undefined;
    app.addHook('onReady', async () => {
      listener = serveMetricsOnLocalhost(METRICS_PORT, () => reader.read(), app.log);
      app.metricsServer = listener.server;
      await listener.ready;
    });
    app.addHook('onClose', async () => {
      await listener?.close();
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The 127.0.0.1 listener of METRICS_PORT, when set (once the app is ready). */
    metricsServer?: http.Server;
  }
}
