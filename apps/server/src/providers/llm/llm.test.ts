import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiWriter, createPromptWriter, createTemplateWriter, LlmError, materialsOf, SYSTEM_PROMPT, withFallback, writeTemplatePrompt, type PromptBrief } from './index.js';
import { startOpenAiFake, type OpenAiFake } from './openai.fake.js';

/** A brief as the prompts module builds it: regions with materials and text, inspector choices, chosen materials. */
function brief(over: Partial<PromptBrief> = {}): PromptBrief {
  return {
    renderType: 'exterior',
    mode: 'photorealistic',
    artStyle: null,
    buildingType: 'Villa',
    context: 'Meadow',
    style: 'Contemporary',
    weather: 'Partly Cloudy',
    lighting: 'Golden Hour',
    walls: 'White Smooth Plaster',
    floors: null,
    regions: [
      { label: 'facade', area: 0.33, material: 'Red Brick, Running Bond', section: 'walls', category: 'Brick', text: 'weathered, white mortar' },
      { label: 'ground', area: 0.2, material: 'Granite Setts', section: 'floors', category: 'Stone', text: null },
      { label: 'region', area: 0.1, material: null, section: null, category: null, text: 'bronze window frames' },
      { label: 'sky', area: 0.35, material: null, section: null, category: null, text: null },
    ],
    materials: ['Oak Decking', 'Red Brick, Running Bond', 'Copper Patina'],
    materialsText: 'Corten steel canopy',
    userPrompt: 'a quiet summer evening with people on the terrace',
    image: null,
    ...over,
  };
}

const silentLog = () => {
  const warnings: Array<{ obj: unknown; msg: string }> = [];
  return { warnings, warn: (obj: object, msg: string) => void warnings.push({ obj, msg }) };
};

describe('the template writer', () => {
  it('names every selected material: the regions, the inspector walls and the prompt materials, and the text ones', () => {
    const b = brief();
    const prompt = writeTemplatePrompt(b);
    for (const m of materialsOf(b)) expect(prompt).toContain(m);
    for (const m of ['Red Brick, Running Bond', 'Granite Setts', 'White Smooth Plaster', 'Oak Decking', 'Copper Patina', 'Corten steel canopy']) expect(prompt).toContain(m);
    // Each material once: the brick is a region's and a chosen material.
    expect(prompt.split('Red Brick, Running Bond')).toHaveLength(2);
  });

  it('composes the view, building, style, regions, the user\u2019s words, setting, weather and light', () => {
    const prompt = writeTemplatePrompt(brief());
    expect(prompt).toMatch(/^Photorealistic exterior architectural visualization of a villa, contemporary architecture\./);
    expect(prompt).toContain('A quiet summer evening with people on the terrace.');
    expect(prompt).toContain('The façade in Red Brick, Running Bond (weathered, white mortar); the ground in Granite Setts; one area: bronze window frames.');
    expect(prompt).toContain('the ground in Granite Setts');
    expect(prompt).toContain('one area: bronze window frames');
    expect(prompt).toContain('Set in meadow surroundings, partly cloudy weather, golden hour light.');
    expect(prompt).not.toContain('the sky');
    expect(prompt.length).toBeLessThan(1200);
  });

  it('writes an art prompt and copes with an empty brief', () => {
    const art = writeTemplatePrompt(brief({ mode: 'art', artStyle: 'Aquarelle (Loose Wash)', renderType: 'aerial' }));
    expect(art).toMatch(/^Aquarelle \(Loose Wash\) aerial architectural drawing of a villa/);
    expect(art).toContain('linework');
    const empty = writeTemplatePrompt(
      brief({ buildingType: null, style: null, context: null, weather: null, lighting: null, walls: null, regions: [], materials: [], materialsText: null, userPrompt: null }),
    );
    expect(empty).toMatch(/^Photorealistic exterior architectural visualization of a building\. True-to-life/);
  });
});

describe('the LLM writer against an OpenAI-compatible API', () => {
  let fake: OpenAiFake;
  let image: Buffer;

  beforeAll(async () => {
    fake = await startOpenAiFake({ apiKey: 'sk-test-123' });
    image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a05030' } }).jpeg().toBuffer();
  });
  afterAll(() => fake?.close());
  afterEach(() => {
    fake.requests.length = 0;
    fake.apiKey = 'sk-test-123';
    fake.mode = { kind: 'answer', content: 'A photorealistic render.' };
  });

  it('sends the documented request (model, system and user messages, the image as a data URI) and reads choices[0].message.content', async () => {
    fake.mode = {
      kind: 'answer',
      content:
        '"Prompt: A contemporary villa at golden hour, its façade in Red Brick, Running Bond, the forecourt in Granite Setts, Oak Decking on the terrace, Copper Patina trims, White Smooth Plaster walls, a Corten steel canopy."',
    };
    const writer = createOpenAiWriter({ baseUrl: fake.baseUrl, apiKey: 'sk-test-123', model: 'gpt-4o-mini' });
    const out = await writer.write(brief({ image: { bytes: image, mimeType: 'image/jpeg' } }));
    expect(out.writer).toBe('llm');
    expect(out.text).toBe(
      'A contemporary villa at golden hour, its façade in Red Brick, Running Bond, the forecourt in Granite Setts, Oak Decking on the terrace, Copper Patina trims, White Smooth Plaster walls, a Corten steel canopy.',
    );
    expect(fake.requests).toHaveLength(1);
    const req = fake.requests[0];
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe('Bearer sk-test-123');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body.model).toBe('gpt-4o-mini');
    const [system, user] = req.body.messages ?? [];
    expect(system).toEqual({ role: 'system', content: SYSTEM_PROMPT });
    expect(user.role).toBe('user');
    const parts = user.content as Array<{ type: string; text?: string; image_url?: { url: string } }>;
    expect(parts[0].type).toBe('text');
    expect(parts[0].text).toContain('Building type: Villa');
    expect(parts[0].text).toContain('- the façade (33% of the image): material Red Brick, Running Bond (Brick) note "weathered, white mortar"');
    expect(parts[0].text).toContain("User's words: a quiet summer evening with people on the terrace");
    expect(parts[1].type).toBe('image_url');
    const url = parts[1].image_url?.url ?? '';
    expect(url.startsWith('data:image/jpeg;base64,')).toBe(true);
    const meta = await sharp(Buffer.from(url.slice('data:image/jpeg;base64,'.length), 'base64')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 64, 48]);
  });

  it('appends the materials the model left out, and reads content parts', async () => {
    fake.mode = { kind: 'answer', content: [{ type: 'text', text: 'A villa in Red Brick, Running Bond at golden hour' }] };
    const writer = createOpenAiWriter({ baseUrl: `${fake.baseUrl}/`, apiKey: 'sk-test-123', model: 'llava' });
    const out = await writer.write(brief({ materialsText: 'Canopy: Corten steel\nzinc gutters; red brick, running bond' }));
    expect(out.text).toBe(
      'A villa in Red Brick, Running Bond at golden hour. Materials: Granite Setts, White Smooth Plaster, Oak Decking, Copper Patina, Corten steel, zinc gutters.',
    );
  });

  it('sends no Authorization header without a key (Ollama) and no image part without an image', async () => {
    fake.apiKey = null;
    const writer = createOpenAiWriter({ baseUrl: fake.baseUrl, model: 'llama3.2-vision' });
    await writer.write(brief({ materials: [], regions: [], walls: null, materialsText: null }));
    expect(fake.requests[0].headers.authorization).toBeUndefined();
    const parts = fake.requests[0].body.messages?.[1].content as unknown[];
    expect(parts).toHaveLength(1);
  });

  it.each([
    ['a server error', { kind: 'error', status: 500, message: 'The server had an error while processing your request.' } as const, /500: The server had an error/],
    ['a wrong key', { kind: 'error', status: 401, message: 'Incorrect API key provided.', code: 'invalid_api_key' } as const, /401: Incorrect API key/],
    ['a rate limit', { kind: 'error', status: 429, message: 'Rate limit reached' } as const, /429/],
    ['an answer that is not JSON', { kind: 'garbage' } as const, /answered no text/],
    ['an empty answer', { kind: 'answer', content: '   ' } as const, /answered no text/],
  ])('fails with an LlmError on %s', async (_name, mode, message) => {
    fake.mode = mode;
    const writer = createOpenAiWriter({ baseUrl: fake.baseUrl, apiKey: 'sk-test-123', model: 'gpt-4o-mini' });
    const err = await writer.write(brief()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect((err as Error).message).toMatch(message);
  });

  it('gives up after its time limit', async () => {
    fake.mode = { kind: 'hang' };
    const writer = createOpenAiWriter({ baseUrl: fake.baseUrl, apiKey: 'sk-test-123', model: 'gpt-4o-mini', timeoutMs: 300 });
    await expect(writer.write(brief())).rejects.toThrow(/no answer within/);
  });

  it('falls back to the template writer with a logged warning when the LLM fails', async () => {
    fake.mode = { kind: 'error', status: 503, message: 'The engine is currently overloaded' };
    const log = silentLog();
    const writer = createPromptWriter({ LLM_BASE_URL: fake.baseUrl, LLM_API_KEY: 'sk-test-123', LLM_MODEL: 'gpt-4o-mini' }, log);
    const out = await writer.write(brief());
    expect(out.writer).toBe('template');
    expect(out.text).toBe(writeTemplatePrompt(brief()));
    expect(log.warnings).toHaveLength(1);
    expect(log.warnings[0].msg).toMatch(/LLM prompt writer failed/);
    expect(JSON.stringify(log.warnings[0].obj)).toContain('503');

    fake.mode = { kind: 'answer', content: 'A villa.' };
    expect((await writer.write(brief({ materials: [], regions: [], walls: null }))).writer).toBe('llm');
    expect(log.warnings).toHaveLength(1);
  });

  it('is the template writer without LLM_BASE_URL, and a caller abort is not hidden', async () => {
    expect(createPromptWriter({ LLM_BASE_URL: undefined, LLM_API_KEY: undefined, LLM_MODEL: 'x' }, silentLog()).name).toBe('template');
    fake.mode = { kind: 'hang' };
    const log = silentLog();
    const writer = withFallback(createOpenAiWriter({ baseUrl: fake.baseUrl, apiKey: 'sk-test-123', model: 'm' }), createTemplateWriter(), log);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('client gone')), 100);
    await expect(writer.write(brief(), { signal: controller.signal })).rejects.toThrow();
    expect(log.warnings).toHaveLength(0);
  });
});
