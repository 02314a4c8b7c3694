import { LIVE_CLOSE_CODES, LIVE_TIMINGS } from '@atelier/contract';

export interface ReconnectPolicy {
  maxAttempts: number;
  delayMs: number;
}

/** Spec §4: up to 3 reconnect attempts, 3000 ms apart. */
export const DEFAULT_RECONNECT_POLICY: ReconnectPolicy = {
  maxAttempts: LIVE_TIMINGS.reconnectAttempts,
  delayMs: LIVE_TIMINGS.reconnectDelayMs,
};

export type ReconnectDecision = { reconnect: false } | { reconnect: true; attempt: number; delayMs: number };

/**
 * What to do when the socket closed with `closeCode` after `attemptsSoFar` reconnect attempts
 * since the last successful connection: a normal close (1000) ends it; otherwise try again
 * after the delay, at most `maxAttempts` times, then stay silent.
 */
export function nextReconnect(closeCode: number, attemptsSoFar: number, policy: ReconnectPolicy = DEFAULT_RECONNECT_POLICY): ReconnectDecision {
  // A normal close, or the account's sessions ended (its token will not open a socket again).
  if (closeCode === LIVE_CLOSE_CODES.normal || closeCode === LIVE_CLOSE_CODES.sessionRevoked) return { reconnect: false };
  if (attemptsSoFar >= policy.maxAttempts) return { reconnect: false };
  return { reconnect: true, attempt: attemptsSoFar + 1, delayMs: policy.delayMs };
}
