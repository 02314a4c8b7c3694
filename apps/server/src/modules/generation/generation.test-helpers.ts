// Factories for the generation and live tests (and the bench): subscribed users with credits,
// input images with real files, live sockets that collect their messages.
import crypto from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { WebSocket } from 'ws';
import type { LiveMessage, PaidPlanType } from '@atelier/contract';
import type { App } from '../../types.js';
import { batches, generatedImages, subscriptions, users } from '../../db/schema/index.js';
import { getBalance, grantPlanAllowance } from '../credits/index.js';
import { createInputImageFromBytes } from '../images/index.js';
import { makePng } from '../images/images.test-helpers.js';

export { makePng };

export interface GenUser {
  id: number;
  token: string;
  headers: { authorization: string };
}

/** A user row with a bearer token (no plan, no credits). */
export async function createPlainUser(app: App, name = 'Ada Architect'): Promise<GenUser> {
  const email = `gen.${Date.now().toString(36)}.${crypto.randomBytes(4).toString('hex')}@studio-example.com`;
  const [row] = await app.ctx.db
    .insert(users)
    .values({ email, fullName: name, emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  const token = await app.ctx.tokens.sign(row.id);
  return { id: row.id, token, headers: { authorization: `Bearer ${token}` } };
}

/** A user with an ACTIVE paid plan and `credits` credits, granted through the credits service. */
export async function createSubscribedUser(app: App, opts: { credits?: number; plan?: PaidPlanType } = {}): Promise<GenUser> {
  const user = await createPlainUser(app);
  const now = new Date();
  await app.ctx.db.insert(subscriptions).values({
    userId: user.id,
    planType: opts.plan ?? 'STARTER',
    billingCycle: 'MONTHLY',
    status: 'ACTIVE',
    currentPeriodStart: now,
    currentPeriodEnd: new Date(now.getTime() + 30 * 24 * 3600 * 1000),
  });
  await grantPlanAllowance(app.ctx.db, {
    userId: user.id,
    allowance: opts.credits ?? 50,
    idempotencyKey: `test-grant:${user.id}`,
    description: 'Test plan allowance',
  });
  return user;
}

/** An input image of the user's with real files (through the images module). */
export async function createInputImage(app: App, userId: number, width = 320, height = 240): Promise<number> {
  const row = await createInputImageFromBytes(app.ctx, {
    userId,
    bytes: await makePng(width, height, (x, y) => [(x * 7) % 256, (y * 5) % 256, ((x + y) * 3) % 256]),
    fileName: 'villa.png',
    uploadSource: 'CREATE_MODULE',
  });
  return row.id;
}

export function balanceOf(app: App, userId: number): Promise<number> {
  return getBalance(app.ctx.db, userId);
}

export async function imagesOfBatch(app: App, userId: number, batchId: number) {
  return app.ctx.db
    .select()
    .from(generatedImages)
    .where(and(eq(generatedImages.batchId, batchId), eq(generatedImages.userId, userId)))
    .orderBy(asc(generatedImages.variationNumber));
}

export async function batchRow(app: App, userId: number, batchId: number) {
  const [row] = await app.ctx.db
    .select()
    .from(batches)
    .where(and(eq(batches.id, batchId), eq(batches.userId, userId)))
    .limit(1);
  return row;
}

/** Polls until `check` returns a value (not undefined/false), or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined | false>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface LiveClient {
  ws: WebSocket;
  messages: LiveMessage[];
  /** Resolves with the first message (already received or to come) that matches; rejects if the socket closes first. */
  waitFor<T extends LiveMessage['type']>(
    type: T,
    match?: (m: Extract<LiveMessage, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<LiveMessage, { type: T }>>;
  send(message: unknown): void;
  close(): Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
}

/** A WebSocket to the listening app's /ws with the token; resolves once open. */
export async function connectLive(baseUrl: string, token: string | null, opts: { origin?: string; workspace?: string } = {}): Promise<LiveClient> {
  const query = new URLSearchParams();
  if (token !== null) query.set('token', token);
  if (opts.workspace) query.set('workspace', opts.workspace);
  const url = `${baseUrl.replace(/^http/, 'ws')}/ws${query.size ? `?${query}` : ''}`;
  const ws = new WebSocket(url, opts.origin ? { origin: opts.origin } : {});
  const messages: LiveMessage[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    messages.push(JSON.parse(String(data)) as LiveMessage);
    for (const w of [...waiters]) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    messages,
    closed,
    send: (m) => ws.send(JSON.stringify(m)),
    waitFor(type, match, timeoutMs) {
      type M = Extract<LiveMessage, { type: typeof type }>;
      const find = () => messages.find((m): m is M => m.type === type && (!match || match(m as M)));
      const got = () => `got ${messages.map((m) => m.type).join(', ') || 'nothing'}`;
      return new Promise((resolve, reject) => {
        const hit = find();
        if (hit) return resolve(hit);
        // No clock of its own unless asked: the test's time limit bounds the wait, so a slow
        // machine is not a failure; a socket that closed first is one.
        const timer = timeoutMs === undefined ? undefined : setTimeout(() => done(() => reject(new Error(`No ${type} message within ${timeoutMs} ms (${got()})`))), timeoutMs);
        const onClose = () => done(() => reject(new Error(`The socket closed before a ${type} message (${got()})`)));
        const done = (fn: () => void) => {
          clearTimeout(timer);
          waiters.delete(check);
          ws.off('close', onClose);
          fn();
        };
        const check = () => {
          const m = find();
          if (m) done(() => resolve(m));
        };
        if (ws.readyState === ws.CLOSED) return onClose();
        waiters.add(check);
        ws.once('close', onClose);
      });
    },
    async close() {
      if (ws.readyState === ws.CLOSED) return;
      ws.close(1000);
      await closed;
    },
  };
}

/** Starts the app on a free local port; returns its base URL. */
export async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  return `http://127.0.0.1:${addr.port}`;
}
