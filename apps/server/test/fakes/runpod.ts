// A contract fake of RunPod's serverless API with a worker-comfyui endpoint behind it, built
// from their documented wire formats:
//   POST /v2/{endpoint}/run     bearer auth; { input: { workflow, images: [{ name, image }] }, webhook?, policy? }
//                               -> { id, status: 'IN_QUEUE' }
//   GET  /v2/{endpoint}/status/{id} -> { id, status, delayTime, executionTime, output? , error? }
//   POST /v2/{endpoint}/cancel/{id} -> { id, status: 'CANCELLED' }
// When a job ends, RunPod POSTs the same job object to its webhook (retried twice on a non-200).
// worker-comfyui validates and runs the workflow like ComfyUI (the shared validator/executor),
// and answers in its 5.x format ({ images: [{ filename, type: 'base64' | 's3_url', data }] }) or
// the older one ({ message: base64 | url, status: 'success' }); a refused workflow is a FAILED
// job with the validation message as its error; a workflow that fails while running (a missing
// upscale model: new-style COMBO inputs pass validation) is a FAILED job with worker-comfyui's
// { error: 'Job processing failed', details: [...] } as its output.
// What a real endpoint leaves to chance, tests decide: which of the webhook and a /status poll
// sees a finished job first (`order`, `webhook: 'held'`), and when a held job finishes (`release`).
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_MODELS, executePrompt, ExecutionError, nodeDefinitions, objectInfoFor, validatePrompt, type InstalledModels, type Prompt } from './comfy-graph.js';
import { readBody } from './comfyui.js';

export type RunPodStatus = 'IN_QUEUE' | 'IN_PROGRESS' | 'COMPLETED' | 'FAILED' | 'CANCELLED' | 'TIMED_OUT';

export interface JobBehaviour {
  /** complete (run the workflow), fail (a transient worker error), oom (CUDA out of memory while running), hang (until cancelled), timeout (TIMED_OUT). */
  outcome: 'complete' | 'fail' | 'oom' | 'hang' | 'timeout';
  /** `held`: posted only when the test calls `postWebhook(job)` (after a poll saw the outcome, say). */
  webhook: 'deliver' | 'lose' | 'duplicate' | 'held';
  output: 'images-base64' | 'images-s3' | 'message-base64' | 'message-url';
  /** Time in the queue, then running. */
  queueMs: number;
  runMs: number;
  /** The job keeps running until the test calls `release(job)`, then finishes as `outcome` says. */
  held: boolean;
  /**
   * `webhook-first`: a /status poll of a finished job is answered only once its webhook
   * deliveries are over, so a poll never sees the outcome first. `any`: as it happens.
   */
  order: 'webhook-first' | 'any';
  /**
   * `held`: the job is queued at once but the /run request is answered only when the test calls
   * `answerSubmissions()` (a reply lost in a slow network while the caller gives up, say).
   */
  submission?: 'answered' | 'held';
}

interface Signal {
  promise: Promise<void>;
  fire(): void;
}

function signal(): Signal {
  let fire!: () => void;
  const promise = new Promise<void>((r) => (fire = r));
  return { promise, fire };
}

export interface FakeJob {
  id: string;
  status: RunPodStatus;
  input: { workflow?: unknown; images?: Array<{ name: string; image: string }> };
  webhook?: string;
  policy?: unknown;
  behaviour: JobBehaviour;
  output?: unknown;
  error?: string;
  createdAt: number;
  /** Answers the webhook got: status code and body. */
  deliveries: Array<{ status: number; body: string }>;
  /** Resolves once the job has finished and its webhook deliveries (if any) are over. */
  webhookDone: Promise<void>;
}

interface JobSignals {
  webhookDone: Signal;
  webhookPosted: Signal;
  released: Signal;
}

const TERMINAL = new Set<RunPodStatus>(['COMPLETED', 'FAILED', 'CANCELLED', 'TIMED_OUT']);

export class RunPodFake {
  readonly jobs = new Map<string, FakeJob>();
  readonly cancels: string[] = [];
  readonly requests: Array<{ method: string; path: string; authorized: boolean }> = [];
  /** What the next jobs do (tests change it between requests). */
  behaviour: JobBehaviour = { outcome: 'complete', webhook: 'deliver', output: 'images-base64', queueMs: 30, runMs: 60, held: false, order: 'any' };
  url = '';
  private readonly s3 = new Map<string, Buffer>();
  private readonly server: http.Server;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly signals = new Map<string, JobSignals>();
  private submissionsAnswered = signal();
  private submissionWaiters: Array<() => void> = [];

  /** The model files on the worker's network volume. */
  models: InstalledModels = { ...DEFAULT_MODELS };
  constructor(private readonly opts: { apiKey: string; endpointId: string; webhookRetryDelayMs?: number }) {
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        if (!res.headersSent) json(res, 500, { error: String(err) });
      });
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  /** RUNPOD_BASE_URL for the app. */
  get baseUrl(): string {
    return `${this.url}/v2`;
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private later(ms: number, fn: () => void | Promise<void>): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      void fn();
    }, ms);
    this.timers.add(t);
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://x');
    const authorized = req.headers.authorization === `Bearer ${this.opts.apiKey}`;
    this.requests.push({ method: req.method ?? '', path: url.pathname, authorized });
    if (req.method === 'GET' && url.pathname.startsWith('/s3/')) {
      const file = this.s3.get(url.pathname.slice(4));
      if (!file) return json(res, 404, { error: 'NoSuchKey' });
      res.writeHead(200, { 'content-type': 'image/png' });
      return void res.end(file);
    }
    const m = /^\/v2\/([^/]+)\/(run|status|cancel)(?:\/([^/]+))?$/.exec(url.pathname);
    if (!m) return json(res, 404, { error: 'not found' });
    if (!authorized) return json(res, 401, { error: 'Unauthorized' });
    const [, endpoint, action, id] = m;
    if (endpoint !== this.opts.endpointId) return json(res, 404, { error: `endpoint ${endpoint} not found` });

    if (action === 'run' && req.method === 'POST') {
      const body = JSON.parse((await readBody(req)).toString('utf8') || '{}') as { input?: FakeJob['input']; webhook?: string; policy?: unknown };
      if (!body.input || typeof body.input !== 'object') return json(res, 400, { error: 'input is required' });
      const signals: JobSignals = { webhookDone: signal(), webhookPosted: signal(), released: signal() };
      const job: FakeJob = {
        id: `${crypto.randomUUID()}-u1`,
        status: 'IN_QUEUE',
        input: body.input,
        webhook: body.webhook,
        policy: body.policy,
        behaviour: { ...this.behaviour },
        createdAt: Date.now(),
        deliveries: [],
        webhookDone: signals.webhookDone.promise,
      };
      this.jobs.set(job.id, job);
      this.signals.set(job.id, signals);
      this.later(job.behaviour.queueMs, () => this.start_(job));
      for (const wake of this.submissionWaiters.splice(0)) wake();
      if (job.behaviour.submission === 'held') await this.submissionsAnswered.promise;
      json(res, 200, { id: job.id, status: job.status });
      return;
    }
    const job = id ? this.jobs.get(id) : undefined;
    if (!job) return json(res, 404, { error: 'job not found' });
    if (action === 'status' && req.method === 'GET') {
      if (TERMINAL.has(job.status) && job.behaviour.order === 'webhook-first') await job.webhookDone;
      return json(res, 200, this.view(job));
    }
    if (action === 'cancel' && req.method === 'POST') {
      this.cancels.push(job.id);
      if (job.status === 'IN_QUEUE' || job.status === 'IN_PROGRESS') void this.finish(job, 'CANCELLED');
      return json(res, 200, { id: job.id, status: job.status });
    }
    json(res, 405, { error: 'method not allowed' });
  }

  private view(job: FakeJob): Record<string, unknown> {
    return {
      id: job.id,
      status: job.status,
      delayTime: job.behaviour.queueMs,
      executionTime: job.status === 'IN_QUEUE' ? 0 : job.behaviour.runMs,
      ...(job.output !== undefined ? { output: job.output } : {}),
      ...(job.error !== undefined ? { error: job.error } : {}),
    };
  }

  private start_(job: FakeJob): void {
    if (job.status !== 'IN_QUEUE') return;
    job.status = 'IN_PROGRESS';
    this.later(job.behaviour.runMs, () => this.work(job));
  }

  /** worker-comfyui's handler: validate, upload the images, run, return the output. */
  private async work(job: FakeJob): Promise<void> {
    if (job.status !== 'IN_PROGRESS') return;
    const b = job.behaviour;
    if (b.held) await this.signals.get(job.id)!.released.promise;
    if (job.status !== 'IN_PROGRESS') return; // cancelled while held
    if (b.outcome === 'hang') return;
    if (b.outcome === 'timeout') return this.finish(job, 'TIMED_OUT');
    if (b.outcome === 'fail') {
      job.error = 'ComfyUI server (127.0.0.1:8188) not reachable after multiple retries.';
      return this.finish(job, 'FAILED');
    }
    const files = new Map<string, Buffer>();
    for (const img of job.input.images ?? []) files.set(img.name, Buffer.from(img.image.replace(/^data:[^,]*,/, ''), 'base64'));
    const defs = nodeDefinitions(objectInfoFor(this.models), () => [...files.keys()]);
    const v = validatePrompt(job.input.workflow, defs);
    if (!v.ok) {
      const lines = Object.entries(v.node_errors).flatMap(([nodeId, ne]) =>
        (ne as { errors: Array<{ message: string; details: string }> }).errors.map((e) => `• Node ${nodeId}: ${e.message}: ${e.details}`),
      );
      job.error = `Workflow validation failed:\n• ${v.error.message}: ${v.error.details}${lines.length ? `\n${lines.join('\n')}` : ''}`;
      return this.finish(job, 'FAILED');
    }
    try {
      const oom = b.outcome === 'oom';
      const saved = await executePrompt(
        job.input.workflow as Prompt,
        v.outputs,
        (n) => files.get(n),
        {
          beforeNode: (id, type) => {
            if (oom && type === 'KSampler') throw new ExecutionError(id, type, 'torch.OutOfMemoryError', 'Allocation on device 0 would exceed allowed memory. (out of memory)\nCurrently allocated     : 21.50 GiB');
          },
        },
        defs,
      );
      const images = Object.values(saved).flat();
      if (job.status !== 'IN_PROGRESS') return; // cancelled meanwhile
      const first = images[0];
      switch (b.output) {
        case 'images-base64':
          job.output = { images: images.map((i) => ({ filename: i.filename, type: 'base64', data: i.data.toString('base64') })) };
          break;
        case 'images-s3':
          job.output = { images: images.map((i) => ({ filename: i.filename, type: 's3_url', data: this.putS3(job, i.filename, i.data) })) };
          break;
        case 'message-base64':
          job.output = { message: first.data.toString('base64'), status: 'success' };
          break;
        case 'message-url':
          job.output = { message: this.putS3(job, first.filename, first.data), status: 'success' };
          break;
      }
      await this.finish(job, 'COMPLETED');
    } catch (err) {
      // worker-comfyui: the errors of the history's execution_error messages, no images.
      const detail = err instanceof ExecutionError ? `Node Type: ${err.nodeType}, Node ID: ${err.nodeId}, Message: ${err.message}` : String(err);
      job.error = 'Job processing failed';
      job.output = { error: 'Job processing failed', details: [`Workflow execution error: ${detail}`] };
      await this.finish(job, 'FAILED');
    }
  }

  private putS3(job: FakeJob, filename: string, data: Buffer): string {
    const key = `${job.id}/${filename}`;
    this.s3.set(key, data);
    return `${this.url}/s3/${key}`;
  }

  private async finish(job: FakeJob, status: RunPodStatus): Promise<void> {
    job.status = status;
    const signals = this.signals.get(job.id)!;
    if (job.webhook && job.behaviour.webhook !== 'lose') {
      if (job.behaviour.webhook === 'held') await signals.webhookPosted.promise;
      const times = job.behaviour.webhook === 'duplicate' ? 2 : 1;
      for (let i = 0; i < times; i++) await this.deliver(job);
    }
    signals.webhookDone.fire();
  }

  /** Posts the webhook of a job submitted with `webhook: 'held'` (now, or once it finishes). */
  postWebhook(job: FakeJob): void {
    this.signals.get(job.id)?.webhookPosted.fire();
  }

  /** Resolves once a job has been submitted (its /run received, answered or not). */
  nextSubmission(): Promise<void> {
    return new Promise((resolve) => this.submissionWaiters.push(resolve));
  }

  /** Answers the /run requests held by `submission: 'held'`. */
  answerSubmissions(): void {
    this.submissionsAnswered.fire();
    this.submissionsAnswered = signal();
  }

  /** Lets a job submitted with `held` finish. */
  release(job: FakeJob): void {
    this.signals.get(job.id)?.released.fire();
  }

  /** RunPod's webhook call: POST the job object; a non-200 is retried twice. */
  private async deliver(job: FakeJob): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const res = await fetch(job.webhook!, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(this.view(job)) });
        job.deliveries.push({ status: res.status, body: await res.text() });
        if (res.status === 200) return;
      } catch (err) {
        job.deliveries.push({ status: 0, body: String(err) });
      }
      await new Promise((r) => setTimeout(r, this.opts.webhookRetryDelayMs ?? 200));
    }
  }

  /** The job submitted for a webhook URL's `job` parameter (the engine's job id). */
  jobForEngineJob(engineJobId: string): FakeJob | undefined {
    return [...this.jobs.values()].find((j) => j.webhook && new URL(j.webhook).searchParams.get('job') === engineJobId);
  }
}

function json(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
