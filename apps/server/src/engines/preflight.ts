import type { EngineMissing, EngineStatus } from '@atelier/contract';
import { AppError } from '../lib/errors.js';
import type { GpuModels } from './workflows/builders.js';
import { depthPassRequirements, GPU_OPERATIONS, MODEL_FOLDERS, operationRequirements, type GpuOperation, type ModelRequirement } from './workflows/requirements.js';

/**
 * Preflight of a GPU engine against its ComfyUI server: GET /object_info at start and every few
 * minutes. Every node type the workflows use must be there, and every configured model file
 * must be among the options of its loader (ComfyUI lists a folder's files there). What is
 * missing is logged once, shown by GET /api/engine, and refuses the operations that need it
 * before any charge (503), instead of letting users pay for jobs that must fail.
 */

export interface EngineReport {
  status: EngineStatus;
  missing: EngineMissing[];
  /** When /object_info was last read (or tried). */
  checkedAt: Date | null;
  /** Unreachable: why. */
  error?: string;
}

/** Where the preflight reports (the app's logger). */
export interface PreflightLog {
  warn(obj: object, msg: string): void;
  info(msg: string): void;
}

type ObjectInfo = Record<string, { input?: { required?: Record<string, unknown[]>; optional?: Record<string, unknown[]> } }>;

export const PREFLIGHT_INTERVAL_MS = 5 * 60_000;
const HTTP_TIMEOUT_MS = 15_000;

/** The files a loader input lists: an old-style COMBO ([[...files]]) or a new-style one (['COMBO', { options }]). */
export function comboOptions(entry: unknown[] | undefined): string[] {
  if (!entry) return [];
  if (Array.isArray(entry[0])) return entry[0].map(String);
  const opts = entry[1] as { options?: unknown } | undefined;
  return Array.isArray(opts?.options) ? opts.options.map(String) : [];
}

/** What /object_info lacks of what the operations need. */
export function missingFrom(info: ObjectInfo, models: GpuModels): EngineMissing[] {
  const reqs = operationRequirements(models);
  const missing = new Map<string, EngineMissing>();
  const note = (key: string, item: Omit<EngineMissing, 'operations'>, op: GpuOperation) => {
    const entry = missing.get(key) ?? { ...item, operations: [] };
    if (!entry.operations.includes(op)) entry.operations.push(op);
    missing.set(key, entry);
  };
  const hasModel = (m: ModelRequirement) => {
    const { node, input } = MODEL_FOLDERS[m.folder];
    return comboOptions(info[node]?.input?.required?.[input]).includes(m.file);
  };
  for (const op of GPU_OPERATIONS) {
    for (const node of reqs[op].nodes) if (!info[node]) note(`node:${node}`, { kind: 'node', name: node }, op);
    for (const m of reqs[op].models) {
      // A model whose loader node is missing is reported as the node.
      if (info[MODEL_FOLDERS[m.folder].node] && !hasModel(m)) note(`model:${m.folder}/${m.file}`, { kind: 'model', name: m.file, folder: m.folder }, op);
    }
  }
  // The depth ControlNet refuses only renders of views sent with a depth pass.
  for (const m of depthPassRequirements(models).models) {
    if (info[MODEL_FOLDERS[m.folder].node] && !hasModel(m))
      missing.set(`model:${m.folder}/${m.file}`, { kind: 'model', name: m.file, folder: m.folder, operations: ['render'], onlyWithDepthPass: true });
  }
  return [...missing.values()];
}

/** "missing RealESRGAN_x4plus.pth" / "missing the node Canny": what the badge and the 503 say. */
export const describeMissing = (m: EngineMissing) => (m.kind === 'model' ? `missing ${m.name}` : `missing the node ${m.name}`);

export class EnginePreflight {
  private current: EngineReport = { status: 'unreachable', missing: [], checkedAt: null, error: 'not checked yet' };
  private readonly logged = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<EngineReport> | undefined;

  constructor(
    private readonly opts: { url: string; models: GpuModels; log?: PreflightLog; intervalMs?: number },
  ) {}

  get report(): EngineReport {
    return this.current;
  }

  /** Checks now, then every intervalMs (the timer does not keep the process alive). */
  start(): void {
    void this.check();
    this.timer = setInterval(() => void this.check(), this.opts.intervalMs ?? PREFLIGHT_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Reads /object_info (one read at a time) and updates the report. */
  check(): Promise<EngineReport> {
    this.running ??= this.read().finally(() => (this.running = undefined));
    return this.running;
  }

  /** Throws 503 when the operation needs something the server lacks (before any charge). */
  assertReady(op: GpuOperation, opts: { depthPass?: boolean } = {}): void {
    const lacking = this.current.missing.filter((m) => m.operations.includes(op) && (!m.onlyWithDepthPass || opts.depthPass));
    if (lacking.length === 0) return;
    throw new AppError(503, 'ENGINE_MISSING_MODEL', `GPU engine: ${lacking.map(describeMissing).join(', ')}. Nothing was charged; an administrator must install it.`);
  }

  private async read(): Promise<EngineReport> {
    const base = this.opts.url.replace(/\/+$/, '');
    let info: ObjectInfo;
    try {
      const res = await fetch(`${base}/object_info`, { signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      info = (await res.json()) as ObjectInfo;
    } catch (err) {
      const e = err as { cause?: { code?: string }; message?: string };
      const error = `ComfyUI at ${base} did not answer /object_info (${e.cause?.code ?? e.message ?? String(err)})`;
      if (this.current.status !== 'unreachable' || !this.logged.has('unreachable')) this.opts.log?.warn({ url: base }, `GPU engine preflight: ${error}`);
      this.logged.add('unreachable');
      // What was missing stays missing until the server says otherwise.
      this.current = { status: 'unreachable', missing: this.current.missing, checkedAt: new Date(), error };
      return this.current;
    }
    this.logged.delete('unreachable');
    const missing = missingFrom(info, this.opts.models);
    for (const m of missing) {
      const key = `${m.kind}:${m.folder ?? ''}/${m.name}`;
      if (this.logged.has(key)) continue;
      this.logged.add(key);
      this.opts.log?.warn(
        { missing: m },
        m.kind === 'model'
          ? `GPU engine: the model file ${m.name} is not in ComfyUI's models/${m.folder}/ folder; ${m.onlyWithDepthPass ? 'renders of views with a depth pass' : m.operations.join(', ')} refused until it is installed`
          : `GPU engine: ComfyUI has no node ${m.name}; ${m.operations.join(', ')} refused until it is installed`,
      );
    }
    if (missing.length === 0 && this.current.missing.length > 0) this.opts.log?.info('GPU engine preflight: everything the workflows need is installed now');
    this.current = { status: missing.length ? 'degraded' : 'ready', missing, checkedAt: new Date() };
    return this.current;
  }
}

/** The text report of `npm run admin -- engine-check`. */
export function formatReport(url: string, report: EngineReport): string {
  const lines = [`ComfyUI at ${url}: ${report.status}`];
  if (report.error) lines.push(`  ${report.error}`);
  for (const m of report.missing) {
    lines.push(
      m.kind === 'model'
        ? `  MISSING model ${m.name}: put it in ComfyUI's models/${m.folder}/ (needed by ${m.operations.join(', ')})`
        : `  MISSING node ${m.name}: install or update ComfyUI (needed by ${m.operations.join(', ')})`,
    );
  }
  if (report.status === 'ready') lines.push('  Every node and model file the workflows use is installed.');
  return lines.join('\n');
}
