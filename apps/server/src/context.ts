import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { eq } from 'drizzle-orm';
import { createTokenService, type TokenClaims, type TokenService } from './lib/jwt.js';
import { revokedSessionIds } from './lib/revoked-sessions.js';
import { createTokenVersionCache, type TokenVersionCache } from './lib/token-version-cache.js';
import { users } from './db/schema/index.js';
import { FREE_SUBSCRIPTION, type Subscription } from '@atelier/contract';
import { createMailer, type Mailer } from './providers/mail/index.js';
import { createIdentityProvider, type IdentityProvider } from './providers/identity/index.js';
import { createEngine, type Engine } from './engines/index.js';
import { createJobQueue, type JobQueue } from './lib/jobs/index.js';
import { createEventBus, type EventBus } from './modules/live/event-bus.js';
import { createStorage, type Storage } from './providers/storage/index.js';
import { createUrlSigner, deriveUrlSecret, type UrlSigner } from './lib/signed-urls.js';
import { createPaymentProvider, type PaymentProvider } from './providers/payments/index.js';

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
  /**
   * The user id of a valid bearer token, or null: a bad or expired token, the token of a deleted
   * account, or one signed before the account's sessions were revoked. One primary-key lookup,
   * its answer remembered for a few seconds (tokenVersions).
   */
  authenticate(token: string): Promise<number | null>;
  /** The accounts' token versions authenticate remembers; revoking sessions forgets the account's. */
  tokenVersions: TokenVersionCache;
  /** Outgoing e-mail: SMTP when SMTP_URL is set, else the DATA_DIR/outbox. */
  mailer: Mailer;
  /** Google sign-in (OIDC, issuer GOOGLE_ISSUER); `enabled` false without GOOGLE_CLIENT_ID. */
  identity: IdentityProvider;
  /**
   * The subscription shown in session replies (login, /auth/me, …). FREE until the billing
   * module replaces it (e.g. `app.ctx.subscriptionOf = (id) => getSubscription(db, id)`);
   * callers read it at call time, so replacing it later takes effect at once.
   */
  subscriptionOf: (userId: number) => Promise<Subscription>;
  /**
   * The members of the team whose account is `accountUserId` (billing refuses a studio plan with
   * fewer seats); 0 until the teams module replaces it, as subscriptionOf is replaced by billing.
   */
  teamMemberCount: (accountUserId: number) => Promise<number>;
  /**
   * Who receives a team's bills: its owner's e-mail (a team's account has an unroutable one);
   * null for an account that is not a team's, or until the teams module replaces it.
   */
  teamBillingEmail: (accountUserId: number) => Promise<string | null>;
  /** The image engine ENGINE selects (createEngine); tests may swap in another Engine implementation. */
  engine: Engine;
  /** The job queue (pg-boss on the application's database): started with the app, stopped on close. */
  jobs: JobQueue;
  /** Live events to users' sockets: in-process, or LISTEN/NOTIFY on PostgreSQL. */
  events: EventBus;
  /** Files by key (STORAGE=disk: DATA_DIR/files; STORAGE=s3: one bucket). */
  storage: Storage;
  /** Signed, expiring file URLs (`/api/files/<key>?exp&sig`), keyed from the JWT secret. */
  urls: UrlSigner;
  /** Payments: Stripe when STRIPE_SECRET_KEY is set, else the local test-mode checkout. */
  payments: PaymentProvider;
}

export type ContextOverrides = Partial<Omit<AppContext, 'config' | 'database' | 'db' | 'log' | 'authenticate'>>;

export function createContext(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
  jwtSecret: string,
  overrides: ContextOverrides = {},
): AppContext {
  const tokens = overrides.tokens ?? createTokenService(jwtSecret);
  const tokenVersions = createTokenVersionCache();
  return {
    config,
    database,
    db: database.db,
    log,
    tokens,
    mailer: overrides.mailer ?? createMailer(config, log),
    identity: overrides.identity ?? createIdentityProvider(config),
    subscriptionOf: overrides.subscriptionOf ?? (async () => ({ ...FREE_SUBSCRIPTION })),
    teamMemberCount: overrides.teamMemberCount ?? (async () => 0),
    teamBillingEmail: overrides.teamBillingEmail ?? (async () => null),
    engine: overrides.engine ?? createEngine(config, { db: database.db, log }),
    jobs: overrides.jobs ?? createJobQueue(database, config, log),
    events: overrides.events ?? createEventBus(database, log),
    storage: overrides.storage ?? createStorage(config),
    urls:
      overrides.urls ??
      createUrlSigner({ secret: deriveUrlSecret(jwtSecret), ttlSeconds: config.SIGNED_URL_TTL_SECONDS, publicUrl: config.publicUrl }),
    payments: overrides.payments ?? createPaymentProvider(config),
    tokenVersions,
    async authenticate(token) {
      const claims = await tokens.claims(token);
      if (!claims) return null;
      const known = tokenVersions.read(claims.userId);
      if (known.version !== undefined) return sessionValid(claims, known.version, known.revoked) ? claims.userId : null;
      const [row] = await database.db
        .select({ tokenVersion: users.tokenVersion, revokedSessions: users.revokedSessions, suspendedAt: users.suspendedAt, lastActiveAt: users.lastActiveAt })
        .from(users)
        .where(eq(users.id, claims.userId))
        .limit(1);
      // A suspended account's tokens stop (suspension also bumps the version; this covers a token signed meanwhile).
      if (!row || row.suspendedAt) return null;
      noteActivity(database.db, claims.userId, row.lastActiveAt, log);
      const revoked = revokedSessionIds(row.revokedSessions);
      tokenVersions.store(claims.userId, row.tokenVersion, known.stamp, revoked);
      return sessionValid(claims, row.tokenVersion, revoked) ? claims.userId : null;
    },
  };
}

const ACTIVITY_RESOLUTION_MS = 5 * 60_000;

/** users.last_active_at, to within a few minutes (written at most once per ACTIVITY_RESOLUTION_MS, never awaited). */
function noteActivity(db: Db, userId: number, last: Date | null, log: FastifyBaseLogger): void {
  const now = Date.now();
  if (last && now - last.getTime() < ACTIVITY_RESOLUTION_MS) return;
  db.update(users)
    .set({ lastActiveAt: new Date(now) })
    .where(eq(users.id, userId))
    .catch((err: unknown) => log.warn({ err, userId }, 'could not note the account active'));
}

/** A token is valid while its account's version matches and its own session was not signed out. */
function sessionValid(claims: TokenClaims, version: number, revoked: ReadonlySet<string>): boolean {
  return claims.tokenVersion === version && !(claims.sessionId !== undefined && revoked.has(claims.sessionId));
}
