import { Counter, Histogram, Registry } from 'prom-client';

/**
 * The process's own metrics (issue 33 part 4): counted where the work happens, read by
 * GET /metrics (metrics.routes.ts) with the gauges of the app that serves it (queue depth, live
 * sockets). One registry per process: an API process and a `npm run worker` process each count
 * their own work, as Prometheus expects of separate targets.
 */
export const workRegistry = new Registry();

/** Seconds one variation (render, refine, tweak) took in the engine, by queue and engine. */
export const variationDuration = new Histogram({
  name: 'atelier_variation_duration_seconds',
  help: 'Time the engine took to make one variation, by kind (render, refine, tweak) and engine',
  labelNames: ['kind', 'engine'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 80, 160, 320],
  registers: [workRegistry],
});

/**
 * Work that failed for good, by cause: `timeout` (its time limit), `engine` (an error of the
 * engine, after the retries), `invalid` (a permanent error: a deleted source, bad settings),
 * `lost` (its worker died and the job ran out), `operator` (stopped from the console).
 */
export const failures = new Counter({
  name: 'atelier_failures_total',
  help: 'Variations that failed for good, by kind and cause',
  labelNames: ['kind', 'cause'] as const,
  registers: [workRegistry],
});
export type FailureCause = 'timeout' | 'engine' | 'invalid' | 'lost' | 'operator';

export const creditsDebited = new Counter({
  name: 'atelier_credits_debited_total',
  help: 'Credits spent on work (debits applied, not replays of the same idempotency key)',
  registers: [workRegistry],
});

export const creditsRefunded = new Counter({
  name: 'atelier_credits_refunded_total',
  help: 'Credits given back for failed work',
  registers: [workRegistry],
});

/** Builds the HTTP histogram in the registry of one app (each app counts its own requests). */
export function httpDurationHistogram(registry: Registry): Histogram<'method' | 'route' | 'status'> {
  return new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
}
