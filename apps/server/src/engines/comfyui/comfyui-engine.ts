import type { EngineCallOptions } from '../engine.js';
import type { EnginePreflight } from '../preflight.js';
import type { GpuModels } from '../workflows/builders.js';
import { GpuEngine } from '../workflows/gpu-engine.js';
import type { WorkflowJob } from '../workflows/graph.js';
import { ComfyUIClient } from './client.js';

/**
 * ENGINE=comfyui: the workflows run on a ComfyUI server (COMFYUI_URL). Input images are
 * uploaded with /upload/image, the workflow is queued with /prompt under this call's client
 * id, progress comes from /ws (sampler steps become variation_progress), and the result is
 * read from /history and /view. A workflow ComfyUI refuses (400 with node_errors) fails the
 * variation at once; an execution error is retried by the job system, then FAILED and refunded.
 */
export class ComfyUIEngine extends GpuEngine {
  readonly name = 'comfyui' as const;
  private readonly client: ComfyUIClient;

  constructor(opts: { url: string; models: GpuModels; historyPollMs?: number; preflight?: EnginePreflight }) {
    super(opts.models, opts.preflight);
    this.client = new ComfyUIClient(opts.url, { historyPollMs: opts.historyPollMs });
  }

  protected run(job: WorkflowJob, opts: EngineCallOptions): Promise<Buffer> {
    return this.client.run(job.workflow, job.images, job.outputNode, {
      onProgress: opts.onProgress,
      signal: opts.signal,
      weights: samplerWeights(job),
    });
  }
}

/** Sampler nodes weigh by their steps; other nodes that report progress (model upscales) weigh 1. */
export function samplerWeights(job: WorkflowJob): Record<string, number> {
  const weights: Record<string, number> = {};
  for (const [id, node] of Object.entries(job.workflow)) {
    const steps = node.inputs.steps;
    if (typeof steps === 'number' && steps > 0) weights[id] = steps;
    else if (node.class_type === 'ImageUpscaleWithModel') weights[id] = 10;
  }
  return weights;
}
