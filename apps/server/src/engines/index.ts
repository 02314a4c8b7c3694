import type { Config } from '../config.js';
import type { Engine } from './engine.js';
import { LocalEngine } from './local/local-engine.js';

export type * from './engine.js';

/**
 * The engine ENGINE selects. `local` (the default) is the offline CPU engine; the GPU engines
 * (comfyui, runpod) plug in here when they exist.
 */
export function createEngine(config: Pick<Config, 'ENGINE'>): Engine {
  switch (config.ENGINE) {
    case 'local':
      return new LocalEngine();
    case 'comfyui':
    case 'runpod':
      throw new Error(`The ${config.ENGINE} engine is not available yet; use ENGINE=local`);
    default:
      throw new Error(`Unknown engine ${String(config.ENGINE)}`);
  }
}
