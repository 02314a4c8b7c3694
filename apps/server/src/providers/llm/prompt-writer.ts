import type { PromptWriterName, RenderMode, RenderType } from '@atelier/contract';

/**
 * Prompt writers turn what is known about an input image (its regions and their materials, the
 * inspector's choices, the user's words, the image itself) into a render prompt. The template
 * writer is the offline default; the LLM writer asks an OpenAI-compatible chat completions API.
 */

/** A region of the image with what the user gave it. */
export interface PromptRegion {
  /** What the engine thinks it is: sky, ground, facade, vegetation or region. */
  label: string;
  /** Fraction of the image, 0–1. */
  area: number;
  /** The catalog material or option's display name. */
  material: string | null;
  /** The material's section (walls, floors, context). */
  section: string | null;
  /** The material category's display name (Brick, Wood, …). */
  category: string | null;
  /** What the user typed for the region. */
  text: string | null;
}

export interface PromptBrief {
  renderType: RenderType;
  mode: RenderMode;
  /** Art mode: the art style and its variant, as display names. */
  artStyle: string | null;
  buildingType: string | null;
  context: string | null;
  style: string | null;
  weather: string | null;
  lighting: string | null;
  /** The inspector's wall and floor materials (applied where no region says otherwise). */
  walls: string | null;
  floors: string | null;
  regions: PromptRegion[];
  /** The materials chosen for the prompt (display names). */
  materials: string[];
  /**
   * Materials described as text (the prompt modal's, not saved yet): items separated by semicolons
   * or new lines, each a material name or "where: material".
   */
  materialsText: string | null;
  userPrompt: string | null;
  /** The image (for writers that can look at it). */
  image?: { bytes: Buffer; mimeType: string } | null;
}

export interface WrittenPrompt {
  text: string;
  writer: PromptWriterName;
}

export interface PromptWriter {
  readonly name: PromptWriterName;
  write(brief: PromptBrief, opts?: { signal?: AbortSignal }): Promise<WrittenPrompt>;
}

/** Every material the brief names (regions, inspector, prompt materials), once each, in order. */
export function materialsOf(brief: PromptBrief): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  const add = (name: string | null | undefined) => {
    const n = name?.trim();
    if (!n || seen.has(n.toLowerCase())) return;
    seen.add(n.toLowerCase());
    out.push(n);
  };
  for (const r of brief.regions) add(r.material);
  add(brief.walls);
  add(brief.floors);
  for (const m of brief.materials) add(m);
  return out;
}

/** The material names of materialsText: its items, without a "where:" before the name. */
export function textMaterials(materialsText: string | null | undefined): string[] {
  return (materialsText ?? '')
    .split(/[;\n]+/)
    .map((item) => item.replace(/^[^:]{1,60}:\s*/, '').trim())
    .filter((item) => item.length > 0);
}
