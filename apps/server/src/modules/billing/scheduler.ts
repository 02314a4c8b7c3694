import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { grantDueAllowances } from './subscription-sync.js';

/**
 * Runs grantDueAllowances now and then every `intervalMs` (yearly plans' monthly credits, local
 * test-mode renewals). Returns a stop function. The work is keyed and row-locked, so several
 * server processes may run it at once.
 */
export function startBillingScheduler(deps: { db: Db; log: FastifyBaseLogger }, intervalMs = 10 * 60 * 1000): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const r = await grantDueAllowances(deps);
      if (r.processed || r.failed) deps.log.info(r, 'plan allowances granted');
    } catch (err) {
      deps.log.error({ err }, 'plan allowance scheduler failed');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void tick(), 5_000);
  const timer = setInterval(() => void tick(), intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
