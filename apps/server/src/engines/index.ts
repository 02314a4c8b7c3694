import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { Engine } from './engine.js';
import { ComfyUIEngine } from './comfyui/comfyui-engine.js';
import { LocalEngine } from './local/local-engine.js';
import { RunPodEngine } from './runpod/runpod-engine.js';
import type { GpuModels } from './workflows/builders.js';

export type * from './engine.js';

type GpuConfigKeys =
  | 'COMFYUI_URL'
  | 'COMFYUI_CHECKPOINT'
  | 'COMFYUI_CONTROLNET'
  | 'COMFYUI_LORA'
  | 'COMFYUI_UPSCALE_MODEL'
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
 * RunPod serverless endpoint (RUNPOD_API_KEY, RUNPOD_ENDPOINT_ID).
 */
export function createEngine(config: EngineConfig, deps: EngineDeps = {}): Engine {
  switch (config.ENGINE) {
    case 'local':
      return new LocalEngine();
    case 'comfyui':
      if (!config.COMFYUI_URL) throw new Error('COMFYUI_URL is required when ENGINE=comfyui');
      return new ComfyUIEngine({ url: config.COMFYUI_URL, models: gpuModels(config) });
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
      });
    }
    default:
      throw new Error(`Unknown engine ${String(config.ENGINE)}`);
  }
}

export function gpuModels(config: Partial<Pick<Config, 'COMFYUI_CHECKPOINT' | 'COMFYUI_CONTROLNET' | 'COMFYUI_LORA' | 'COMFYUI_UPSCALE_MODEL'>>): GpuModels {
  return {
    checkpoint: config.COMFYUI_CHECKPOINT || undefined,
    controlnet: config.COMFYUI_CONTROLNET ?? 'controlnet-canny-sdxl-1.0.safetensors',
    lora: config.COMFYUI_LORA ?? 'add-detail-xl.safetensors',
    upscaleModel: config.COMFYUI_UPSCALE_MODEL ?? 'RealESRGAN_x4plus.pth',
  };
}
