import type { AppContext } from '../../context.js';
import { listRegionsForPrompt } from '../masks/index.js';

type Mapping = Record<string, unknown>;

/** A region's material name as the push or the user named it (the ID pass's material). */
const nameOf = (r: { label: string; customText: string | null }) => (r.customText ?? r.label).trim().toLowerCase();

export interface NamedMaterials {
  mappings: Map<string, Mapping>;
  prompts: Map<string, string>;
}

/**
 * The look's materials by material name (issue 31: "the same materials per material name"): the
 * mappings and region prompts Create holds for the shown view (keyed mask_<id>) read through that
 * view's region names.
 */
export async function materialsByName(
  ctx: AppContext,
  userId: number,
  fromInputImageId: number | undefined,
  mappings: Record<string, unknown>,
  prompts: Record<string, string>,
): Promise<NamedMaterials> {
  const out: NamedMaterials = { mappings: new Map(), prompts: new Map() };
  if (fromInputImageId === undefined) return out;
  for (const region of await listRegionsForPrompt(ctx, userId, fromInputImageId)) {
    const key = `mask_${region.id}`;
    const mapping = mappings[key];
    if (mapping && typeof mapping === 'object') out.mappings.set(nameOf(region), mapping as Mapping);
    if (typeof prompts[key] === 'string') out.prompts.set(nameOf(region), prompts[key]);
  }
  return out;
}

/** The view's own mask_<id> keys for the named materials (regions of another name get none). */
export async function mappingsForView(
  ctx: AppContext,
  userId: number,
  inputImageId: number,
  named: NamedMaterials,
): Promise<{ maskMaterialMappings: Record<string, Mapping>; maskPrompts: Record<string, string> }> {
  const maskMaterialMappings: Record<string, Mapping> = {};
  const maskPrompts: Record<string, string> = {};
  if (named.mappings.size === 0 && named.prompts.size === 0) return { maskMaterialMappings, maskPrompts };
  for (const region of await listRegionsForPrompt(ctx, userId, inputImageId)) {
    const mapping = named.mappings.get(nameOf(region));
    if (mapping) maskMaterialMappings[`mask_${region.id}`] = mapping;
    const prompt = named.prompts.get(nameOf(region));
    if (prompt !== undefined) maskPrompts[`mask_${region.id}`] = prompt;
  }
  return { maskMaterialMappings, maskPrompts };
}
