import crypto from 'node:crypto';
import WebSocket from 'ws';
import { abortReason, EngineFailedError, EngineRejectedError } from '../workflows/errors.js';
import { executionFailure } from '../workflows/failures.js';
import { renameImages, type ApiWorkflow, type WorkflowImage } from '../workflows/graph.js';

/**
 * A client of ComfyUI's HTTP and WebSocket API:
 *   POST /upload/image (multipart: image, type=input, overwrite) -> { name, subfolder, type }
 *   POST /prompt { prompt, client_id } -> 200 { prompt_id, number, node_errors }
 *                                       | 400 { error: { type, message, details }, node_errors }
 *   WS   /ws?clientId=… -> { type, data } with type status | execution_start | execution_cached |
 *        executing { node (null = done), prompt_id } | progress { value, max, node, prompt_id } |
 *        executed | execution_success | execution_error { node_id, node_type, exception_type,
 *        exception_message } | execution_interrupted
 *   GET  /history/{prompt_id} -> { [prompt_id]: { outputs: { [node]: { images: [{ filename,
 *        subfolder, type }] } }, status: { status_str, completed, messages } } } ({} while pending)
 *   GET  /view?filename&subfolder&type -> the image bytes
 *   GET  /queue -> { queue_running, queue_pending } ; POST /queue { delete: [ids] } ; POST /interrupt
 * The socket is the fast path; /history is polled as well, so a dropped socket loses nothing.
 */

export interface ComfyImageRef {
  filename: string;
  subfolder: string;
  type: string;
}

interface HistoryEntry {
  outputs?: Record<string, { images?: ComfyImageRef[] }>;
  status?: { status_str?: string; completed?: boolean; messages?: Array<[string, Record<string, unknown>]> };
}

interface NodeError {
  errors?: Array<{ type?: string; message?: string; details?: string }>;
  class_type?: string;
}

export interface RunOptions {
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** Steps of the sampler nodes by node id (their progress events weigh by their steps). */
  weights?: Record<string, number>;
}

const HTTP_TIMEOUT_MS = 60_000;
const HISTORY_POLL_MS = 3000;

export class ComfyUIClient {
  private readonly base: string;

  constructor(baseUrl: string, private readonly opts: { historyPollMs?: number } = {}) {
    this.base = baseUrl.replace(/\/+$/, '');
  }

  /** Uploads, submits, follows and fetches one workflow's result image. */
  async run(workflow: ApiWorkflow, images: WorkflowImage[], outputNode: string, opts: RunOptions = {}): Promise<Buffer> {
    const { signal } = opts;
    signal?.throwIfAborted();
    const clientId = crypto.randomUUID();
    const socket = await this.connect(clientId, signal);
    // Our own prompt_id (ComfyUI takes one): a call aborted while /prompt is answering can still take it off the queue.
    let promptId: string | undefined;
    const ownId = crypto.randomUUID();
    try {
      const renames = new Map<string, string>();
      for (const image of images) {
        const stored = await this.upload(image, signal);
        if (stored !== image.name) renames.set(image.name, stored);
      }
      const prompt = renames.size > 0 ? renameImages(workflow, renames) : workflow;
      promptId = ownId;
      promptId = await this.submit(prompt, clientId, signal, ownId);
      opts.onProgress?.(2);
      const entry = await this.follow(promptId, socket, opts);
      const ref = entry.outputs?.[outputNode]?.images?.[0] ?? Object.values(entry.outputs ?? {}).flatMap((o) => o.images ?? [])[0];
      if (!ref) throw new EngineFailedError('ComfyUI finished the workflow without an output image');
      opts.onProgress?.(98);
      return await this.view(ref, signal);
    } catch (err) {
      if (signal?.aborted && promptId) await this.cancel(promptId).catch(() => undefined);
      throw signal?.aborted ? abortReason(signal) : err;
    } finally {
      socket?.close();
    }
  }

  private url(path: string): string {
    return `${this.base}${path}`;
  }

  private async http(path: string, init: RequestInit, signal?: AbortSignal): Promise<Response> {
    const timeout = AbortSignal.timeout(HTTP_TIMEOUT_MS);
    try {
      return await fetch(this.url(path), { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    } catch (err) {
      if (signal?.aborted) throw abortReason(signal);
      throw new EngineFailedError(`ComfyUI is not reachable at ${this.base} (${describe(err)})`);
    }
  }

  /** The socket for progress; null when it cannot be opened (history polling still finishes the job). */
  private connect(clientId: string, signal?: AbortSignal): Promise<WebSocket | null> {
    const wsUrl = `${this.base.replace(/^http/, 'ws')}/ws?clientId=${encodeURIComponent(clientId)}`;
    return new Promise((resolve) => {
      const ws = new WebSocket(wsUrl, { handshakeTimeout: 10_000 });
      const done = (v: WebSocket | null) => {
        ws.off('open', onOpen);
        ws.off('error', onError);
        signal?.removeEventListener('abort', onAbort);
        resolve(v);
      };
      const onOpen = () => done(ws);
      const onError = () => done(null);
      const onAbort = () => {
        ws.terminate();
        done(null);
      };
      ws.on('open', onOpen);
      ws.on('error', onError);
      ws.on('error', () => undefined); // later errors close the socket; polling carries on
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  async upload(image: WorkflowImage, signal?: AbortSignal): Promise<string> {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(image.data)]), image.name);
    form.append('type', 'input');
    form.append('overwrite', 'true');
    const res = await this.http('/upload/image', { method: 'POST', body: form }, signal);
    if (!res.ok) throw new EngineFailedError(`ComfyUI refused the upload of ${image.name} (HTTP ${res.status}: ${(await res.text()).slice(0, 200)})`);
    const body = (await res.json()) as { name?: string; subfolder?: string };
    if (!body.name) throw new EngineFailedError('ComfyUI answered the upload without a file name');
    return body.subfolder ? `${body.subfolder}/${body.name}` : body.name;
  }

  async submit(prompt: ApiWorkflow, clientId: string, signal?: AbortSignal, promptId?: string): Promise<string> {
    const res = await this.http(
      '/prompt',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ prompt, client_id: clientId, ...(promptId ? { prompt_id: promptId } : {}) }) },
      signal,
    );
    const text = await res.text();
    let body: { prompt_id?: string; error?: unknown; node_errors?: Record<string, NodeError> } = {};
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      /* not JSON: reported below */
    }
    if (res.status === 400) throw new EngineRejectedError(validationMessage(body.error, body.node_errors));
    if (!res.ok) throw new EngineFailedError(`ComfyUI answered /prompt with HTTP ${res.status}: ${text.slice(0, 300)}`);
    if (body.node_errors && Object.keys(body.node_errors).length > 0) throw new EngineRejectedError(validationMessage(body.error, body.node_errors));
    if (!body.prompt_id) throw new EngineFailedError('ComfyUI accepted the prompt without a prompt_id');
    return body.prompt_id;
  }

  /** Waits until the prompt finished (socket or history), reporting progress; returns its history entry. */
  private follow(promptId: string, socket: WebSocket | null, opts: RunOptions): Promise<HistoryEntry> {
    const { signal, onProgress } = opts;
    const weights = opts.weights ?? {};
    const done = new Map<string, number>();
    const totalWeight = () => {
      const keys = new Set([...Object.keys(weights), ...done.keys()]);
      let sum = 0;
      for (const k of keys) sum += weights[k] ?? 1;
      return sum;
    };
    let lastPercent = 0;
    const report = () => {
      const total = totalWeight();
      if (!onProgress || total <= 0) return;
      let sum = 0;
      for (const [k, frac] of done) sum += (weights[k] ?? 1) * frac;
      const p = Math.round(3 + (sum / total) * 92);
      if (p > lastPercent) {
        lastPercent = p;
        onProgress(p);
      }
    };

    return new Promise<HistoryEntry>((resolve, reject) => {
      let settled = false;
      let timer: NodeJS.Timeout | undefined;
      const finish = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        socket?.off('message', onMessage);
        signal?.removeEventListener('abort', onAbort);
        fn();
      };
      const fromHistory = async (): Promise<boolean> => {
        const entry = await this.history(promptId, signal);
        if (!entry) return false;
        const failure = historyError(entry);
        if (failure) {
          finish(() => reject(failure));
          return true;
        }
        if (entry.status?.completed || entry.status?.status_str === 'success') {
          finish(() => resolve(entry));
          return true;
        }
        return false;
      };
      const settle = () => {
        fromHistory()
          .then((ok) => {
            // The socket said done but /history is not written yet: poll it again shortly.
            if (!ok && !settled) {
              clearTimeout(timer);
              timer = setTimeout(poll, 200);
            }
          })
          .catch((err: unknown) => finish(() => reject(err)));
      };
      const poll = () => {
        if (settled) return;
        fromHistory()
          .then((ok) => {
            if (!ok && !settled) timer = setTimeout(poll, this.opts.historyPollMs ?? HISTORY_POLL_MS);
          })
          .catch((err: unknown) => finish(() => reject(err)));
      };
      const onAbort = () => finish(() => reject(abortReason(signal)));
      const onMessage = (data: WebSocket.RawData, isBinary: boolean) => {
        if (isBinary || settled) return; // binary frames are previews
        let msg: { type?: string; data?: Record<string, unknown> };
        try {
          msg = JSON.parse(String(data)) as typeof msg;
        } catch {
          return;
        }
        const d = msg.data ?? {};
        if (d.prompt_id !== undefined && d.prompt_id !== promptId) return;
        switch (msg.type) {
          case 'progress': {
            const value = Number(d.value);
            const max = Number(d.max);
            if (max > 0 && Number.isFinite(value)) {
              done.set(String(d.node ?? '?'), Math.min(1, value / max));
              report();
            }
            break;
          }
          case 'executed':
            if (typeof d.node === 'string' && weights[d.node] !== undefined) {
              done.set(d.node, 1);
              report();
            }
            break;
          case 'executing':
            if (d.node === null && d.prompt_id === promptId) settle();
            break;
          case 'execution_success':
            settle();
            break;
          case 'execution_error':
            finish(() => reject(executionError(d)));
            break;
          case 'execution_interrupted':
            finish(() => reject(new EngineFailedError(`ComfyUI interrupted the workflow${d.node_type ? ` at ${String(d.node_type)}` : ''}`)));
            break;
          default:
            break;
        }
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      socket?.on('message', onMessage);
      timer = setTimeout(poll, this.opts.historyPollMs ?? HISTORY_POLL_MS);
    });
  }

  async history(promptId: string, signal?: AbortSignal): Promise<HistoryEntry | undefined> {
    const res = await this.http(`/history/${encodeURIComponent(promptId)}`, { method: 'GET' }, signal);
    if (!res.ok) throw new EngineFailedError(`ComfyUI answered /history with HTTP ${res.status}`);
    const body = (await res.json()) as Record<string, HistoryEntry>;
    return body[promptId];
  }

  async view(ref: ComfyImageRef, signal?: AbortSignal): Promise<Buffer> {
    const q = new URLSearchParams({ filename: ref.filename, subfolder: ref.subfolder ?? '', type: ref.type ?? 'output' });
    const res = await this.http(`/view?${q.toString()}`, { method: 'GET' }, signal);
    if (!res.ok) throw new EngineFailedError(`ComfyUI could not serve the result ${ref.filename} (HTTP ${res.status})`);
    return Buffer.from(await res.arrayBuffer());
  }

  /** Removes the prompt from the queue, or interrupts it when it is the one running (never another's). */
  async cancel(promptId: string): Promise<void> {
    const json = { 'content-type': 'application/json' };
    await this.http('/queue', { method: 'POST', headers: json, body: JSON.stringify({ delete: [promptId] }) });
    const res = await this.http('/queue', { method: 'GET' });
    if (!res.ok) return;
    const queue = (await res.json()) as { queue_running?: unknown[][] };
    const running = (queue.queue_running ?? []).some((item) => Array.isArray(item) && item[1] === promptId);
    if (running) await this.http('/interrupt', { method: 'POST', headers: json, body: JSON.stringify({ prompt_id: promptId }) });
  }
}

function describe(err: unknown): string {
  const e = err as { cause?: { code?: string; message?: string }; message?: string };
  return e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(err);
}

const clip = (s: unknown, n = 240) => {
  const t = String(s ?? '').trim();
  return t.length > n ? `${t.slice(0, n - 1)}…` : t;
};

/** "ComfyUI rejected the workflow: Prompt outputs failed validation — CheckpointLoaderSimple (node 1): Value not in list: ckpt_name: …". */
export function validationMessage(error: unknown, nodeErrors: Record<string, NodeError> | undefined): string {
  const e = (typeof error === 'object' && error !== null ? error : { message: error }) as { message?: string; details?: string };
  const head = [e.message, e.details].filter((s) => s && String(s).trim()).map((s) => clip(s, 200)).join(': ') || 'invalid workflow';
  const nodes = Object.entries(nodeErrors ?? {}).map(([id, ne]) => {
    const errs = (ne.errors ?? []).map((x) => [x.message, x.details].filter(Boolean).join(': ')).join('; ');
    return `${ne.class_type ?? 'node'} (node ${id}): ${clip(errs, 300)}`;
  });
  return clip(`ComfyUI rejected the workflow: ${head}${nodes.length ? ` — ${nodes.join(' | ')}` : ''}`, 900);
}

/** An execution_error as the error to throw: permanent ones (a missing model, out of memory) are not retried. */
export function executionError(d: Record<string, unknown>): Error {
  const where = d.node_type ? `${String(d.node_type)}${d.node_id !== undefined ? ` (node ${String(d.node_id)})` : ''}` : 'the workflow';
  const what = [d.exception_type, d.exception_message].filter((x) => x && String(x).trim()).map(String).join(': ');
  return executionFailure(what, `ComfyUI failed in ${where}`);
}

function historyError(entry: HistoryEntry): Error | undefined {
  if (entry.status?.status_str !== 'error') return undefined;
  const msg = entry.status.messages?.find((m) => m[0] === 'execution_error');
  if (msg) return executionError(msg[1] ?? {});
  const interrupted = entry.status.messages?.some((m) => m[0] === 'execution_interrupted');
  return new EngineFailedError(interrupted ? 'ComfyUI interrupted the workflow' : 'ComfyUI failed to run the workflow');
}
