import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';

/**
 * The Fastify instance every module registers its routes on, with the app context decorated.
 * It lives here, not in app.ts, so routes never import the module that imports them.
 */
export type App = FastifyInstance & { ctx: AppContext };

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
