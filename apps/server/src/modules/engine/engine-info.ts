import type { EngineInfo } from '@atelier/contract';
import type { Engine } from '../../engines/engine.js';

/** The engine's name, whether it is the CPU preview engine, and its status (what a GPU engine's preflight found missing). */
export function engineInfo(engine: Engine): EngineInfo {
  return { name: engine.name, isPreview: engine.isPreview, ...(engine.health?.() ?? { status: 'ready' as const, missing: [] }) };
}
