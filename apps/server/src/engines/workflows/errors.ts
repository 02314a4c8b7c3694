import { AppError } from '../../lib/errors.js';

/**
 * Errors of the GPU engines. The render job retries a failed variation unless its error is
 * permanent (an AppError below 500): a workflow ComfyUI refuses, a request that cannot be
 * drawn, or a job the provider cancelled or timed out will fail the same way again, so it is
 * failed (and refunded) at once. Anything else (a GPU error, a lost connection) is retried.
 */
export class EngineRejectedError extends AppError {
  constructor(message: string) {
    super(422, 'ENGINE_REJECTED', message);
    this.name = 'EngineRejectedError';
  }
}

/** A transient engine failure: retried by the job system, then FAILED and refunded. */
export class EngineFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EngineFailedError';
  }
}

/** The reason of an aborted signal as an Error (what the job system expects to be thrown). */
export function abortReason(signal: AbortSignal | undefined): Error {
  const r: unknown = signal?.reason;
  return r instanceof Error ? r : new Error('Aborted');
}
