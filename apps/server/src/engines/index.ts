import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { Engine } from './engine.js';
import { ComfyUIEngine } from './comfyui/comfyui-engine.js';
import { LocalEngine } from './local/local-engine.js';
import { RunPodEngine } from './runpod/runpod-engine.js';
import type { GpuModels } from './workflows/builders.js';
import { EnginePreflight } from './preflight.js';

export type * from './engine.js';

type GpuConfigKeys =
  | 'COMFYUI_URL'
  | 'COMFYUI_CHECKPOINT'
  | 'COMFYUI_CONTROLNET'
  | 'COMFYUI_CONTROLNET_DEPTH'
  | 'COMFYUI_LORA'
  | 'COMFYUI_UPSCALE_MODEL'
  | 'COMFYUI_INPAINT_CHECKPOINT'
  | 'COMFYUI_SAMPLER_PRESET'
  | 'RUNPOD_S3_OUTPUT'
  | 'RUNPOD_API_KEY'
  | 'RUNPOD_ENDPOINT_ID'
  | 'RUNPOD_BASE_URL'
  | 'RUNPOD_POLL_MS'
  | 'RUNPOD_OUTPUT_HOSTS'
  | 'RENDER_TIMEOUT_SECONDS'
  | 'publicUrl';

export type EngineConfig = Pick<Config, 'ENGINE'> & Partial<Pick<Config, GpuConfigKeys>>;

export interface EngineDeps {
  /** The application's database: the RunPod engine keeps its jobs (engine_jobs) there. */
  db?: Db;
  log?: FastifyBaseLogger;
}

/**
 * The engine ENGINE selects: `local` (the default) is the offline CPU engine; `comfyui` runs
 * the workflows on a ComfyUI server (COMFYUI_URL); `runpod` runs them with worker-comfyui on a
 * RunPod serverless endpoint (RUNPOD_API_KEY, RUNPOD_ENDPOINT_ID). With COMFYUI_URL, a GPU
 * engine checks that server's /object_info at start and every few minutes (preflight.ts).
 */
export function createEngine(config: EngineConfig, deps: EngineDeps = {}): Engine {
  switch (config.ENGINE) {
    case 'local':
      return new LocalEngine();
    case 'comfyui':
      if (!config.COMFYUI_URL) throw new Error('COMFYUI_URL is required when ENGINE=comfyui');
      return new ComfyUIEngine({ url: config.COMFYUI_URL, models: gpuModels(config), preflight: startPreflight(config, deps) });
    case 'runpod': {
      if (!config.RUNPOD_API_KEY || !config.RUNPOD_ENDPOINT_ID) throw new Error('RUNPOD_API_KEY and RUNPOD_ENDPOINT_ID are required when ENGINE=runpod');
      if (!deps.db) throw new Error('The runpod engine needs the database (engine_jobs)');
      const publicUrl = (config.publicUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
      if (/^https?:\/\/(localhost|127\.|\[::1\])/i.test(publicUrl)) {
        deps.log?.warn(
          { publicUrl },
          'ENGINE=runpod with a local PUBLIC_URL: RunPod cannot reach the webhook, so results arrive by /status polling only',
        );
      }
      return new RunPodEngine({
        apiKey: config.RUNPOD_API_KEY,
        endpointId: config.RUNPOD_ENDPOINT_ID,
        baseUrl: config.RUNPOD_BASE_URL ?? 'https://api.runpod.ai/v2',
        publicUrl,
        models: gpuModels(config),
        db: deps.db,
        log: deps.log,
        pollMs: config.RUNPOD_POLL_MS ?? 5000,
        outputHosts: (config.RUNPOD_OUTPUT_HOSTS ?? '')
          .split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
        executionTimeoutMs: config.RENDER_TIMEOUT_SECONDS ? config.RENDER_TIMEOUT_SECONDS * 1000 : undefined,
        s3Output: config.RUNPOD_S3_OUTPUT ?? false,
        preflight: startPreflight(config, deps),
      });
    }
    default:
      throw new Error(`Unknown engine ${String(config.ENGINE)}`);
  }
}

/** The preflight of the ComfyUI server at COMFYUI_URL (with runpod: one with the worker's models), started. */
function startPreflight(config: EngineConfig, deps: EngineDeps): EnginePreflight | undefined {
  if (!config.COMFYUI_URL) return undefined;
  const preflight = new EnginePreflight({ url: config.COMFYUI_URL, models: gpuModels(config), log: deps.log });
  preflight.start();
  return preflight;
}

type ModelConfigKeys = 'COMFYUI_CHECKPOINT' | 'COMFYUI_CONTROLNET' | 'COMFYUI_CONTROLNET_DEPTH' | 'COMFYUI_LORA' | 'COMFYUI_UPSCALE_MODEL' | 'COMFYUI_INPAINT_CHECKPOINT' | 'COMFYUI_SAMPLER_PRESET';

export function gpuModels(config: Partial<Pick<Config, ModelConfigKeys>>): GpuModels {
  return {
    checkpoint: config.COMFYUI_CHECKPOINT || undefined,
    inpaintCheckpoint: config.COMFYUI_INPAINT_CHECKPOINT || undefined,
    samplerPreset: config.COMFYUI_SAMPLER_PRESET,
    controlnet: config.COMFYUI_CONTROLNET ?? 'controlnet-canny-sdxl-1.0.safetensors',
    controlnetDepth: config.COMFYUI_CONTROLNET_DEPTH || undefined,
    lora: config.COMFYUI_LORA ?? 'add-detail-xl.safetensors',
    upscaleModel: config.COMFYUI_UPSCALE_MODEL ?? 'RealESRGAN_x4plus.pth',
  };
}
