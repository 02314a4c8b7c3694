import websocket from '@fastify/websocket';
import { z } from 'zod';
import { LIVE_CLOSE_CODES, LIVE_CLOSE_REASONS, LIVE_TIMINGS } from '@atelier/contract';
import type { App } from '../../app.js';
import { LiveHub } from './live.hub.js';

/**
 * GET /ws?token=JWT — the live socket (at the root, not under /api). A missing, invalid or
 * expired token, or the token of a deleted account, closes the socket at once with 4001
 * 'Invalid token'. Also starts the event bus (LISTEN) with the app and closes it with the app.
 */
export async function registerLiveRoutes(app: App, opts: { heartbeatMs?: number } = {}): Promise<void> {
  const { ctx } = app;
  const hub = new LiveHub(ctx.events, app.log, opts.heartbeatMs ?? LIVE_TIMINGS.heartbeatMs);
  app.decorate('liveHub', hub);
  await app.register(websocket, {
    options: { maxPayload: 64 * 1024 },
    // On close: every socket gets 1001 'Server shutting down' (clients then reconnect elsewhere).
    preClose(done) {
      hub.close();
      const wss = app.websocketServer;
      for (const client of wss.clients) client.close(LIVE_CLOSE_CODES.goingAway, LIVE_CLOSE_REASONS.shuttingDown);
      wss.close();
      done();
    },
  });

  app.addHook('onReady', async () => {
    await ctx.events.start();
  });
  app.addHook('onClose', async () => {
    await ctx.events.close();
  });

  app.route({
    method: 'GET',
    url: '/ws',
    schema: { hide: true, querystring: z.object({ token: z.string().optional() }) },
    handler: async (_req, reply) =>
      reply.code(426).send({ message: 'Connect with a WebSocket: GET /ws?token=<JWT>', code: 'UPGRADE_REQUIRED' }),
    wsHandler: (socket, req) => {
      // Messages may arrive while the token is checked: keep them for the hub.
      const pending: Buffer[] = [];
      const hold = (data: Buffer) => pending.push(data);
      socket.on('message', hold);
      const token = (req.query as { token?: string }).token;
      void (async () => {
        const userId = token ? await ctx.tokens.verify(token) : null;
        const ok = userId !== null && (await ctx.userExists(userId).catch(() => false));
        socket.off('message', hold);
        if (!ok || userId === null) {
          socket.close(LIVE_CLOSE_CODES.invalidToken, LIVE_CLOSE_REASONS.invalidToken);
          return;
        }
        if (socket.readyState !== socket.OPEN) return;
        hub.add(socket, userId, pending);
      })().catch((err) => {
        req.log.error({ err }, 'live socket set-up failed');
        socket.terminate();
      });
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    liveHub: LiveHub;
  }
}
