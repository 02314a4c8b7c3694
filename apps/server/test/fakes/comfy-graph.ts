// The part of a ComfyUI server the fakes share: prompt validation against ComfyUI's real
// /object_info (object-info.ts) the way its execution.validate_prompt answers it, and a small executor that "runs" a
// workflow with sharp so results have the sizes a real run would give (no diffusion, of course:
// samplers shift the colours a little by their seed so that variations differ).
import sharp, { type Sharp } from 'sharp';
import type { NodeDef } from './object-info.js';

export { DEFAULT_MODELS, nodeDefinitions, objectInfoFor, type InstalledModels, type NodeDef } from './object-info.js';

export interface PromptNode {
  class_type?: unknown;
  inputs?: Record<string, unknown>;
  _meta?: { title?: string };
}
export type Prompt = Record<string, PromptNode>;

export interface ComfyError {
  type: string;
  message: string;
  details: string;
  extra_info: Record<string, unknown>;
}
export interface NodeErrors {
  [nodeId: string]: { errors: ComfyError[]; dependent_outputs: string[]; class_type: string };
}
export type Validation = { ok: true; outputs: string[] } | { ok: false; error: ComfyError; node_errors: NodeErrors | never[] };

const err = (type: string, message: string, details = '', extra_info: Record<string, unknown> = {}): ComfyError => ({ type, message, details, extra_info });

/** As ComfyUI's validate_prompt: class types first, then each output node's inputs, recursively. */
export function validatePrompt(prompt: unknown, defs: Record<string, NodeDef>): Validation {
  if (typeof prompt !== 'object' || prompt === null || Array.isArray(prompt)) {
    return { ok: false, error: err('invalid_prompt', 'Invalid prompt: the prompt must be an object'), node_errors: [] };
  }
  const p = prompt as Prompt;
  const outputs: string[] = [];
  for (const [id, node] of Object.entries(p)) {
    if (typeof node !== 'object' || node === null || !('class_type' in node)) {
      return { ok: false, error: err('invalid_prompt', 'Cannot execute because a node is missing the class_type property.', `Node ID '#${id}'`), node_errors: {} };
    }
    const def = defs[String(node.class_type)];
    if (!def) {
      return {
        ok: false,
        error: err('missing_node_type', `Node '${String(node.class_type)}' not found. The custom node may not be installed.`, `Node ID '#${id}'`, {
          node_id: id,
          class_type: node.class_type,
          node_title: node._meta?.title ?? node.class_type,
        }),
        node_errors: {},
      };
    }
    if (def.outputNode) outputs.push(id);
  }
  if (outputs.length === 0) return { ok: false, error: err('prompt_no_outputs', 'Prompt has no outputs'), node_errors: [] };

  const checked = new Map<string, ComfyError[]>();
  const visit = (id: string): boolean => {
    if (checked.has(id)) return checked.get(id)!.length === 0;
    const errors: ComfyError[] = [];
    checked.set(id, errors);
    const node = p[id];
    const def = defs[String(node.class_type)];
    const inputs = node.inputs ?? {};
    let upstreamOk = true;
    const specs = { ...def.required, ...(def.optional ?? {}) };
    for (const [name, spec] of Object.entries(specs)) {
      const required = name in def.required;
      if (!(name in inputs)) {
        if (required) errors.push(err('required_input_missing', 'Required input is missing', name, { input_name: name }));
        continue;
      }
      const val = inputs[name];
      if (Array.isArray(val)) {
        if (val.length !== 2) {
          errors.push(err('bad_linked_input', 'Bad linked input, must be a length-2 list of [node_id, slot_index]', name, { input_name: name, received_value: val }));
          continue;
        }
        const [oid, slot] = val as [unknown, unknown];
        const source = p[String(oid)];
        if (!source) {
          // ComfyUI looks the node up and fails with a KeyError.
          errors.push(err('exception_during_inner_validation', 'Exception when validating inner node', `'${String(oid)}'`, { input_name: name, exception_type: 'KeyError' }));
          continue;
        }
        const sdef = defs[String(source.class_type)];
        const received = typeof slot === 'number' ? sdef.outputs[slot] : undefined;
        if (received === undefined) {
          errors.push(err('exception_during_inner_validation', 'Exception when validating inner node', 'tuple index out of range', { input_name: name, exception_type: 'IndexError' }));
          continue;
        }
        if (spec.type !== 'LINK' || (spec.of !== received && spec.of !== '*' && received !== '*')) {
          const expected = spec.type === 'LINK' ? spec.of : spec.type === 'ENUM' ? 'COMBO' : spec.type;
          errors.push(err('return_type_mismatch', 'Return type mismatch between linked nodes', `${name}, received_type(${received}) mismatch input_type(${expected})`, { input_name: name }));
          continue;
        }
        if (!visit(String(oid))) upstreamOk = false;
        continue;
      }
      switch (spec.type) {
        case 'LINK':
          errors.push(err('invalid_input_type', 'Invalid input type', `${name}: expected a link to a ${spec.of} output`, { input_name: name }));
          break;
        case 'INT':
        case 'FLOAT': {
          const n = typeof val === 'number' ? val : Number(val);
          if (!Number.isFinite(n) || (spec.type === 'INT' && !Number.isInteger(n))) {
            errors.push(err('invalid_input_type', `Failed to convert an input value to a ${spec.type} value`, `${name}, ${String(val)}`, { input_name: name }));
          } else if (spec.min !== undefined && n < spec.min) {
            errors.push(err('value_smaller_than_min', `Value ${n} smaller than min of ${spec.min}`, name, { input_name: name }));
          } else if (spec.max !== undefined && n > spec.max) {
            errors.push(err('value_bigger_than_max', `Value ${n} bigger than max of ${spec.max}`, name, { input_name: name }));
          }
          break;
        }
        case 'STRING':
          if (typeof val !== 'string') errors.push(err('invalid_input_type', 'Failed to convert an input value to a STRING value', name, { input_name: name }));
          break;
        case 'BOOLEAN':
          if (typeof val !== 'boolean') errors.push(err('invalid_input_type', 'Failed to convert an input value to a BOOLEAN value', name, { input_name: name }));
          break;
        case 'ENUM': {
          // As ComfyUI: a new-style COMBO ('COMBO', { options }) is not checked here; its node fails when it runs.
          if (!spec.validated) break;
          const list = spec.values();
          if (!list.includes(String(val))) {
            errors.push(
              node.class_type === 'LoadImage'
                ? err('custom_validation_failed', 'Custom validation failed for node', `image - Invalid image file: ${String(val)}`, { input_name: name })
                : err('value_not_in_list', 'Value not in list', `${name}: '${String(val)}' not in ${JSON.stringify(list)}`, { input_name: name, received_value: val }),
            );
          }
          break;
        }
      }
    }
    return errors.length === 0 && upstreamOk;
  };

  const nodeErrors: NodeErrors = {};
  const good: string[] = [];
  for (const o of outputs) {
    if (visit(o)) good.push(o);
  }
  for (const [id, errors] of checked) {
    if (errors.length === 0) continue;
    nodeErrors[id] = { errors, dependent_outputs: outputs.filter((o) => !good.includes(o)), class_type: String(p[id].class_type) };
  }
  if (good.length === 0 || Object.keys(nodeErrors).length > 0) {
    return { ok: false, error: err('prompt_outputs_failed_validation', 'Prompt outputs failed validation'), node_errors: nodeErrors };
  }
  return { ok: true, outputs };
}

// ---------------------------------------------------------------- execution

interface Img {
  png: Buffer;
  width: number;
  height: number;
}
type Value = { kind: 'IMAGE' | 'MASK'; img: Img } | { kind: 'LATENT'; img: Img } | { kind: 'TOKEN'; what: string };

export interface ExecutionHooks {
  /** Before a node runs (ComfyUI's 'executing'). */
  executing?(nodeId: string): void;
  /** Sampler / upscaler steps (ComfyUI's 'progress'). */
  progress?(nodeId: string, value: number, max: number): Promise<void> | void;
  /** An output node's UI result (ComfyUI's 'executed'). */
  executed?(nodeId: string, output: { images: Array<{ filename: string; subfolder: string; type: string }> }): void;
  /** Throws to fail this node (execution_error). */
  beforeNode?(nodeId: string, classType: string): void;
}

export interface SavedImage {
  filename: string;
  subfolder: string;
  type: 'output';
  data: Buffer;
}

export class ExecutionError extends Error {
  constructor(
    public readonly nodeId: string,
    public readonly nodeType: string,
    public readonly exceptionType: string,
    message: string,
  ) {
    super(message);
  }
}

let saveCounter = 0;

/**
 * New-style COMBO values are only checked when the node runs (its loader looks the file up):
 * a missing model file fails the job then, as folder_paths.get_full_path_or_raise does.
 */
const MODEL_FOLDERS: Record<string, string> = { UpscaleModelLoader: 'upscale_models' };
function checkCombosAtRun(id: string, type: string, node: PromptNode, def: NodeDef | undefined): void {
  for (const [name, spec] of Object.entries({ ...def?.required, ...def?.optional })) {
    if (spec.type !== 'ENUM' || spec.validated || !(name in (node.inputs ?? {}))) continue;
    const value = String(node.inputs?.[name]);
    if (spec.values().includes(value)) continue;
    const folder = MODEL_FOLDERS[type];
    if (folder) throw new ExecutionError(id, type, 'FileNotFoundError', `Model in folder '${folder}' with filename '${value}' not found.`);
    throw new ExecutionError(id, type, 'ValueError', `${name}: '${value}' not in ${JSON.stringify(spec.values())}`);
  }
}

const toImg = async (p: Sharp): Promise<Img> => {
  const { data, info } = await p.png({ compressionLevel: 1 }).toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
};

/** Runs a validated prompt: the output nodes and what they depend on; returns what SaveImage nodes saved, by node. */
export async function executePrompt(
  prompt: Prompt,
  outputs: string[],
  readInput: (name: string) => Buffer | undefined,
  hooks: ExecutionHooks = {},
  defs: Record<string, NodeDef> = {},
): Promise<Record<string, SavedImage[]>> {
  const memo = new Map<string, Promise<Value[]>>();
  const saved: Record<string, SavedImage[]> = {};

  const run = (id: string): Promise<Value[]> => {
    let p = memo.get(id);
    if (!p) {
      p = exec(id);
      memo.set(id, p);
    }
    return p;
  };
  const input = async (node: PromptNode, name: string): Promise<Value> => {
    const v = node.inputs?.[name];
    if (!Array.isArray(v)) throw new Error(`${name} is not a link`);
    const outs = await run(String(v[0]));
    return outs[Number(v[1])];
  };
  const image = async (node: PromptNode, name: string): Promise<Img> => {
    const v = await input(node, name);
    if (v.kind === 'TOKEN') throw new Error(`${name} carries no image`);
    return v.img;
  };
  const num = (node: PromptNode, name: string) => Number(node.inputs?.[name]);

  const exec = async (id: string): Promise<Value[]> => {
    const node = prompt[id];
    const type = String(node.class_type);
    // Inputs first (ComfyUI runs a node once its inputs exist).
    for (const v of Object.values(node.inputs ?? {})) if (Array.isArray(v)) await run(String(v[0]));
    hooks.executing?.(id);
    hooks.beforeNode?.(id, type);
    checkCombosAtRun(id, type, node, defs[type]);
    const token = (what: string): Value => ({ kind: 'TOKEN', what });
    switch (type) {
      case 'LoadImage': {
        const name = String(node.inputs?.image);
        const bytes = readInput(name);
        if (!bytes) throw new ExecutionError(id, type, 'FileNotFoundError', `[Errno 2] No such file or directory: '${name}'`);
        const img = await toImg(sharp(bytes).rotate().removeAlpha());
        const mask = await toImg(sharp({ create: { width: img.width, height: img.height, channels: 3, background: '#000' } }));
        return [
          { kind: 'IMAGE', img },
          { kind: 'MASK', img: mask },
        ];
      }
      case 'ImageToMask': {
        const img = await image(node, 'image');
        const channel = { red: 0, green: 1, blue: 2, alpha: 0 }[String(node.inputs?.channel)] ?? 0;
        return [{ kind: 'MASK', img: await toImg(sharp(img.png).extractChannel(channel as 0 | 1 | 2)) }];
      }
      case 'ImageScale': {
        const img = await image(node, 'image');
        const w = num(node, 'width') || img.width;
        const h = num(node, 'height') || img.height;
        return [{ kind: 'IMAGE', img: await toImg(sharp(img.png).resize(w, h, { fit: 'fill' })) }];
      }
      case 'ImageCrop': {
        const img = await image(node, 'image');
        const x = Math.min(num(node, 'x'), img.width - 1);
        const y = Math.min(num(node, 'y'), img.height - 1);
        const w = Math.min(num(node, 'width'), img.width - x);
        const h = Math.min(num(node, 'height'), img.height - y);
        return [{ kind: 'IMAGE', img: await toImg(sharp(img.png).extract({ left: x, top: y, width: w, height: h })) }];
      }
      case 'Canny': {
        const img = await image(node, 'image');
        const edges = sharp(img.png).greyscale().convolve({ width: 3, height: 3, kernel: [-1, -1, -1, -1, 8, -1, -1, -1, -1] });
        return [{ kind: 'IMAGE', img: await toImg(edges) }];
      }
      case 'VAEEncode':
      case 'VAEEncodeForInpaint':
        return [{ kind: 'LATENT', img: await image(node, 'pixels') }];
      case 'InpaintModelConditioning':
        return [token('CONDITIONING'), token('CONDITIONING'), { kind: 'LATENT', img: await image(node, 'pixels') }];
      case 'VAEDecode':
        return [{ kind: 'IMAGE', img: await image(node, 'samples') }];
      case 'LatentUpscaleBy': {
        const img = await image(node, 'samples');
        const k = num(node, 'scale_by');
        return [{ kind: 'LATENT', img: await toImg(sharp(img.png).resize(Math.round(img.width * k), Math.round(img.height * k), { fit: 'fill' })) }];
      }
      case 'KSampler': {
        const img = await image(node, 'latent_image');
        const steps = num(node, 'steps');
        for (let i = 1; i <= steps; i++) await hooks.progress?.(id, i, steps);
        const seed = Number(BigInt.asUintN(32, BigInt(Math.round(num(node, 'seed')))));
        const hue = Math.round(((seed % 360) - 180) * Math.min(1, num(node, 'denoise')) * 0.25);
        return [{ kind: 'LATENT', img: await toImg(sharp(img.png).modulate({ hue, saturation: 1.05 })) }];
      }
      case 'ImagePadForOutpaint': {
        const img = await image(node, 'image');
        const [l, t, r, b] = ['left', 'top', 'right', 'bottom'].map((k) => num(node, k));
        const padded = await toImg(sharp(img.png).extend({ left: l, top: t, right: r, bottom: b, background: '#808080' }));
        const mask = await toImg(
          sharp({ create: { width: padded.width, height: padded.height, channels: 3, background: '#fff' } }).composite([
            { input: await sharp({ create: { width: img.width, height: img.height, channels: 3, background: '#000' } }).png().toBuffer(), left: l, top: t },
          ]),
        );
        return [
          { kind: 'IMAGE', img: padded },
          { kind: 'MASK', img: mask },
        ];
      }
      case 'ImageCompositeMasked': {
        const dest = await image(node, 'destination');
        const src = await image(node, 'source');
        const x = Math.min(num(node, 'x'), dest.width - 1);
        const y = Math.min(num(node, 'y'), dest.height - 1);
        const w = Math.min(src.width, dest.width - x);
        const h = Math.min(src.height, dest.height - y);
        const piece = await sharp(src.png).extract({ left: 0, top: 0, width: w, height: h }).png().toBuffer();
        return [{ kind: 'IMAGE', img: await toImg(sharp(dest.png).composite([{ input: piece, left: x, top: y }])) }];
      }
      case 'ImageUpscaleWithModel': {
        const img = await image(node, 'image');
        for (let i = 1; i <= 4; i++) await hooks.progress?.(id, i, 4);
        return [{ kind: 'IMAGE', img: await toImg(sharp(img.png).resize(img.width * 4, img.height * 4, { kernel: 'lanczos3' })) }];
      }
      case 'ImageSharpen': {
        const img = await image(node, 'image');
        return [{ kind: 'IMAGE', img: await toImg(sharp(img.png).sharpen({ sigma: num(node, 'sigma') })) }];
      }
      case 'GrowMask':
        return [await input(node, 'mask')];
      case 'MaskToImage':
        return [{ kind: 'IMAGE', img: (await image(node, 'mask')) }];
      case 'ImageBlur': {
        const img = await image(node, 'image');
        return [{ kind: 'IMAGE', img: await toImg(sharp(img.png).blur(Math.max(0.3, num(node, 'sigma')))) }];
      }
      case 'SaveImage': {
        const img = await image(node, 'images');
        const prefix = String(node.inputs?.filename_prefix ?? 'ComfyUI');
        const slash = prefix.lastIndexOf('/');
        const subfolder = slash >= 0 ? prefix.slice(0, slash) : '';
        const base = slash >= 0 ? prefix.slice(slash + 1) : prefix;
        saveCounter += 1;
        const file: SavedImage = { filename: `${base}_${String(saveCounter).padStart(5, '0')}_.png`, subfolder, type: 'output', data: img.png };
        saved[id] = [file];
        hooks.executed?.(id, { images: [{ filename: file.filename, subfolder, type: 'output' }] });
        return [];
      }
      default: {
        const def = type;
        return [token(def), token(def), token(def)];
      }
    }
  };

  for (const o of outputs) await run(o);
  return saved;
}
