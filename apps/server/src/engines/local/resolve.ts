import { CATALOG, findOption, type CatalogOption } from '../../modules/customization/catalog.js';
import type { EngineSettings, RenderRegion, RenderRequest } from '../engine.js';
import { planeKindOfLabel } from './geometry/grid.js';
import type { MaterialRecipe } from './materials/recipes.js';
import { ART_STYLES } from './render/art.js';
import { LIGHTINGS, STYLES, WEATHERS } from './render/looks.js';
import type { RenderParams } from './render/pipeline.js';

/**
 * Turns a render request (catalog ids, slider values as sent) into the worker's plain
 * parameters. Unknown ids are ignored rather than failing a paid render.
 */
function look(section: 'weather' | 'lighting' | 'style', value: string | undefined, table: Record<string, unknown>): string | undefined {
  if (!value) return undefined;
  const o = findOption(value);
  if (o && o.section === section && o.look) return o.look;
  const bare = value.startsWith(`${section}-`) ? value.slice(section.length + 1) : value;
  return bare in table ? bare : undefined;
}

const words = (s: string) => s.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 2);

/** The material a free-text region prompt most likely means ("red brick", "oak floor"). */
export function materialFromText(text: string | undefined): CatalogOption | undefined {
  if (!text) return undefined;
  const q = words(text);
  if (q.length === 0) return undefined;
  let best: CatalogOption | undefined;
  let bestScore = 0;
  for (const o of CATALOG) {
    if (!o.recipe) continue;
    const hay = new Set([...words(o.displayName), ...words(o.name), ...(o.subcategory ? [o.subcategory] : []), o.section]);
    let score = 0;
    for (const w of q) if (hay.has(w) || hay.has(w.replace(/s$/, ''))) score += w === o.subcategory ? 2 : 1;
    if (score > bestScore) {
      bestScore = score;
      best = o;
    }
  }
  return bestScore >= 1 ? best : undefined;
}

export function regionParams(r: RenderRegion): RenderParams['regions'][number] {
  const o = findOption(r.materialId) ?? materialFromText(r.prompt);
  if (!o || !o.recipe) return { surface: 'wall' };
  if (o.recipe.kind === 'landscape' || o.recipe.kind === 'cityscape') return { surface: 'backdrop', scene: o.recipe.scene };
  const surface = o.section === 'floors' ? 'floor' : 'wall';
  // A wall material on a roof region lies on the roof's plane (pitched or flat), not a façade's.
  return { surface, recipe: o.recipe, ...(surface === 'wall' && r.label && planeKindOfLabel(r.label) === 'roof' ? { roof: true } : {}) };
}

function recipeOf(id: string | undefined, section: string): MaterialRecipe | undefined {
  const o = findOption(id);
  return o && o.section === section ? o.recipe : undefined;
}

export function sliders(s: Partial<EngineSettings>): { creativity: number; expressivity: number; resemblance: number } {
  const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
  return {
    creativity: num(s.creativity, 7.5) / 2.5,
    expressivity: num(s.expressivity, 3) / 1.5,
    resemblance: num(s.resemblance, 3),
  };
}

export function renderParams(req: RenderRequest): RenderParams {
  const sel = req.selections ?? {};
  const type = findOption(sel.type);
  const ctx = findOption(sel.context);
  const contextRecipe = ctx?.recipe && (ctx.recipe.kind === 'landscape' || ctx.recipe.kind === 'cityscape') ? ctx.recipe : undefined;
  let artStyle: string | undefined;
  let artVariant: string | undefined;
  if (req.mode === 'art') {
    const chosen = req.artStyle && (ART_STYLES as readonly string[]).includes(req.artStyle) ? req.artStyle : ART_STYLES.find((s) => sel[s]);
    artStyle = chosen ?? 'illustration';
    const o = findOption(sel[artStyle]);
    artVariant = o && o.section === artStyle ? o.variant : undefined;
  }
  const seed = Number.isFinite(req.settings?.seed) ? Math.abs(Math.trunc(req.settings.seed)) : 0;
  return {
    mode: req.mode === 'art' ? 'art' : 'photorealistic',
    seed,
    variation: Number.isFinite(req.variationNumber) ? req.variationNumber : 1,
    ...sliders(req.settings ?? {}),
    lighting: look('lighting', sel.lighting, LIGHTINGS),
    weather: look('weather', sel.weather, WEATHERS),
    style: look('style', sel.style, STYLES),
    buildingHeight: type?.height ?? 1000,
    context: contextRecipe ? { kind: contextRecipe.kind, scene: contextRecipe.scene } : undefined,
    artStyle,
    artVariant,
    regions: (req.regions ?? []).map(regionParams),
    passes: req.passValues,
    renderType: req.renderType,
    autoWalls: recipeOf(sel.walls, 'walls'),
    autoFloors: recipeOf(sel.floors, 'floors'),
  };
}
