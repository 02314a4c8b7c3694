import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_PREFIX, PLUGIN_MESSAGES } from '@atelier/contract';
import { forbidden, unauthorized } from './errors.js';

/**
 * `preHandler: app.requireUser` on a route makes `req.userId` the caller's id, or answers 401.
 * The bearer header is the normal path; `?token=` is accepted for the WebSocket only.
 */
export function registerAuthGuard(app: FastifyInstance): void {
  app.decorateRequest('userId', 0);
  app.decorate('requireUser', async (req: FastifyRequest, _reply: FastifyReply) => {
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) throw unauthorized('Authentication required', 'UNAUTHORIZED');
    // API keys serve the public API only (requireUserOrApiKey): never the account, billing or keys.
    if (token.startsWith(API_KEY_PREFIX)) throw forbidden(PLUGIN_MESSAGES.keyNotAllowed, 'API_KEY_NOT_ALLOWED');
    const userId = await app.ctx.authenticate(token);
    if (!userId) throw unauthorized('Your session has expired. Please sign in again.', 'INVALID_TOKEN');
    req.userId = userId;
    req.actorId = userId;
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    userId: number;
  }
  interface FastifyInstance {
    requireUser: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}
