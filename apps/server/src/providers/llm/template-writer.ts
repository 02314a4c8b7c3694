import { AI_PROMPT_LIMITS } from '@atelier/contract';
import { materialsOf, type PromptBrief, type PromptRegion, type PromptWriter } from './prompt-writer.js';

/**
 * The offline prompt writer (the default, and the fallback when the LLM fails): composes a
 * render prompt from the brief in plain architectural language: the view and building, the
 * user's own words, each region with its material, the inspector's materials, every other
 * chosen material, the setting, weather and light, and a quality close. Deterministic.
 */
export function createTemplateWriter(): PromptWriter {
  return {
    name: 'template',
    async write(brief) {
      return { text: writeTemplatePrompt(brief), writer: 'template' };
    },
  };
}

const VIEWS: Record<PromptBrief['renderType'], string> = {
  exterior: 'exterior',
  interior: 'interior',
  aerial: 'aerial',
  elevation: 'elevation',
};

const sentence = (s: string) => {
  const t = s.trim().replace(/\s+/g, ' ');
  if (!t) return '';
  const c = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?]$/.test(c) ? c : `${c}.`;
};
const lower = (s: string) => s.toLowerCase();
const article = (noun: string) => (/^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`);

/** How a region is named in the prompt. */
export function regionName(r: Pick<PromptRegion, 'label' | 'section'>, index: number): string {
  switch (r.label) {
    case 'facade':
      return 'the façade';
    case 'sky':
      return 'the sky';
    case 'ground':
      return 'the ground';
    case 'vegetation':
      return 'the planting';
    default:
      if (r.section === 'floors') return 'the floor';
      if (r.section === 'context') return 'the surroundings';
      if (r.section === 'walls') return index === 0 ? 'the main walls' : 'a wall surface';
      return 'one area';
  }
}

function regionPhrase(r: PromptRegion, index: number): string | null {
  const name = regionName(r, index);
  const text = r.text?.trim();
  if (r.material && text) return `${name} in ${r.material} (${text})`;
  if (r.material) return `${name} in ${r.material}`;
  if (text) return `${name}: ${text}`;
  return null;
}

export function writeTemplatePrompt(b: PromptBrief): string {
  const parts: string[] = [];
  const view = VIEWS[b.renderType] ?? 'exterior';
  const building = b.buildingType ? lower(b.buildingType) : 'building';
  const style = b.style ? `, ${lower(b.style)} architecture` : '';
  if (b.mode === 'art') {
    const art = b.artStyle ?? 'Illustrated';
    parts.push(sentence(`${art} ${view} architectural drawing of ${article(building)}${style}`));
  } else {
    parts.push(sentence(`Photorealistic ${view} architectural visualization of ${article(building)}${style}`));
  }

  const words = b.userPrompt?.trim();
  if (words) parts.push(sentence(words));

  const regionPhrases = b.regions.map((r, i) => regionPhrase(r, i)).filter((p): p is string => p !== null);
  if (regionPhrases.length > 0) parts.push(sentence(regionPhrases.join('; ')));

  const named = new Set(b.regions.map((r) => r.material?.toLowerCase()).filter(Boolean));
  const inspector: string[] = [];
  if (b.walls && !named.has(b.walls.toLowerCase())) inspector.push(`walls in ${b.walls}`);
  if (b.floors && !named.has(b.floors.toLowerCase())) inspector.push(`floors in ${b.floors}`);
  if (inspector.length > 0) parts.push(sentence(inspector.join(', ')));
  if (b.walls) named.add(b.walls.toLowerCase());
  if (b.floors) named.add(b.floors.toLowerCase());

  const featured = materialsOf(b).filter((m) => !named.has(m.toLowerCase()));
  if (featured.length > 0) parts.push(sentence(`Featured materials: ${featured.join(', ')}`));
  const text = b.materialsText?.trim();
  if (text) parts.push(sentence(`Materials: ${text}`));

  const setting: string[] = [];
  if (b.context) setting.push(`set in ${lower(b.context)} surroundings`);
  if (b.weather) setting.push(`${lower(b.weather)} weather`);
  if (b.lighting) setting.push(`${lower(b.lighting)} light`);
  if (setting.length > 0) parts.push(sentence(setting.join(', ')));

  parts.push(
    b.mode === 'art'
      ? 'Clear composition, confident expressive linework, faithful architectural proportions.'
      : 'True-to-life textures and reflections, accurate shadows, crisp architectural detail, professional architectural photography, high dynamic range.',
  );
  const prompt = parts.filter(Boolean).join(' ');
  return prompt.length <= AI_PROMPT_LIMITS.promptMaxLength ? prompt : `${prompt.slice(0, AI_PROMPT_LIMITS.promptMaxLength - 1).trimEnd()}…`;
}
