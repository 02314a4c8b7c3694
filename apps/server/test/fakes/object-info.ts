// ComfyUI's real node schema: test/fixtures/comfyui/object_info.json is what a stock ComfyUI
// (a125cd84) answers on GET /object_info, generated from its source with one file in each model
// folder (see ../../../../shared/comfyui/README.md). The fakes serve it with the model lists of
// the server they pretend to be, and turn it into the input specs their validator checks.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** An input as /object_info lists it: [type | old-style COMBO list, options?]. */
export type InputEntry = [string | string[], Record<string, unknown>?];

export interface ObjectInfoNode {
  input: { required?: Record<string, InputEntry>; optional?: Record<string, InputEntry>; hidden?: Record<string, unknown> };
  output: string[];
  output_node: boolean;
  [key: string]: unknown;
}
export type ObjectInfo = Record<string, ObjectInfoNode>;

export interface InstalledModels {
  checkpoints: string[];
  loras: string[];
  controlnet: string[];
  upscale_models: string[];
}

/** The one file of each folder the fixture was generated with. */
export const FIXTURE_MODELS: Record<keyof InstalledModels, string> = {
  checkpoints: 'realvisxlLightning.safetensors',
  loras: 'add-detail-xl.safetensors',
  controlnet: 'controlnet-canny-sdxl-1.0.safetensors',
  upscale_models: 'RealESRGAN_x4plus.pth',
};

export const DEFAULT_MODELS: InstalledModels = {
  checkpoints: ['realvisxlLightning.safetensors', 'sd_xl_base_1.0.safetensors'],
  loras: ['add-detail-xl.safetensors'],
  controlnet: ['controlnet-canny-sdxl-1.0.safetensors'],
  upscale_models: ['RealESRGAN_x4plus.pth', '4x-UltraSharp.pth'],
};

const FIXTURE = fileURLToPath(new URL('../fixtures/comfyui/object_info.json', import.meta.url));
let cached: ObjectInfo | undefined;

/** The fixture as generated (a fresh copy). */
export function realObjectInfo(): ObjectInfo {
  cached ??= JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as ObjectInfo;
  return structuredClone(cached);
}

/**
 * The /object_info of a server holding `models`: every COMBO list (old-style or new-style
 * `options`) that lists a folder's fixture file lists that folder's files instead, as ComfyUI
 * builds those lists from the folders' contents. The answer is shared: do not change it.
 */
export function objectInfoFor(models: InstalledModels): ObjectInfo {
  const key = JSON.stringify(models);
  let info = byModels.get(key);
  if (!info) byModels.set(key, (info = buildObjectInfo(models)));
  return info;
}
/** Read-only, shared by every caller with the same models. */
const byModels = new Map<string, ObjectInfo>();

function buildObjectInfo(models: InstalledModels): ObjectInfo {
  const info = realObjectInfo();
  const swap = (list: string[]): string[] => {
    for (const [folder, file] of Object.entries(FIXTURE_MODELS) as Array<[keyof InstalledModels, string]>) {
      if (list.includes(file)) return [...list.filter((x) => x !== file), ...models[folder]];
    }
    return list;
  };
  for (const node of Object.values(info)) {
    for (const section of [node.input.required, node.input.optional]) {
      for (const entry of Object.values(section ?? {})) {
        if (Array.isArray(entry[0])) entry[0] = swap(entry[0]);
        else if (entry[0] === 'COMBO' && Array.isArray(entry[1]?.options)) entry[1].options = swap(entry[1].options as string[]);
      }
    }
  }
  return info;
}

export type InputSpec =
  | { type: 'INT' | 'FLOAT'; min?: number; max?: number }
  | { type: 'STRING' }
  | { type: 'BOOLEAN' }
  /** `validated` false: a new-style COMBO, which ComfyUI's validate_inputs does not check (it fails when the node runs). */
  | { type: 'ENUM'; values: () => string[]; validated: boolean }
  | { type: 'LINK'; of: string };

export interface NodeDef {
  required: Record<string, InputSpec>;
  optional?: Record<string, InputSpec>;
  outputs: string[];
  outputNode?: boolean;
}

function specOf(entry: InputEntry, override?: () => string[]): InputSpec {
  const [type, opts = {}] = entry;
  if (Array.isArray(type)) return { type: 'ENUM', values: override ?? (() => type), validated: true };
  const num = (k: string) => (typeof opts[k] === 'number' ? (opts[k] as number) : undefined);
  switch (type) {
    case 'INT':
    case 'FLOAT':
      return { type, min: num('min'), max: num('max') };
    case 'STRING':
      return { type: 'STRING' };
    case 'BOOLEAN':
      return { type: 'BOOLEAN' };
    case 'COMBO': {
      const options = Array.isArray(opts.options) ? (opts.options as string[]) : [];
      return { type: 'ENUM', values: () => options, validated: false };
    }
    default:
      return { type: 'LINK', of: type };
  }
}

/** The validator's view of /object_info; LoadImage's list is the server's input folder (`inputFiles`). */
export function nodeDefinitions(info: ObjectInfo, inputFiles: () => string[]): Record<string, NodeDef> {
  const defs: Record<string, NodeDef> = {};
  for (const [name, node] of Object.entries(info)) {
    const convert = (section?: Record<string, InputEntry>) =>
      Object.fromEntries(Object.entries(section ?? {}).map(([k, e]) => [k, specOf(e, name === 'LoadImage' && k === 'image' ? inputFiles : undefined)]));
    defs[name] = { required: convert(node.input.required), optional: convert(node.input.optional), outputs: node.output, outputNode: node.output_node };
  }
  return defs;
}
