import { storedRenderType, type RenderType } from '@atelier/contract';
import { findOption, SECTION_NAMES, type SectionKey } from '../../modules/customization/catalog.js';
import type { RenderRegion, RenderRequest } from '../engine.js';

/**
 * The text the diffusion model is conditioned on, from what the user chose: the prompt, the
 * inspector selections (catalog option ids, by their display names), the art style, and one
 * prompt per mask region (its typed text, else its material's name).
 */

export const DEFAULT_NEGATIVE_PROMPT =
  'blurry, lowres, low quality, jpeg artifacts, distorted perspective, deformed, warped lines, ' +
  'watermark, signature, text, logo, oversaturated, cartoon, disfigured people, duplicate windows';

const ART_PHRASES: Record<string, string> = {
  illustration: 'architectural illustration',
  pen_and_ink: 'pen and ink architectural drawing, cross hatching',
  aquarelle: 'aquarelle watercolor architectural painting',
  linocut: 'linocut print, bold carved lines',
  collage: 'architectural collage, cut paper',
  fine_black_pen: 'fine black pen line drawing on white paper',
  minimalist: 'minimalist architectural illustration, flat colors',
  avantgarde: 'avant-garde architectural art, bold composition',
};

/** The view each render type asks the model for (right after the user's words, before the selections). */
export const RENDER_TYPE_PHRASES: Record<RenderType, string> = {
  exterior: 'exterior view of the building',
  interior: 'interior view of the room',
  aerial: "aerial view, bird's-eye perspective from above",
  elevation: 'orthographic elevation drawing, straight-on facade, no perspective',
};

/** A catalog option id as words: its display name when known, else the id with its dashes as spaces. */
export function optionText(id: string | undefined | null): string | undefined {
  if (!id) return undefined;
  const o = findOption(id);
  if (o) return o.displayName;
  const words = id.replace(/[-_]+/g, ' ').trim();
  return words.length > 0 ? words : undefined;
}

export function positivePrompt(req: Pick<RenderRequest, 'prompt' | 'mode' | 'selections' | 'artStyle' | 'renderType'>): string {
  const parts: string[] = [];
  const base = req.prompt.trim();
  if (base) parts.push(base);
  parts.push(RENDER_TYPE_PHRASES[storedRenderType(req.renderType)]);
  for (const [section, id] of Object.entries(req.selections ?? {})) {
    const text = optionText(id);
    if (!text) continue;
    const name = (SECTION_NAMES as Record<string, string>)[section as SectionKey] ?? section;
    parts.push(`${name.toLowerCase()}: ${text}`);
  }
  if (req.mode === 'art') {
    const style = req.artStyle ?? '';
    parts.push(ART_PHRASES[style] ?? (optionText(style) ? `${optionText(style)} architectural art` : 'architectural art'));
  } else {
    parts.push('photorealistic architectural visualization, natural materials, realistic lighting, highly detailed');
  }
  return parts.join(', ');
}

/** A region's prompt: the text typed for it, else its material's name; undefined when it has neither. */
export function regionPrompt(region: Pick<RenderRegion, 'prompt' | 'materialId'>): string | undefined {
  const typed = region.prompt?.trim();
  const material = optionText(region.materialId);
  if (typed && material && !typed.toLowerCase().includes(material.toLowerCase())) return `${typed}, ${material}`;
  return typed || material;
}
