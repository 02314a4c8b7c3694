import os from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { Task, TaskResult } from './tasks.js';

/**
 * The pixel worker pool: created on first use, one thread per core, idle threads exit after
 * a minute (and never keep the process alive). Every pixel loop of the local engine runs
 * here, off the event loop.
 */
let pool: Piscina | null = null;

function getPool(): Piscina {
  if (!pool) {
    const threads = Math.max(1, os.availableParallelism?.() ?? os.cpus().length);
    pool = new Piscina({
      filename: new URL('./worker.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: 60_000,
      // A render holds a few full-size float buffers; leave headroom for 2048 px inputs.
      resourceLimits: { maxOldGenerationSizeMb: 1536 },
    });
  }
  return pool;
}

export interface RunOptions {
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

export async function runTask<T extends TaskResult>(task: Task, opts: RunOptions = {}): Promise<T> {
  const p = getPool();
  const transferList: ArrayBuffer[] = [];
  let channel: MessageChannel | null = null;
  if (opts.onProgress) {
    channel = new MessageChannel();
    const cb = opts.onProgress;
    channel.port1.on('message', (v: unknown) => {
      if (typeof v === 'number') cb(v);
    });
    channel.port1.unref();
    (task as { port?: unknown }).port = channel.port2;
  }
  try {
    return (await p.run(task, {
      signal: opts.signal,
      transferList: channel ? [channel.port2 as unknown as ArrayBuffer, ...transferList] : transferList,
    })) as T;
  } finally {
    channel?.port1.close();
  }
}

/** Stops the pool (tests and shutdown); the next task starts a new one. */
export async function closePool(): Promise<void> {
  const p = pool;
  pool = null;
  if (p) await p.destroy();
}
