import type { Db } from '../../db/client.js';
import {
  countDelivery,
  hashSecret,
  isJobId,
  isTerminal,
  readEngineJob,
  recordOutcome,
  secretMatches,
  type EngineJobRow,
  type RunPodJobPayload,
} from '../../engines/runpod/engine-jobs.js';
import { deliver } from '../../engines/runpod/registry.js';

export type WebhookAuth = { kind: 'unauthenticated' } | { kind: 'not_found' } | { kind: 'ok'; row: EngineJobRow };

/** Hash compared against when the job does not exist, so both paths cost the same. */
const NO_JOB_HASH = hashSecret('no such job');

/**
 * A RunPod webhook: RunPod POSTs the job object (`{ id, status, output | error, … }`) to the
 * URL the engine gave it, `…/api/runpod/webhook?job=<engine job id>&secret=<per-job secret>`.
 * The job and its secret, from the URL, are checked first (before the body is read): the
 * secret against its stored SHA-256 in constant time; an unknown job and a wrong secret answer
 * the same.
 */
export async function authenticateWebhook(db: Db, input: { job: unknown; secret: unknown }): Promise<WebhookAuth> {
  if (typeof input.secret !== 'string' || input.secret.length === 0 || typeof input.job !== 'string' || input.job.length === 0) {
    return { kind: 'unauthenticated' };
  }
  const row = isJobId(input.job) ? await readEngineJob(db, input.job) : undefined;
  const matches = secretMatches(input.secret, row?.secretHash ?? NO_JOB_HASH);
  if (!row || !matches) return { kind: 'not_found' };
  return { kind: 'ok', row };
}

/**
 * The body of an authenticated delivery: its terminal payload is recorded once (a repeated
 * delivery is accepted and changes nothing) and handed to the engine call waiting in this
 * process, if any.
 */
export async function applyWebhook(db: Db, row: EngineJobRow, body: unknown): Promise<{ kind: 'not_found' } | { kind: 'accepted'; applied: boolean }> {
  const payload = (typeof body === 'object' && body !== null ? body : {}) as RunPodJobPayload;
  // The payload must be about the job RunPod was given (its id is known once /run answered).
  if (row.providerJobId && payload.id !== undefined && payload.id !== row.providerJobId) return { kind: 'not_found' };

  await countDelivery(db, row.id);
  if (!isTerminal(payload.status)) return { kind: 'accepted', applied: false };
  const applied = await recordOutcome(db, row.id, payload, { keepResult: true });
  if (applied) deliver(row.id, payload);
  return { kind: 'accepted', applied };
}
