import http from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { Gauge, Registry } from 'prom-client';
import type { JobQueue } from '../jobs/index.js';
import { workRegistry } from './metrics.js';

/**
 * The text one scrape reads: the work counted in this process (metrics.ts), the job queues' depth
 * (read from the database once per scrape) and, in an API process, its live sockets.
 */
export function createMetricsReader(deps: { jobs: JobQueue; socketCount?: () => number }): { registry: Registry; read(): Promise<string> } {
  const registry = new Registry();
  const depth = new Gauge({ name: 'atelier_job_queue_depth', help: 'Jobs of each queue, by state (waiting, active)', labelNames: ['queue', 'state'] as const, registers: [registry] });
  const oldest = new Gauge({ name: 'atelier_job_queue_oldest_waiting_seconds', help: 'Age of the oldest waiting job of each queue', labelNames: ['queue'] as const, registers: [registry] });
  const { socketCount } = deps;
  if (socketCount) {
    new Gauge({
      name: 'atelier_live_sockets',
      help: 'Live WebSocket connections open on this process',
      registers: [registry],
      collect() {
        this.set(socketCount());
      },
    });
  }
  return {
    registry,
    async read() {
      depth.reset();
      oldest.reset();
      for (const q of await deps.jobs.depths()) {
        depth.set({ queue: q.queue, state: 'waiting' }, q.waiting);
        depth.set({ queue: q.queue, state: 'active' }, q.active);
        oldest.set({ queue: q.queue }, q.oldestWaitingSeconds);
      }
      return Registry.merge([workRegistry, registry]).metrics();
    },
  };
}

/** METRICS_PORT: GET /metrics on 127.0.0.1 only, without a token (an API or a worker process). */
export function serveMetricsOnLocalhost(port: number, read: () => Promise<string>, log: FastifyBaseLogger): { server: http.Server; ready: Promise<void>; close(): Promise<void> } {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    read().then(
      (body) => res.writeHead(200, { 'content-type': Registry.PROMETHEUS_CONTENT_TYPE }).end(body),
      (err: unknown) => {
        log.error({ err }, 'metrics could not be read');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics could not be read');
      },
    );
  });
  const ready = new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const addr = server.address();
      log.info({ port: typeof addr === 'object' && addr ? addr.port : port }, 'metrics on 127.0.0.1');
      resolve();
    });
  });
  return { server, ready, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
