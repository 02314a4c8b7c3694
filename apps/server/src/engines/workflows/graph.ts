/**
 * ComfyUI's API ("prompt") format: a map of node id -> { class_type, inputs }, where an input is
 * either a literal (number, string, boolean) or a link `[sourceNodeId, outputIndex]` to another
 * node's output. It is what `Workflow > Export (API)` writes, what POST /prompt takes as
 * `prompt`, and what worker-comfyui takes as `input.workflow`.
 */

/** `[nodeId, outputIndex]`: the output `outputIndex` of node `nodeId`. */
export type Link = [string, number];
export type InputValue = string | number | boolean | Link;

export interface ApiNode {
  class_type: string;
  inputs: Record<string, InputValue>;
  _meta?: { title: string };
}

export type ApiWorkflow = Record<string, ApiNode>;

/** An image the workflow loads by name (LoadImage): uploaded to ComfyUI's input folder first. */
export interface WorkflowImage {
  name: string;
  data: Buffer;
}

/** A built workflow with the images it loads and the SaveImage node whose image is the result. */
export interface WorkflowJob {
  kind: 'render' | 'inpaint' | 'outpaint' | 'upscale';
  workflow: ApiWorkflow;
  images: WorkflowImage[];
  outputNode: string;
}

export const isLink = (v: unknown): v is Link =>
  Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && Number.isInteger(v[1]);

/** Builds a workflow with numeric node ids ("1", "2", …) in creation order. */
export class WorkflowBuilder {
  private readonly nodes: ApiWorkflow = {};
  private next = 1;

  /** Adds a node; returns its id. */
  add(classType: string, inputs: Record<string, InputValue>, title?: string): string {
    const id = String(this.next++);
    this.nodes[id] = { class_type: classType, inputs, ...(title ? { _meta: { title } } : {}) };
    return id;
  }

  build(): ApiWorkflow {
    return structuredClone(this.nodes);
  }
}

export const out = (nodeId: string, index = 0): Link => [nodeId, index];

/** Renames the images LoadImage nodes load (after an upload stored one under another name). */
export function renameImages(workflow: ApiWorkflow, renames: Map<string, string>): ApiWorkflow {
  const copy = structuredClone(workflow);
  for (const node of Object.values(copy)) {
    if (node.class_type !== 'LoadImage') continue;
    const current = node.inputs.image;
    if (typeof current === 'string' && renames.has(current)) node.inputs.image = renames.get(current)!;
  }
  return copy;
}
