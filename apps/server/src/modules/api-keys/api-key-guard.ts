import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_PREFIX, PLUGIN_MESSAGES } from '@atelier/contract';
import { unauthorized } from '../../lib/errors.js';
import { userRateLimit } from '../../lib/user-rate-limit.js';
import { setRequestActor } from '../../lib/request-actor.js';
import { authenticateApiKey } from './api-keys.service.js';

/**
 * `preHandler: app.requireUserOrApiKey` marks a route of the public API: it accepts a session
 * token (as `requireUser`) or an API key (`Authorization: Bearer atl_…`), limited per key to
 * API_KEY_RATE_LIMIT calls a minute. Every other route keeps `requireUser`, which refuses keys.
 */
export function registerApiKeyGuard(app: FastifyInstance): void {
  const limitPerKey = userRateLimit({ max: app.ctx.config.API_KEY_RATE_LIMIT, keyOf: (req) => req.apiKeyId });
  app.decorateRequest('apiKeyId', 0);
  app.decorate('requireUserOrApiKey', async (req: FastifyRequest, reply: FastifyReply) => {
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token.startsWith(API_KEY_PREFIX)) return app.requireWorkspace(req, reply);
    const key = await authenticateApiKey(app.ctx.db, token);
    if (!key) throw unauthorized(PLUGIN_MESSAGES.keyInvalid, 'INVALID_API_KEY');
    // A key belongs to the workspace it was made in (a team's account); its maker is the actor.
    req.userId = key.userId;
    req.actorId = key.createdBy ?? key.userId;
    setRequestActor(req.actorId);
    req.apiKeyId = key.id;
    await limitPerKey(req, reply);
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key the call came with; 0 for a session token. */
    apiKeyId: number;
  }
  interface FastifyInstance {
    requireUserOrApiKey: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}
