import type { RunPodJobPayload } from './engine-jobs.js';

/**
 * In-process hand-off from the webhook route to the engine call waiting for that job: the
 * engine registers its job id before it submits; the webhook, once authenticated and recorded,
 * delivers the payload here. A waiter in another process is not here; it finds the payload in
 * engine_jobs when it next polls.
 */
type Waiter = (payload: RunPodJobPayload) => void;

const waiters = new Map<string, Waiter>();

export interface Waiting {
  promise: Promise<RunPodJobPayload>;
  cancel(): void;
}

export function waitForDelivery(jobId: string): Waiting {
  let resolve!: Waiter;
  const promise = new Promise<RunPodJobPayload>((r) => (resolve = r));
  waiters.set(jobId, resolve);
  return {
    promise,
    cancel: () => {
      if (waiters.get(jobId) === resolve) waiters.delete(jobId);
    },
  };
}

/** Returns true when a waiter of this process took it. */
export function deliver(jobId: string, payload: RunPodJobPayload): boolean {
  const w = waiters.get(jobId);
  if (!w) return false;
  waiters.delete(jobId);
  w(payload);
  return true;
}
