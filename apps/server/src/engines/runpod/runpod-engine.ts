import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { EngineAdmission, EngineCallOptions } from '../engine.js';
import type { EnginePreflight } from '../preflight.js';
import type { GpuModels } from '../workflows/builders.js';
import { abortReason, EngineFailedError, EngineRejectedError } from '../workflows/errors.js';
import { executionFailure, shorten } from '../workflows/failures.js';
import { GpuEngine } from '../workflows/gpu-engine.js';
import { RUNPOD_REQUEST_MAX_BYTES } from '../workflows/request-budget.js';
import type { WorkflowJob } from '../workflows/graph.js';
import { RunPodApiError, RunPodClient } from './client.js';
import {
  createEngineJob,
  dropResult,
  hashSecret,
  isTerminal,
  markSubmitted,
  newSecret,
  pruneEngineJobs,
  readEngineJob,
  recordOutcome,
  type RunPodJobPayload,
} from './engine-jobs.js';
import { decodeBase64Image, fetchOutputImage, parseOutput } from './output.js';
import { waitForDelivery, type Waiting } from './registry.js';

export interface RunPodEngineOptions {
  apiKey: string;
  endpointId: string;
  baseUrl: string;
  /** The server's public origin: RunPod calls `${publicUrl}/api/runpod/webhook?job&secret`. */
  publicUrl: string;
  models: GpuModels;
  db: Db;
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /** First /status poll after this long, then backing off (x1.6) to maxPollMs. */
  pollMs: number;
  maxPollMs?: number;
  /** Hosts s3_url outputs may come from (empty: any https host). */
  outputHosts: string[];
  /** RunPod's own execution limit for the job (policy.executionTimeout). */
  executionTimeoutMs?: number;
  /** The worker uploads results to S3 (worker-comfyui with BUCKET_ENDPOINT_URL): RUNPOD_S3_OUTPUT. */
  s3Output?: boolean;
  /** The preflight of a ComfyUI server with the worker's models, when COMFYUI_URL reaches one. */
  preflight?: EnginePreflight;
}

const PRUNE_EVERY_MS = 3600_000;
/**
 * How long a submission under way may still answer after the call was aborted: RunPod may
 * already have queued the job, and only its answer gives the id to cancel it by.
 */
const SUBMISSION_GRACE_MS = 5_000;

/** A signal that aborts (with `signal`'s reason) `graceMs` after `signal` does; `done` ends it. */
function abortingLater(signal: AbortSignal | undefined, graceMs: number): { signal?: AbortSignal; done(): void } {
  if (!signal) return { done() {} };
  const later = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const start = () => (timer = setTimeout(() => later.abort(signal.reason), graceMs));
  if (signal.aborted) start();
  else signal.addEventListener('abort', start, { once: true });
  return {
    signal: later.signal,
    done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', start);
    },
  };
}

/** The most a result may be as base64 in the job's output (runpod-python's tips: keep outputs under 20 MB). */
export const RUNPOD_BASE64_MAX_BYTES = 15 * 1024 * 1024;
/** An estimate of ComfyUI's SaveImage PNG of an upscaled photo, per pixel: it puts the 15 MB base64 limit near 20 MP. */
const PNG_BYTES_PER_PIXEL = 0.56;
export const estimatedBase64Bytes = (width: number, height: number) => Math.ceil((width * height * PNG_BYTES_PER_PIXEL * 4) / 3);

/**
 * ENGINE=runpod: the same workflows, run by worker-comfyui on a RunPod serverless endpoint.
 * Each call creates an engine_jobs row with a fresh secret (only its hash is stored), submits
 * `{ input: { workflow, images: [{ name, image: base64 }] }, webhook }` to /run, and waits for
 * whichever comes first: the webhook (handed over in-process by the registry, or found in
 * engine_jobs when it reached another process) or /status polling with backoff, which recovers
 * jobs whose webhook never came. When the job system's time limit aborts the call, the RunPod
 * job is cancelled (/cancel). FAILED, CANCELLED and TIMED_OUT become thrown errors.
 */
export class RunPodEngine extends GpuEngine {
  readonly name = 'runpod' as const;
  /** Every request's images fit RunPod's 10 MB /run limit together. */
  protected override readonly requestBudgetBytes = RUNPOD_REQUEST_MAX_BYTES;
  private readonly api: RunPodClient;
  private lastPrune = 0;

  constructor(private readonly opts: RunPodEngineOptions) {
    super(opts.models, opts.preflight);
    this.api = new RunPodClient({ baseUrl: opts.baseUrl, endpointId: opts.endpointId, apiKey: opts.apiKey });
  }

  /** Besides the preflight: a result too large to come back inline needs the worker's S3 upload. */
  override admit(req: EngineAdmission): void {
    super.admit(req);
    if (this.opts.s3Output || !req.output) return;
    const bytes = estimatedBase64Bytes(req.output.width, req.output.height);
    if (bytes <= RUNPOD_BASE64_MAX_BYTES) return;
    const mp = ((req.output.width * req.output.height) / 1e6).toFixed(1);
    throw new AppError(
      413,
      'RESULT_NEEDS_S3_OUTPUT',
      `A ${req.output.width}×${req.output.height} result (${mp} MP) is about ${Math.round(bytes / 1048576)} MB as base64, more than the 15 MB a RunPod worker can return inline. Choose a smaller size, or configure S3 output (worker-comfyui with BUCKET_ENDPOINT_URL, then RUNPOD_S3_OUTPUT=true). Nothing was charged.`,
      { field: 'resolution' },
    );
  }

  protected async run(job: WorkflowJob, call: EngineCallOptions): Promise<Buffer> {
    const { signal } = call;
    signal?.throwIfAborted();
    this.prune();
    const { db } = this.opts;
    const id = crypto.randomUUID();
    const secret = newSecret();
    await createEngineJob(db, { id, engine: 'runpod', secretHash: hashSecret(secret) });
    const waiting = waitForDelivery(id);
    let providerId: string | undefined;
    try {
      const webhook = `${this.opts.publicUrl}/api/runpod/webhook?job=${id}&secret=${secret}`;
      const submission = abortingLater(signal, SUBMISSION_GRACE_MS);
      const submitted = await this.api
        .run(
          {
            input: { workflow: job.workflow, images: job.images.map((i) => ({ name: i.name, image: i.data.toString('base64') })) },
            webhook,
            // RunPod wants more than 5 seconds.
            ...(this.opts.executionTimeoutMs ? { policy: { executionTimeout: Math.max(5001, this.opts.executionTimeoutMs) } } : {}),
          },
          submission.signal,
        )
        .finally(() => submission.done());
      providerId = submitted.id;
      await markSubmitted(db, id, submitted.id, submitted.status);
      // Aborted while RunPod was answering: the catch below cancels the job it queued.
      signal?.throwIfAborted();
      call.onProgress?.(3);
      const payload = await this.outcome(id, submitted.id, waiting, call);
      const image = await this.imageOf(payload, signal);
      await dropResult(db, id).catch(() => undefined);
      return image;
    } catch (err) {
      if (signal?.aborted) {
        if (providerId) {
          await this.api.cancel(providerId).catch((e: unknown) => this.opts.log?.warn({ err: e, providerId }, 'RunPod job not cancelled'));
        }
        await recordOutcome(db, id, { id: providerId, status: 'CANCELLED' }, { keepResult: false, error: 'Cancelled at the time limit' }).catch(() => undefined);
        throw abortReason(signal);
      }
      throw err;
    } finally {
      waiting.cancel();
    }
  }

  /** The job's terminal payload: from the webhook (this process or engine_jobs) or from /status. */
  private async outcome(id: string, providerId: string, waiting: Waiting, call: EngineCallOptions): Promise<RunPodJobPayload> {
    const { signal, onProgress } = call;
    const maxPoll = this.opts.maxPollMs ?? 30_000;
    const tick = Math.min(1000, this.opts.pollMs);
    const started = Date.now();
    let delay = this.opts.pollMs;
    let nextStatusAt = started + delay;
    for (;;) {
      const delivered = await race(waiting.promise, tick, signal);
      if (delivered) return delivered;

      const row = await readEngineJob(this.opts.db, id);
      if (row?.completedAt) {
        if (row.result) return row.result;
        return { id: providerId, status: row.status, error: row.error ?? undefined };
      }

      if (Date.now() < nextStatusAt) continue;
      try {
        const s = await this.api.status(providerId, signal);
        if (isTerminal(s.status)) {
          await recordOutcome(this.opts.db, id, s, { keepResult: false });
          return s;
        }
        if (s.status === 'IN_PROGRESS') {
          onProgress?.(10 + 80 * (1 - Math.exp(-(Date.now() - started) / 40_000)));
        } else {
          onProgress?.(4);
        }
      } catch (err) {
        if (signal?.aborted) throw abortReason(signal);
        if (err instanceof EngineRejectedError) throw err;
        if (err instanceof RunPodApiError && err.status === 404) throw new EngineFailedError(`RunPod no longer knows job ${providerId}`);
        this.opts.log?.warn({ err, providerId }, 'RunPod /status failed; polling again');
      }
      delay = Math.min(maxPoll, Math.round(delay * 1.6));
      nextStatusAt = Date.now() + delay;
    }
  }

  private async imageOf(payload: RunPodJobPayload, signal?: AbortSignal): Promise<Buffer> {
    const status = String(payload.status);
    switch (status) {
      case 'COMPLETED': {
        const out = payload.output as { error?: unknown; images?: unknown; message?: unknown } | undefined;
        if (out && out.error !== undefined && !out.images && !out.message) throw workerFailure(payload);
        const ref = parseOutput(payload.output);
        return ref.kind === 'base64' ? decodeBase64Image(ref.data) : fetchOutputImage(ref.url, this.opts.outputHosts, signal);
      }
      case 'FAILED':
        throw workerFailure(payload);
      case 'CANCELLED':
        throw new EngineRejectedError('The RunPod job was cancelled');
      case 'TIMED_OUT':
        throw new EngineRejectedError('The RunPod job timed out (its execution timeout passed)');
      default:
        throw new EngineFailedError(`RunPod reported an unexpected status ${status}`);
    }
  }

  private prune(): void {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    pruneEngineJobs(this.opts.db).catch((err: unknown) => this.opts.log?.warn({ err }, 'engine_jobs not pruned'));
  }
}

/**
 * What a failed job says, most specific first: worker-comfyui's `details` (the node errors or
 * execution errors of ComfyUI) before its generic `error` ("Job processing failed"), and the
 * error_message of runpod-python's JSON error when the handler raised.
 */
export function failureText(payload: RunPodJobPayload): string {
  const parts: string[] = [];
  const add = (v: unknown): void => {
    if (v === undefined || v === null || v === '') return;
    if (Array.isArray(v)) return v.forEach(add);
    if (typeof v === 'object') {
      const o = v as Record<string, unknown>;
      add(o.details);
      add(o.error_message ?? o.message ?? o.error);
      return;
    }
    const text = String(v);
    if (text.trim().startsWith('{')) {
      try {
        return add(JSON.parse(text));
      } catch {
        /* not JSON: the text itself */
      }
    }
    if (!parts.includes(text)) parts.push(text);
  };
  add((payload.output as { details?: unknown } | undefined)?.details);
  add(payload.error);
  add((payload.output as { error?: unknown } | undefined)?.error);
  // The generic line says nothing once there are details.
  const specific = parts.filter((p) => p !== 'Job processing failed');
  return (specific.length ? specific : parts).join('\n');
}

const REFUSED = /validation failed|Value not in list|Prompt outputs failed|custom node may not be installed/i;

/** A FAILED job (or a completed one whose output is an error) as the error to throw. */
function workerFailure(payload: RunPodJobPayload): Error {
  const text = failureText(payload);
  if (REFUSED.test(text)) return new EngineRejectedError(`RunPod's worker rejected the workflow: ${shorten(text, 600)}`);
  return executionFailure(text, "RunPod's worker failed");
}

/** The payload if it arrives within `ms`, else undefined; rejects when the signal aborts. */
function race(p: Promise<RunPodJobPayload>, ms: number, signal?: AbortSignal): Promise<RunPodJobPayload | undefined> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(undefined);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
    void p.then((v) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(v);
    });
  });
}
