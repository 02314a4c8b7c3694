import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/**
 * A per-user limit for costly routes (after `app.requireUser`, so it keys on the account, not on
 * an address several users may share): at most `max` calls per user in each window, then 429
 * with the seconds to wait. Counted in this process; several API processes each allow `max`.
 */
export function userRateLimit(opts: { max: number; windowMs?: number; keyOf?: (req: FastifyRequest) => number }) {
  const windowMs = opts.windowMs ?? 60_000;
  const keyOf = opts.keyOf ?? ((req: FastifyRequest) => req.userId);
  const windows = new Map<number, { start: number; count: number }>();
  let lastSweep = Date.now();

  return async function limitPerUser(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const now = Date.now();
    if (now - lastSweep > windowMs) {
      for (const [userId, w] of windows) if (now - w.start >= windowMs) windows.delete(userId);
      lastSweep = now;
    }
    const key = keyOf(req);
    let w = windows.get(key);
    if (!w || now - w.start >= windowMs) windows.set(key, (w = { start: now, count: 0 }));
    w.count += 1;
    if (w.count > opts.max) {
      const seconds = Math.max(1, Math.ceil((w.start + windowMs - now) / 1000));
      reply.header('retry-after', String(seconds));
      throw new AppError(429, 'RATE_LIMITED', `Too many requests. Try again in ${seconds} seconds.`);
    }
  };
}
