import websocket from '@fastify/websocket';
import { z } from 'zod';
import { LIVE_CLOSE_CODES, LIVE_CLOSE_REASONS, LIVE_TIMINGS } from '@atelier/contract';
import type { App } from '../../types.js';
import type { Config } from '../../config.js';
import { LiveHub } from './live.hub.js';
import { socketWorkspaceAccount } from '../teams/index.js';

/** The largest frame a client may send (its messages are small JSON). */
const LIVE_MAX_FRAME_BYTES = 64 * 1024;

/**
 * GET /ws?token=JWT — the live socket (at the root, not under /api). A missing, invalid or
 * expired token, the token of a deleted account or of revoked sessions, closes the socket at once
 * with 4001 'Invalid token'; a browser page of another origin gets 1008. Also starts the event
 * bus (LISTEN) with the app and closes it with the app.
 */
export async function registerLiveRoutes(app: App, opts: { heartbeatMs?: number } = {}): Promise<void> {
  const { ctx } = app;
  const originAllowed = allowedOrigins(ctx.config);
  const hub = new LiveHub(ctx.events, app.log, opts.heartbeatMs ?? LIVE_TIMINGS.heartbeatMs);
  app.decorate('liveHub', hub);
  await app.register(websocket, {
    options: { maxPayload: LIVE_MAX_FRAME_BYTES },
    // A frame over maxPayload is a client's fault: one line, no stack. `ws` has already queued the
    // close frame (1009) and stopped reading, so end the connection after it is flushed
    // (terminate() could drop it; waiting for the client's answer would take ws's 30 s timeout).
    errorHandler(error, socket, request) {
      const code = (error as { code?: string }).code;
      if (code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') {
        request.log.warn({ code, maxBytes: LIVE_MAX_FRAME_BYTES }, `live socket frame over ${LIVE_MAX_FRAME_BYTES} bytes; closed with 1009`);
        request.raw.socket.end();
        return;
      }
      request.log.error({ err: error }, 'live socket failed');
      socket.terminate();
    },
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
    schema: { hide: true, querystring: z.object({ token: z.string().optional(), workspace: z.string().max(40).optional() }) },
    handler: async (_req, reply) =>
      reply.code(426).send({ message: 'Connect with a WebSocket: GET /ws?token=<JWT>', code: 'UPGRADE_REQUIRED' }),
    wsHandler: (socket, req) => {
      if (!originAllowed(req.headers.origin)) {
        socket.close(LIVE_CLOSE_CODES.policyViolation, LIVE_CLOSE_REASONS.originNotAllowed);
        return;
      }
      // Messages may arrive while the token is checked: keep them for the hub.
      const pending: Buffer[] = [];
      const hold = (data: Buffer) => pending.push(data);
      socket.on('message', hold);
      const { token, workspace } = req.query as { token?: string; workspace?: string };
      void (async () => {
        const userId = token ? await ctx.authenticate(token).catch(() => null) : null;
        if (userId === null) {
          socket.off('message', hold);
          socket.close(LIVE_CLOSE_CODES.invalidToken, LIVE_CLOSE_REASONS.invalidToken);
          return;
        }
        // ?workspace=team:{id}: the team account's events, for a member only (checked now, dropped on removal).
        const account = await socketWorkspaceAccount(ctx, userId, workspace);
        socket.off('message', hold);
        if (account === null) {
          socket.close(LIVE_CLOSE_CODES.workspaceRevoked, LIVE_CLOSE_REASONS.workspaceRevoked);
          return;
        }
        if (socket.readyState !== socket.OPEN) return;
        hub.add(socket, account, pending, userId);
      })().catch((err) => {
        req.log.error({ err }, 'live socket set-up failed');
        socket.terminate();
      });
    },
  });
}

/**
 * Browsers always send Origin with a WebSocket: only PUBLIC_URL's origin (and, in demo mode,
 * localhost on any port) may open the socket. Non-browser clients send none and rely on the token.
 */
function allowedOrigins(config: Pick<Config, 'publicUrl' | 'ATELIER_MODE'>): (origin: string | undefined) => boolean {
  const own = new URL(config.publicUrl).origin;
  return (origin) => {
    if (origin === undefined) return true;
    if (origin === own) return true;
    if (config.ATELIER_MODE !== 'demo') return false;
    try {
      const { hostname, protocol } = new URL(origin);
      return (protocol === 'http:' || protocol === 'https:') && ['localhost', '127.0.0.1', '[::1]'].includes(hostname);
    } catch {
      return false;
    }
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    liveHub: LiveHub;
  }
}
