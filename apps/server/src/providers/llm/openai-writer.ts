import { AI_PROMPT_LIMITS } from '@atelier/contract';
import { materialsOf, textMaterials, type PromptBrief, type PromptWriter } from './prompt-writer.js';
import { regionName } from './template-writer.js';

/**
 * The LLM prompt writer for any OpenAI-compatible chat completions API (OpenAI, Ollama's /v1,
 * vLLM, LM Studio, …): POST {LLM_BASE_URL}/chat/completions with a system message, and a user
 * message holding the brief as text and the image as a data URI in an image_url content part
 * (the vision format of OpenAI's Chat Completions API). The answer is choices[0].message.content.
 * Every material of the brief is named in the result: any the model left out is appended.
 */

export interface OpenAiWriterOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Default 60 s. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export class LlmError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

export const SYSTEM_PROMPT = [
  'You write prompts for an image-to-image architectural rendering model.',
  'You are given the image to be rendered and a brief: the view, the building, its regions with their materials, the chosen materials, the setting and the user\'s own words.',
  'Write one prompt of 60 to 140 words, in English, as a single paragraph: what is seen, each region with its material, light, weather and mood, and photographic qualities.',
  'Name every material of the brief exactly as written. Keep what the user asked for. Do not invent a different building.',
  'Answer with the prompt only: no title, no quotes, no lists, no explanations.',
].join(' ');

/** The brief as the model reads it. */
export function briefText(b: PromptBrief): string {
  const lines: string[] = [];
  lines.push(`View: ${b.renderType}${b.mode === 'art' ? `, art drawing${b.artStyle ? ` (${b.artStyle})` : ''}` : ', photorealistic'}`);
  if (b.buildingType) lines.push(`Building type: ${b.buildingType}`);
  if (b.style) lines.push(`Architectural style: ${b.style}`);
  const regions = b.regions.filter((r) => r.material || r.text?.trim());
  if (regions.length > 0) {
    lines.push('Regions of the image:');
    regions.forEach((r, i) => {
      const bits = [r.material ? `material ${r.material}` : null, r.category ? `(${r.category})` : null, r.text?.trim() ? `note "${r.text.trim()}"` : null].filter(Boolean);
      lines.push(`- ${regionName(r, i)} (${Math.round(r.area * 100)}% of the image): ${bits.join(' ')}`);
    });
  }
  if (b.walls) lines.push(`Wall material: ${b.walls}`);
  if (b.floors) lines.push(`Floor material: ${b.floors}`);
  const materials = materialsOf(b);
  if (materials.length > 0) lines.push(`Materials to name: ${materials.join('; ')}`);
  if (b.materialsText?.trim()) lines.push(`More materials: ${b.materialsText.trim()}`);
  if (b.context) lines.push(`Surroundings: ${b.context}`);
  if (b.weather) lines.push(`Weather: ${b.weather}`);
  if (b.lighting) lines.push(`Lighting: ${b.lighting}`);
  lines.push(`User's words: ${b.userPrompt?.trim() || '(none)'}`);
  return lines.join('\n');
}

/** The model's text, cleaned: no wrapping quotes, no "Prompt:" label, one paragraph. */
export function cleanCompletion(text: string): string {
  let t = text.trim();
  t = t.replace(/^```[a-z]*\s*|\s*```$/g, '').trim();
  const unquote = (s: string) => (/^["“'].*["”']$/s.test(s) ? s.slice(1, -1).trim() : s);
  t = unquote(t);
  t = t.replace(/^(?:\*\*)?(?:prompt|render prompt)(?:\*\*)?\s*:\s*/i, '');
  t = unquote(t);
  return t.replace(/\s*\n+\s*/g, ' ').replace(/\s{2,}/g, ' ').trim();
}

/** Appends the materials the model did not name, so every chosen material reaches the render. */
export function withEveryMaterial(text: string, brief: PromptBrief): string {
  const lower = text.toLowerCase();
  const wanted = [...materialsOf(brief), ...textMaterials(brief.materialsText)];
  const missing = wanted.filter((m, i) => !lower.includes(m.toLowerCase()) && wanted.findIndex((w) => w.toLowerCase() === m.toLowerCase()) === i);
  if (missing.length === 0) return text;
  const end = /[.!?]$/.test(text) ? '' : '.';
  return `${text}${end} Materials: ${missing.join(', ')}.`;
}

interface ChatCompletion {
  choices?: Array<{ message?: { content?: unknown } }>;
  error?: { message?: unknown };
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  // Some servers answer content parts: [{ type: 'text', text }].
  if (Array.isArray(content))
    return content
      .map((p) => (p && typeof p === 'object' && typeof (p as { text?: unknown }).text === 'string' ? (p as { text: string }).text : ''))
      .join('');
  return '';
}

export function createOpenAiWriter(opts: OpenAiWriterOptions): PromptWriter {
  const doFetch = opts.fetch ?? fetch;
  const base = opts.baseUrl.endsWith('/') ? opts.baseUrl : `${opts.baseUrl}/`;
  const endpoint = new URL('chat/completions', base).toString();
  return {
    name: 'llm',
    async write(brief, { signal } = {}) {
      const userContent: Array<Record<string, unknown>> = [{ type: 'text', text: briefText(brief) }];
      if (brief.image) {
        userContent.push({ type: 'image_url', image_url: { url: `data:${brief.image.mimeType};base64,${brief.image.bytes.toString('base64')}` } });
      }
      const body = {
        model: opts.model,
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: userContent },
        ],
        temperature: 0.4,
        max_tokens: 400,
        stream: false,
      };
      const timeout = AbortSignal.timeout(opts.timeoutMs ?? 60_000);
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
      if (opts.apiKey) headers.authorization = `Bearer ${opts.apiKey}`;
      let res: Response;
      try {
        res = await doFetch(endpoint, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (err) {
        const reason = timeout.aborted ? `no answer within ${Math.round((opts.timeoutMs ?? 60_000) / 1000)} s` : (err as Error).message;
        throw new LlmError(`The LLM could not be reached: ${reason}`);
      }
      const raw = await res.text().catch(() => '');
      let json: ChatCompletion | null = null;
      try {
        json = raw ? (JSON.parse(raw) as ChatCompletion) : null;
      } catch {
        json = null;
      }
      if (!res.ok) {
        const detail = typeof json?.error?.message === 'string' ? json.error.message : raw.slice(0, 200) || res.statusText;
        throw new LlmError(`The LLM answered ${res.status}: ${detail}`, res.status);
      }
      const text = cleanCompletion(contentText(json?.choices?.[0]?.message?.content));
      if (!text) throw new LlmError('The LLM answered no text');
      const complete = withEveryMaterial(text, brief);
      return { text: complete.slice(0, AI_PROMPT_LIMITS.promptMaxLength), writer: 'llm' };
    },
  };
}
