import crypto from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';

/** Migration 0060: one row per job handed to RunPod (see the migration for the why). */
export const engineJobs = pgTable('engine_jobs', {
  id: uuid('id').primaryKey(),
  engine: text('engine').notNull(),
  providerJobId: text('provider_job_id'),
  secretHash: text('secret_hash').notNull(),
  status: text('status').notNull().default('SUBMITTING'),
  result: jsonb('result').$type<RunPodJobPayload>(),
  error: text('error'),
  deliveries: integer('deliveries').notNull().default(0),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type EngineJobRow = typeof engineJobs.$inferSelect;

export const TERMINAL_STATUSES = ['COMPLETED', 'FAILED', 'CANCELLED', 'TIMED_OUT'] as const;
export type TerminalStatus = (typeof TERMINAL_STATUSES)[number];
export const isTerminal = (s: unknown): s is TerminalStatus => (TERMINAL_STATUSES as readonly unknown[]).includes(s);

/** RunPod's job object, as /status answers it and as the webhook posts it. */
export interface RunPodJobPayload {
  id?: string;
  status?: string;
  output?: unknown;
  error?: unknown;
  delayTime?: number;
  executionTime?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isJobId = (s: unknown): s is string => typeof s === 'string' && UUID.test(s);

export function newSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Constant-time: compares the SHA-256 of the offered secret with the stored hash. */
export function secretMatches(offered: string, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(offered), 'hex');
  const b = Buffer.from(/^[0-9a-f]{64}$/.test(storedHash) ? storedHash : '0'.repeat(64), 'hex');
  return crypto.timingSafeEqual(a, b) && storedHash.length === 64;
}

export async function createEngineJob(db: Db, row: { id: string; engine: string; secretHash: string }): Promise<void> {
  await db.insert(engineJobs).values(row);
}

export async function markSubmitted(db: Db, id: string, providerJobId: string, status: string): Promise<void> {
  await db
    .update(engineJobs)
    .set({ providerJobId, status: isTerminal(status) ? 'IN_QUEUE' : status, updatedAt: new Date() })
    .where(and(eq(engineJobs.id, id), isNull(engineJobs.completedAt)));
}

export async function readEngineJob(db: Db, id: string): Promise<EngineJobRow | undefined> {
  const [row] = await db.select().from(engineJobs).where(eq(engineJobs.id, id)).limit(1);
  return row;
}

/**
 * Records a job's terminal payload once: only the first call for a job changes it (true); any
 * later one (a repeated webhook, the poller after the webhook) changes nothing (false).
 * `keepResult` false stores the status without the output (the caller has it in hand).
 */
export async function recordOutcome(
  db: Db,
  id: string,
  payload: RunPodJobPayload,
  opts: { keepResult: boolean; error?: string },
): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(engineJobs)
    .set({
      status: String(payload.status),
      result: opts.keepResult ? payload : null,
      error: opts.error ?? null,
      completedAt: now,
      updatedAt: now,
    })
    .where(and(eq(engineJobs.id, id), isNull(engineJobs.completedAt)))
    .returning({ id: engineJobs.id });
  return rows.length > 0;
}

/** Counts a webhook delivery (authenticated ones only). */
export async function countDelivery(db: Db, id: string): Promise<void> {
  await db
    .update(engineJobs)
    .set({ deliveries: sql`${engineJobs.deliveries} + 1` })
    .where(eq(engineJobs.id, id));
}

/** The waiting engine took the result: the (possibly large) output is not kept. */
export async function dropResult(db: Db, id: string): Promise<void> {
  await db.update(engineJobs).set({ result: null, updatedAt: new Date() }).where(eq(engineJobs.id, id));
}

/** Rows older than `days` are of no use to anyone. */
export async function pruneEngineJobs(db: Db, days = 7): Promise<void> {
  await db.delete(engineJobs).where(lt(engineJobs.createdAt, new Date(Date.now() - days * 24 * 3600 * 1000)));
}
