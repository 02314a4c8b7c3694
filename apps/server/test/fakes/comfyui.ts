// A contract fake of a ComfyUI server, built from its documented wire format (server.py) and its
// real node schema (GET /object_info serves test/fixtures/comfyui/object_info.json):
//   POST /upload/image   multipart: image (file), type, subfolder, overwrite -> { name, subfolder, type }
//   POST /prompt         { prompt, client_id } -> { prompt_id, number, node_errors: {} }
//                        | 400 { error: { type, message, details, extra_info }, node_errors }
//   GET  /ws?clientId=   JSON frames { type, data }: status, execution_start, execution_cached,
//                        executing { node, display_node, prompt_id }, progress { value, max, prompt_id, node },
//                        executed { node, display_node, output, prompt_id }, execution_success,
//                        execution_error { prompt_id, node_id, node_type, executed, exception_message,
//                        exception_type, traceback, current_inputs, current_outputs }, execution_interrupted
//   GET  /history/{id}   {} while queued or running, then { [id]: { prompt, outputs, status, meta } }
//   GET  /view?filename&subfolder&type -> the file
//   GET  /queue, POST /queue { delete | clear }, POST /interrupt, GET /system_stats, GET /object_info
// Prompts run one at a time, in order, like ComfyUI's single queue.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import {
  DEFAULT_MODELS,
  executePrompt,
  ExecutionError,
  nodeDefinitions,
  objectInfoFor,
  validatePrompt,
  type InstalledModels,
  type NodeDef,
  type Prompt,
  type SavedImage,
} from './comfy-graph.js';

export interface ComfyUIFakeOptions {
  models?: Partial<InstalledModels>;
  /** Delay between sampler steps, so progress can be watched (default 5 ms). */
  stepDelayMs?: number;
  /** Log each request to stdout (the CLI). */
  verbose?: boolean;
}

/** Makes matching nodes fail while set (execution_error), as a GPU out of memory would. */
export interface InjectedFailure {
  nodeType: string;
  exceptionType: string;
  message: string;
}

interface QueueItem {
  number: number;
  promptId: string;
  prompt: Prompt;
  clientId: string;
  outputs: string[];
}

interface HistoryItem {
  prompt: [number, string, Prompt, { client_id: string }, string[]];
  outputs: Record<string, { images: Array<{ filename: string; subfolder: string; type: string }> }>;
  status: { status_str: 'success' | 'error'; completed: boolean; messages: Array<[string, Record<string, unknown>]> };
  meta: Record<string, unknown>;
}

export class ComfyUIFake {
  readonly uploads = new Map<string, Buffer>();
  readonly outputs = new Map<string, SavedImage>();
  readonly history = new Map<string, HistoryItem>();
  /** Every accepted /prompt body, in order. */
  readonly prompts: Array<{ prompt_id: string; prompt: Prompt; client_id: string }> = [];
  /** Every /prompt answered 400, with the answer. */
  readonly rejected: Array<{ status: number; body: unknown }> = [];
  readonly requests: string[] = [];
  readonly interrupts: string[] = [];
  failure: InjectedFailure | null = null;
  /** While true, prompts stay queued (nothing runs). */
  paused = false;

  private readonly server: http.Server;
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly sockets = new Map<string, Set<WebSocket>>();
  private readonly queue: QueueItem[] = [];
  private running: QueueItem | null = null;
  private interruptRequested = false;
  private counter = 0;
  /** The model files the server has: its /object_info lists them and its loaders find them (tests may change them at any time). */
  models: InstalledModels;
  url = '';

  constructor(private readonly opts: ComfyUIFakeOptions = {}) {
    this.models = { ...DEFAULT_MODELS, ...opts.models };
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        if (!res.headersSent) this.json(res, 500, { error: String(err) });
      });
    });
    this.server.on('upgrade', (req, socket, head) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname !== '/ws') return socket.destroy();
      this.wss.handleUpgrade(req, socket, head, (ws) => this.onSocket(ws, url.searchParams.get('clientId') ?? crypto.randomUUID().replace(/-/g, '')));
    });
  }

  async start(port = 0, host = '127.0.0.1'): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(port, host, resolve));
    const addr = this.server.address() as AddressInfo;
    this.url = `http://${host}:${addr.port}`;
    return this.url;
  }

  async close(): Promise<void> {
    for (const ws of this.wss.clients) ws.terminate();
    this.wss.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** GET /object_info of a server with these models. */
  private get info() {
    return objectInfoFor(this.models);
  }

  private readonly inputFiles = () => [...this.uploads.keys()];
  private defsOf?: { info: ReturnType<typeof objectInfoFor>; defs: Record<string, NodeDef> };
  private get defs(): Record<string, NodeDef> {
    const info = this.info;
    if (this.defsOf?.info !== info) this.defsOf = { info, defs: nodeDefinitions(info, this.inputFiles) };
    return this.defsOf.defs;
  }

  /** Lets paused prompts run. */
  resume(): void {
    this.paused = false;
    void this.pump();
  }

  /** The validator ComfyUI would apply to this prompt (for tests of the fake itself). */
  validate(prompt: unknown) {
    return validatePrompt(prompt, this.defs);
  }

  get socketCount(): number {
    let n = 0;
    for (const set of this.sockets.values()) n += set.size;
    return n;
  }

  // ------------------------------------------------------------------ http

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://x');
    const route = `${req.method} ${url.pathname}`;
    this.requests.push(route);
    if (this.opts.verbose) process.stdout.write(`[comfyui-fake] ${route}\n`);
    if (route === 'POST /upload/image') return this.upload(req, res);
    if (route === 'POST /prompt') return this.prompt(req, res);
    if (req.method === 'GET' && url.pathname.startsWith('/history/')) {
      const id = decodeURIComponent(url.pathname.slice('/history/'.length));
      const item = this.history.get(id);
      return this.json(res, 200, item ? { [id]: item } : {});
    }
    if (route === 'GET /history') return this.json(res, 200, Object.fromEntries(this.history));
    if (route === 'GET /view') {
      const type = url.searchParams.get('type') ?? 'output';
      const key = join(url.searchParams.get('subfolder') ?? '', url.searchParams.get('filename') ?? '');
      const file = type === 'input' ? this.uploads.get(key) : type === 'output' ? this.outputs.get(key)?.data : undefined;
      if (!file) return this.text(res, 404, '404: Not Found');
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': file.length });
      return void res.end(file);
    }
    if (route === 'GET /queue') {
      const entry = (q: QueueItem) => [q.number, q.promptId, q.prompt, { client_id: q.clientId }, q.outputs];
      return this.json(res, 200, { queue_running: this.running ? [entry(this.running)] : [], queue_pending: this.queue.map(entry) });
    }
    if (route === 'POST /queue') {
      const body = (await readJson(req)) as { delete?: string[]; clear?: boolean };
      if (body.clear) this.queue.length = 0;
      for (const id of body.delete ?? []) {
        const i = this.queue.findIndex((q) => q.promptId === id);
        if (i >= 0) this.queue.splice(i, 1);
      }
      return this.text(res, 200, '');
    }
    if (route === 'POST /interrupt') {
      const body = (await readJson(req).catch(() => ({}))) as { prompt_id?: string };
      if (this.running && (!body.prompt_id || body.prompt_id === this.running.promptId)) {
        this.interruptRequested = true;
        this.interrupts.push(this.running.promptId);
      }
      return this.text(res, 200, '');
    }
    if (route === 'GET /system_stats') {
      return this.json(res, 200, { system: { os: 'fake', comfyui_version: 'fake', python_version: '3.12' }, devices: [{ name: 'fake GPU', type: 'cuda', vram_total: 24e9, vram_free: 20e9 }] });
    }
    if (route === 'GET /object_info') {
      // ComfyUI's real node schema; LoadImage lists the input folder.
      const info = structuredClone(this.info);
      const load = info.LoadImage?.input.required?.image;
      if (load) load[0] = [...this.uploads.keys()];
      return this.json(res, 200, info);
    }
    this.text(res, 404, '404: Not Found');
  }

  private async upload(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const body = await readBody(req);
    const form = await new Request('http://x/upload/image', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: new Uint8Array(body) }).formData();
    const file = form.get('image');
    if (!file || typeof file === 'string') return this.text(res, 400, '');
    const subfolder = String(form.get('subfolder') ?? '');
    const overwrite = String(form.get('overwrite') ?? '') === 'true' || String(form.get('overwrite') ?? '') === '1';
    let name = file.name || 'image.png';
    if (!overwrite) {
      const dot = name.lastIndexOf('.');
      const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
      for (let i = 1; this.uploads.has(join(subfolder, name)); i++) name = `${stem} (${i})${ext}`;
    }
    this.uploads.set(join(subfolder, name), Buffer.from(await file.arrayBuffer()));
    this.json(res, 200, { name, subfolder, type: String(form.get('type') ?? 'input') });
  }

  private async prompt(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let body: { prompt?: unknown; client_id?: unknown; prompt_id?: unknown };
    try {
      body = (await readJson(req)) as typeof body;
    } catch {
      return this.json(res, 400, { error: { type: 'invalid_prompt', message: 'Invalid JSON', details: '', extra_info: {} }, node_errors: [] });
    }
    if (!('prompt' in body)) {
      const answer = { error: { type: 'no_prompt', message: 'No prompt provided', details: 'No prompt provided', extra_info: {} }, node_errors: [] };
      this.rejected.push({ status: 400, body: answer });
      return this.json(res, 400, answer);
    }
    const v = this.validate(body.prompt);
    if (!v.ok) {
      const answer = { error: v.error, node_errors: v.node_errors };
      this.rejected.push({ status: 400, body: answer });
      return this.json(res, 400, answer);
    }
    const promptId = typeof body.prompt_id === 'string' ? body.prompt_id : crypto.randomUUID();
    const item: QueueItem = { number: this.counter++, promptId, prompt: body.prompt as Prompt, clientId: String(body.client_id ?? ''), outputs: v.outputs };
    this.prompts.push({ prompt_id: promptId, prompt: item.prompt, client_id: item.clientId });
    this.queue.push(item);
    this.json(res, 200, { prompt_id: promptId, number: item.number, node_errors: {} });
    this.broadcastStatus();
    setImmediate(() => void this.pump());
  }

  // ------------------------------------------------------------------ execution

  private async pump(): Promise<void> {
    if (this.running || this.paused) return;
    const item = this.queue.shift();
    if (!item) return;
    this.running = item;
    this.interruptRequested = false;
    try {
      await this.execute(item);
    } finally {
      this.running = null;
      this.broadcastStatus();
      setImmediate(() => void this.pump());
    }
  }

  private async execute(item: QueueItem): Promise<void> {
    const { promptId, clientId } = item;
    const messages: Array<[string, Record<string, unknown>]> = [];
    const send = (type: string, data: Record<string, unknown>, record = false) => {
      if (record) messages.push([type, data]);
      this.sendTo(clientId, { type, data });
    };
    const outputs: HistoryItem['outputs'] = {};
    const executed: string[] = [];
    send('execution_start', { prompt_id: promptId, timestamp: Date.now() }, true);
    send('execution_cached', { nodes: [], prompt_id: promptId, timestamp: Date.now() }, true);
    const delay = this.opts.stepDelayMs ?? 5;
    const failure = this.failure;
    try {
      const saved = await executePrompt(item.prompt, item.outputs, (name) => this.uploads.get(name), {
        executing: (node) => {
          executed.push(node);
          send('executing', { node, display_node: node, prompt_id: promptId });
        },
        beforeNode: (node, type) => {
          if (this.interruptRequested) throw new Interrupted(node, type);
          if (failure && failure.nodeType === type) throw new ExecutionError(node, type, failure.exceptionType, failure.message);
        },
        progress: async (node, value, max) => {
          if (this.interruptRequested) throw new Interrupted(node, String(item.prompt[node]?.class_type));
          send('progress', { value, max, prompt_id: promptId, node });
          if (delay > 0) await new Promise((r) => setTimeout(r, delay));
        },
        executed: (node, output) => {
          outputs[node] = output;
          send('executed', { node, display_node: node, output, prompt_id: promptId });
        },
      }, this.defs);
      for (const files of Object.values(saved)) for (const f of files) this.outputs.set(join(f.subfolder, f.filename), f);
      send('executing', { node: null, prompt_id: promptId });
      send('execution_success', { prompt_id: promptId, timestamp: Date.now() }, true);
      this.history.set(promptId, this.historyItem(item, outputs, 'success', messages));
    } catch (err) {
      if (err instanceof Interrupted) {
        send('execution_interrupted', { prompt_id: promptId, node_id: err.nodeId, node_type: err.nodeType, executed, timestamp: Date.now() }, true);
      } else {
        const e = err instanceof ExecutionError ? err : new ExecutionError(executed.at(-1) ?? '?', String(item.prompt[executed.at(-1) ?? '']?.class_type ?? '?'), 'Exception', String(err));
        send(
          'execution_error',
          {
            prompt_id: promptId,
            node_id: e.nodeId,
            node_type: e.nodeType,
            executed: executed.slice(0, -1),
            exception_message: e.message,
            exception_type: e.exceptionType,
            traceback: ['  File "execution.py", line 1, in execute\n'],
            current_inputs: {},
            current_outputs: {},
            timestamp: Date.now(),
          },
          true,
        );
      }
      this.history.set(promptId, this.historyItem(item, outputs, 'error', messages));
    }
  }

  private historyItem(item: QueueItem, outputs: HistoryItem['outputs'], status: 'success' | 'error', messages: HistoryItem['status']['messages']): HistoryItem {
    return {
      prompt: [item.number, item.promptId, item.prompt, { client_id: item.clientId }, item.outputs],
      outputs,
      status: { status_str: status, completed: status === 'success', messages },
      meta: Object.fromEntries(Object.keys(outputs).map((n) => [n, { node_id: n, display_node: n, parent_node: null, real_node_id: n }])),
    };
  }

  // ------------------------------------------------------------------ websocket

  private onSocket(ws: WebSocket, clientId: string): void {
    let set = this.sockets.get(clientId);
    if (!set) this.sockets.set(clientId, (set = new Set()));
    set.add(ws);
    ws.on('close', () => set.delete(ws));
    ws.on('error', () => undefined);
    ws.send(JSON.stringify({ type: 'status', data: { status: { exec_info: { queue_remaining: this.queue.length + (this.running ? 1 : 0) } }, sid: clientId } }));
  }

  private sendTo(clientId: string, msg: unknown): void {
    const text = JSON.stringify(msg);
    for (const ws of this.sockets.get(clientId) ?? []) if (ws.readyState === WebSocket.OPEN) ws.send(text);
  }

  private broadcastStatus(): void {
    const text = JSON.stringify({ type: 'status', data: { status: { exec_info: { queue_remaining: this.queue.length + (this.running ? 1 : 0) } } } });
    for (const ws of this.wss.clients) if (ws.readyState === WebSocket.OPEN) ws.send(text);
  }

  private json(res: http.ServerResponse, status: number, body: unknown): void {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  }

  private text(res: http.ServerResponse, status: number, body: string): void {
    res.writeHead(status, { 'content-type': 'text/plain' });
    res.end(body);
  }
}

class Interrupted extends Error {
  constructor(
    public readonly nodeId: string,
    public readonly nodeType: string,
  ) {
    super('Interrupted');
  }
}

const join = (subfolder: string, name: string) => (subfolder ? `${subfolder}/${name}` : name);

export async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export async function readJson(req: http.IncomingMessage): Promise<unknown> {
  const text = (await readBody(req)).toString('utf8');
  return text ? JSON.parse(text) : {};
}
