import { abortReason, EngineFailedError, EngineRejectedError } from '../workflows/errors.js';
import type { RunPodJobPayload } from './engine-jobs.js';

/**
 * RunPod's serverless API (bearer auth), under RUNPOD_BASE_URL (https://api.runpod.ai/v2):
 *   POST /{endpoint}/run { input, webhook?, policy? } -> { id, status }
 *   GET  /{endpoint}/status/{id} -> { id, status: IN_QUEUE | IN_PROGRESS | COMPLETED | FAILED |
 *        CANCELLED | TIMED_OUT, output?, error?, delayTime?, executionTime? }
 *   POST /{endpoint}/cancel/{id} -> { id, status }
 */

const HTTP_TIMEOUT_MS = 60_000;

export class RunPodApiError extends EngineFailedError {
  constructor(message: string, public readonly status: number) {
    super(message);
  }
}

export class RunPodClient {
  private readonly base: string;

  constructor(private readonly opts: { baseUrl: string; endpointId: string; apiKey: string }) {
    this.base = `${opts.baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(opts.endpointId)}`;
  }

  private async call(method: 'GET' | 'POST', path: string, body: unknown, signal?: AbortSignal): Promise<RunPodJobPayload> {
    const timeout = AbortSignal.timeout(HTTP_TIMEOUT_MS);
    let res: Response;
    try {
      res = await fetch(`${this.base}${path}`, {
        method,
        headers: { authorization: `Bearer ${this.opts.apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (err) {
      if (signal?.aborted) throw abortReason(signal);
      const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
      throw new RunPodApiError(`RunPod is not reachable (${cause})`, 0);
    }
    const text = await res.text();
    if (res.status === 401 || res.status === 403) throw new EngineRejectedError(`RunPod refused the API key for endpoint ${this.opts.endpointId} (HTTP ${res.status})`);
    if (res.status === 400 || res.status === 413) throw new EngineRejectedError(`RunPod refused the job (HTTP ${res.status}: ${text.slice(0, 300)})`);
    if (!res.ok) throw new RunPodApiError(`RunPod answered ${method} ${path.split('/')[1] ?? path} with HTTP ${res.status}: ${text.slice(0, 200)}`, res.status);
    try {
      return text ? (JSON.parse(text) as RunPodJobPayload) : {};
    } catch {
      throw new RunPodApiError(`RunPod answered with something that is not JSON: ${text.slice(0, 100)}`, res.status);
    }
  }

  async run(body: { input: unknown; webhook?: string; policy?: Record<string, unknown> }, signal?: AbortSignal): Promise<{ id: string; status: string }> {
    const r = await this.call('POST', '/run', body, signal);
    if (typeof r.id !== 'string' || !r.id) throw new RunPodApiError('RunPod accepted the job without an id', 200);
    return { id: r.id, status: String(r.status ?? 'IN_QUEUE') };
  }

  status(id: string, signal?: AbortSignal): Promise<RunPodJobPayload> {
    return this.call('GET', `/status/${encodeURIComponent(id)}`, undefined, signal);
  }

  async cancel(id: string): Promise<void> {
    await this.call('POST', `/cancel/${encodeURIComponent(id)}`, undefined);
  }
}
