import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createContext, type ContextOverrides } from './context.js';
import { AccessLog } from './lib/access-log.js';
import { registerErrorHandling } from './lib/http-errors.js';
import { registerNulCharacterGuard } from './lib/nul-characters.js';
import { registerAuthGuard } from './lib/auth-guard.js';
import { registerRequestActor } from './lib/request-actor.js';
import { registerSecurityHeaders } from './lib/security-headers.js';
import { responseSerializerCompiler } from './lib/response-serializer.js';
import { registerModules } from './modules/index.js';
import { registerApiKeyGuard } from './modules/api-keys/index.js';
import { registerWorkspaceGuard } from './modules/teams/index.js';
import { PUBLIC_API_TAG } from './lib/public-api.js';
import { registerLiveRoutes } from './modules/live/index.js';
import { registerJobLifecycle } from './lib/jobs/index.js';
import type { App } from './types.js';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  jwtSecret: string;
  logger?: FastifyServerOptions['logger'];
  /** Where the app's own logger writes (a file path, through pino's destination) instead of stdout. */
  logFile?: string;
  overrides?: ContextOverrides;
  /** Told of every route as it is added (the input fuzz test enumerates the app's routes with it). */
  onRoute?: (route: RouteOptions) => void;
}

const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export async function buildApp(opts: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger: opts.logger ?? {
      level: opts.config.LOG_LEVEL,
      ...(opts.logFile ? { file: opts.logFile } : {}),
      // The live socket carries its JWT in the query (/ws?token=…): never write it to the log.
      serializers: {
        req: (req) => ({
          method: req.method,
          url: req.url.replace(/([?&]token=)[^&]*/g, '$1[redacted]'),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
    },
    // One line per request, when it ends (lib/access-log.ts).
    logController: new AccessLog(),
    trustProxy: parseTrustProxy(opts.config.TRUST_PROXY),
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  const ctx = createContext(opts.config, opts.database, app.log, opts.jwtSecret, opts.overrides);
  app.decorate('ctx', ctx);

  registerErrorHandling(app);
  // No request string may hold U+0000 (PostgreSQL refuses it): a 400 naming the field, before any handler.
  registerNulCharacterGuard(app);

  const ownOrigin = new URL(opts.config.publicUrl);
  const ownSocketOrigin = `${ownOrigin.protocol === 'https:' ? 'wss:' : 'ws:'}//${ownOrigin.host}`;
  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        // The API and the live socket of this server only.
        connectSrc: ["'self'", ownSocketOrigin],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'", 'blob:'],
        // The test checkout is a page of this app; Stripe's checkout and portal are Stripe's.
        formAction: ["'self'", ...(ctx.payments.kind === 'stripe' ? ['https://checkout.stripe.com', 'https://billing.stripe.com'] : [])],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Only routes that opt in (config.rateLimit) are limited: /api/auth/*.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      message: `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      code: 'RATE_LIMITED',
    }),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Atelier API',
        version: '1.0.0',
        description:
          'The Atelier HTTP API. Every error answers `{message, code}`. Bad input is a 400 naming the field: a NUL character ' +
          '(U+0000) in any string (path, query, body, form field, JSON inside a form field) is `NUL_CHARACTER`, and a ' +
          'multipart body that cannot be read (no boundary, a part cut off, no closing boundary) is `MALFORMED_MULTIPART`; ' +
          'a refused request stores nothing.',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'atl_… (an API key from /plugins)' },
        },
      },
      tags: [
        {
          name: PUBLIC_API_TAG,
          description:
            'The calls plugins, scripts and the `atelier` CLI make with an API key (`Authorization: Bearer atl_…`, created on ' +
            '/plugins; limited per key to API_KEY_RATE_LIMIT calls a minute). A key cannot change the account, its billing ' +
            'or its keys (403). Plan and credit rules are those of the app: 403 without an active plan, 402 without credits.',
        },
      ],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerRequestActor(app);
  registerAuthGuard(app);
  registerWorkspaceGuard(app);
  registerApiKeyGuard(app);
  // The live socket (/ws, at the root) and the event bus, then the job queue and its workers.
  await registerLiveRoutes(app as unknown as App);
  registerJobLifecycle(app, ctx);

  await app.register(
    async (api) => {
      api.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
      await registerModules(api as unknown as App);
    },
    { prefix: '/api' },
  );

  const webDist = opts.config.WEB_DIST ? path.resolve(opts.config.WEB_DIST) : DEFAULT_WEB_DIST;
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    if (url.startsWith('/api/') || url === '/api' || url === '/ws') {
      return reply.code(404).send({ message: `No API route ${req.method} ${url}`, code: 'NOT_FOUND' });
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return reply.code(404).send({ message: 'Not found', code: 'NOT_FOUND' });
    }
    if (!hasWeb) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build -w apps/web` (npm start does this).');
    }
    // Every non-API path is the single-page app; asset paths that do not exist are real 404s.
    if (/\.[a-z0-9]+$/i.test(url) && !url.endsWith('.html')) {
      return reply.code(404).type('text/plain').send('Not found');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app as unknown as App;
}

/** 'false' (default: rate limits key on the socket address), 'true', or a comma list of proxy addresses. */
function parseTrustProxy(v: string): boolean | string[] {
  if (v === 'false' || v === '') return false;
  if (v === 'true') return true;
  return v.split(',').map((a) => a.trim()).filter(Boolean);
}
