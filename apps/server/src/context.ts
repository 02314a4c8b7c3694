import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { eq } from 'drizzle-orm';
import { createTokenService, type TokenService } from './lib/jwt.js';
import { users } from './db/schema/index.js';

/**
 * Everything a module needs, built once per app. Tests build one with their own database and
 * may override providers with the local defaults or protocol peers (never mocks of our code).
 */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  tokens: TokenService;
  /** Used by the auth guard: a token of a deleted account is refused. */
  userExists(userId: number): Promise<boolean>;
}

export type ContextOverrides = Partial<Omit<AppContext, 'config' | 'database' | 'db' | 'log' | 'userExists'>>;

export function createContext(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
  jwtSecret: string,
  overrides: ContextOverrides = {},
): AppContext {
  return {
    config,
    database,
    db: database.db,
    log,
    tokens: overrides.tokens ?? createTokenService(jwtSecret),
    async userExists(userId) {
      const rows = await database.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
      return rows.length > 0;
    },
  };
}
