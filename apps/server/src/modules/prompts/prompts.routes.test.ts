import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AI_PROMPT_MESSAGES,
  type AiPromptMaterialResponse,
  type AiPromptMaterialsResponse,
  type GenerateAiPromptResponse,
  type SavedAiPromptResponse,
} from '@atelier/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { inputImages, maskRegions } from '../../db/schema/index.js';
import { startOpenAiFake, type OpenAiFake } from '../../providers/llm/openai.fake.js';
import { call, createInput, createRegions, createSubscribedUser, type GenUser } from '../masks/masks.test-helpers.js';

/**
 * The /api/ai-prompt calls through the real app on a real database: prompt materials (duplicates
 * answered, never stored twice), the prompt writer (an OpenAI-compatible LLM, here its contract
 * fake, falling back to the template writer), the saved prompt; another user's ids are 404 and
 * bad input 400 naming the field.
 */

let t: TestApp;
let llm: OpenAiFake;
let ada: GenUser;
let bob: GenUser;
let adaInput: number;
let bobInput: number;

beforeAll(async () => {
  llm = await startOpenAiFake({ apiKey: 'sk-atelier', mode: { kind: 'error', status: 500, message: 'down' } });
  t = await createTestApp({ env: { WORKERS_IN_PROCESS: 'false', LLM_BASE_URL: llm.baseUrl, LLM_API_KEY: 'sk-atelier', LLM_MODEL: 'gpt-4o-mini' } });
  ada = await createSubscribedUser(t.app);
  bob = await createSubscribedUser(t.app);
  adaInput = (await createInput(t.app, ada.id)).id;
  bobInput = (await createInput(t.app, bob.id)).id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await llm?.close();
});
afterEach(() => {
  llm.mode = { kind: 'error', status: 500, message: 'down' };
  llm.requests.length = 0;
});

const brick = { materialOptionId: 'walls-brick-red-running-bond', subCategoryId: 'walls-brick', displayName: 'Red Brick, Running Bond' };

describe('POST, GET and DELETE /api/ai-prompt/materials', () => {
  it('saves a material with its category and swatch, answers a duplicate with the saved one, lists oldest first, removes', async () => {
    const input = (await createInput(t.app, ada.id)).id;
    const first = await call(t.app, ada, 'POST', '/api/ai-prompt/materials', { inputImageId: input, ...brick });
    expect(first.statusCode).toBe(200);
    const saved = first.json<AiPromptMaterialResponse>();
    expect(saved).toMatchObject({
      success: true,
      duplicate: false,
      data: { inputImageId: input, ...brick, customizationOptionId: null, subCategory: { id: 'walls-brick', slug: 'brick', displayName: 'Brick' } },
    });
    expect(saved.data.id).toBeGreaterThan(0);
    expect(saved.data.materialOption?.thumbnailUrl).toContain('walls-brick-red-running-bond');

    // Same subcategory, options and name (spaces and case aside): the same material.
    const dup = await call(t.app, ada, 'POST', '/api/ai-prompt/materials', { inputImageId: input, ...brick, displayName: '  red brick, running bond ' });
    expect(dup.json<AiPromptMaterialResponse>()).toMatchObject({ duplicate: true, data: { id: saved.data.id }, message: AI_PROMPT_MESSAGES.materialExists });
    // The category comes from the material when left out.
    const implied = await call(t.app, ada, 'POST', '/api/ai-prompt/materials', { inputImageId: input, materialOptionId: brick.materialOptionId, displayName: brick.displayName });
    expect(implied.json<AiPromptMaterialResponse>()).toMatchObject({ duplicate: true, data: { id: saved.data.id } });
    // Another name is another material; so is free text without any option.
    const other = await call(t.app, ada, 'POST', '/api/ai-prompt/materials', { inputImageId: input, ...brick, displayName: 'Brick plinth' });
    expect(other.json<AiPromptMaterialResponse>().duplicate).toBe(false);
    const text = await call(t.app, ada, 'POST', '/api/ai-prompt/materials', { inputImageId: input, displayName: 'Corten steel canopy' });
    expect(text.json<AiPromptMaterialResponse>().data).toMatchObject({ materialOptionId: null, subCategory: null, materialOption: null });

    const list = await call(t.app, ada, 'GET', `/api/ai-prompt/materials/${input}`);
    expect(list.json<AiPromptMaterialsResponse>().data.materials.map((m) => m.displayName)).toEqual(['Red Brick, Running Bond', 'Brick plinth', 'Corten steel canopy']);

    const del = await call(t.app, ada, 'DELETE', `/api/ai-prompt/materials/${saved.data.id}`);
    expect(del.statusCode).toBe(200);
    expect((await call(t.app, ada, 'DELETE', `/api/ai-prompt/materials/${saved.data.id}`)).statusCode).toBe(404);
    expect((await call(t.app, ada, 'GET', `/api/ai-prompt/materials/${input}`)).json<AiPromptMaterialsResponse>().data.materials).toHaveLength(2);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...brick }, 'inputImageId'],
      [{ inputImageId: 'x', ...brick }, 'inputImageId'],
      [{ inputImageId: adaInput }, 'displayName'],
      [{ inputImageId: adaInput, displayName: '   ' }, 'displayName'],
      [{ inputImageId: adaInput, displayName: 'x'.repeat(201) }, 'displayName'],
      [{ inputImageId: adaInput, displayName: 'Brick', materialOptionId: 'walls-brick-imaginary' }, 'materialOptionId'],
      [{ inputImageId: adaInput, displayName: 'Fog', materialOptionId: 'weather-fog' }, 'materialOptionId'],
      [{ inputImageId: adaInput, displayName: 'x', customizationOptionId: 'nope' }, 'customizationOptionId'],
      [{ inputImageId: adaInput, displayName: 'x', subCategoryId: 'walls-cheese' }, 'subCategoryId'],
      [{ inputImageId: adaInput, ...brick, subCategoryId: 'floors-wood' }, 'subCategoryId'],
      [{ inputImageId: adaInput, displayName: 'x', materialOptionId: [1] }, 'materialOptionId'],
    ];
    for (const [body, field] of cases) {
      const res = await call(t.app, ada, 'POST', '/api/ai-prompt/materials', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field, JSON.stringify(body)).toBe(field);
    }
    expect((await call(t.app, ada, 'GET', '/api/ai-prompt/materials/abc')).statusCode).toBe(400);
    expect((await call(t.app, ada, 'DELETE', '/api/ai-prompt/materials/0')).statusCode).toBe(400);
  });

  it("answers 404 for another user's image or material and 401 without a session", async () => {
    const bobs = (await call(t.app, bob, 'POST', '/api/ai-prompt/materials', { inputImageId: bobInput, ...brick })).json<AiPromptMaterialResponse>().data;
    expect((await call(t.app, ada, 'POST', '/api/ai-prompt/materials', { inputImageId: bobInput, ...brick })).statusCode).toBe(404);
    expect((await call(t.app, ada, 'GET', `/api/ai-prompt/materials/${bobInput}`)).statusCode).toBe(404);
    expect((await call(t.app, ada, 'DELETE', `/api/ai-prompt/materials/${bobs.id}`)).statusCode).toBe(404);
    expect((await call(t.app, bob, 'GET', `/api/ai-prompt/materials/${bobInput}`)).json<AiPromptMaterialsResponse>().data.materials).toHaveLength(1);
    expect((await call(t.app, null, 'GET', `/api/ai-prompt/materials/${adaInput}`)).statusCode).toBe(401);
  });
});

describe('POST /api/ai-prompt/generate', () => {
  it('has the LLM write from the image, the regions, the materials and the words (OpenAI wire format)', async () => {
    const input = (await createInput(t.app, ada.id, await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#b06040' } }).png().toBuffer())).id;
    const [facade] = await createRegions(t.app, ada.id, input);
    await call(t.app, ada, 'PUT', `/api/masks/${facade.id}/style`, { materialOptionId: 'walls-brick-red-running-bond', customText: 'weathered' });
    await call(t.app, ada, 'POST', '/api/ai-prompt/materials', { inputImageId: input, materialOptionId: 'walls-metal-copper-patina', displayName: 'Copper Patina' });
    llm.mode = { kind: 'answer', content: 'A brick villa at dusk with Red Brick, Running Bond walls and Copper Patina roofs.' };

    const res = await call(t.app, ada, 'POST', '/api/ai-prompt/generate', {
      inputImageId: input,
      userPrompt: 'at dusk',
      materialsText: 'Oak decking',
      settings: { mode: 'photorealistic', selections: { type: 'type-villa', lighting: 'lighting-golden-hour' } },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<GenerateAiPromptResponse>();
    expect(body.data).toEqual({
      inputImageId: input,
      writer: 'llm',
      generatedPrompt: 'A brick villa at dusk with Red Brick, Running Bond walls and Copper Patina roofs. Materials: Oak decking.',
    });
    expect(llm.requests).toHaveLength(1);
    const user = llm.requests[0].body.messages?.[1].content as Array<{ type: string; text?: string; image_url?: { url: string } }>;
    expect(user[0].text).toContain('Building type: Villa');
    expect(user[0].text).toContain('material Red Brick, Running Bond (Brick) note "weathered"');
    expect(user[0].text).toContain('Materials to name: Red Brick, Running Bond; Copper Patina');
    expect(user[0].text).toContain("User's words: at dusk");
    const image = Buffer.from((user[1].image_url?.url ?? '').replace(/^data:image\/jpeg;base64,/, ''), 'base64');
    const meta = await sharp(image).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(768);
    const [row] = await t.app.ctx.db.select().from(inputImages).where(eq(inputImages.id, input));
    expect(row.aiPrompt).toBe(body.data.generatedPrompt);
  });

  it('falls back to the template writer when the LLM fails, naming every selected material', async () => {
    const input = (await createInput(t.app, ada.id)).id;
    const regions = await createRegions(t.app, ada.id, input);
    await call(t.app, ada, 'PUT', `/api/masks/${regions[0].id}/style`, { materialOptionId: 'walls-brick-red-running-bond' });
    await call(t.app, ada, 'PUT', `/api/masks/${regions[2].id}/style`, { materialOptionId: 'floors-wood-oak-planks', customText: 'terrace' });
    await call(t.app, ada, 'POST', '/api/ai-prompt/materials', { inputImageId: input, materialOptionId: 'walls-metal-copper-patina', displayName: 'Copper Patina' });
    await call(t.app, ada, 'POST', '/api/ai-prompt/materials', { inputImageId: input, displayName: 'Corten steel canopy' });

    const res = await call(t.app, ada, 'POST', '/api/ai-prompt/generate', { inputImageId: input, userPrompt: 'Summer morning', materialsText: 'Zinc gutters' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json<GenerateAiPromptResponse>();
    expect(data.writer).toBe('template');
    expect(llm.requests).toHaveLength(1);
    const oak = (await call(t.app, ada, 'GET', `/api/masks/${input}`)).json().data.maskRegions[2].materialOption.displayName as string;
    for (const m of ['Red Brick, Running Bond', oak, 'Copper Patina', 'Corten steel canopy', 'Zinc gutters', 'Summer morning']) expect(data.generatedPrompt).toContain(m);
    expect(data.generatedPrompt).toMatch(/^Photorealistic exterior architectural visualization/);

    // includeSelectedMaterials false leaves the saved prompt materials out (the regions stay).
    const without = (await call(t.app, ada, 'POST', '/api/ai-prompt/generate', { inputImageId: input, includeSelectedMaterials: false })).json<GenerateAiPromptResponse>();
    expect(without.data.generatedPrompt).not.toContain('Copper Patina');
    expect(without.data.generatedPrompt).toContain('Red Brick, Running Bond');

    // The modal's unsaved region styles replace the stored ones for this prompt.
    const drafted = (
      await call(t.app, ada, 'POST', '/api/ai-prompt/generate', {
        inputImageId: input,
        includeSelectedMaterials: false,
        regions: [
          { maskId: regions[0].id, materialOptionId: 'walls-concrete-board-formed', customText: null },
          { maskId: regions[2].id, materialOptionId: null, customText: 'gravel path' },
          { maskId: 999_999, materialOptionId: 'walls-brick-london-stock' },
        ],
      })
    ).json<GenerateAiPromptResponse>();
    expect(drafted.data.generatedPrompt).toContain('The façade in Board-formed Concrete; the ground: gravel path.');
    expect(drafted.data.generatedPrompt).not.toContain('Red Brick');
    expect(drafted.data.generatedPrompt).not.toContain('London Stock');
  });

  it('writes the render type chosen in Create, over the guess from the photo', async () => {
    // A photo without sky whose ground is a floor material: the guess alone says interior.
    const input = (await createInput(t.app, ada.id)).id;
    const regions = await createRegions(t.app, ada.id, input);
    const sky = regions.find((r) => r.label === 'sky')!;
    await t.app.ctx.db.delete(maskRegions).where(eq(maskRegions.id, sky.id));
    const ground = regions.find((r) => r.label === 'ground')!;
    await call(t.app, ada, 'PUT', `/api/masks/${ground.id}/style`, { materialOptionId: 'floors-wood-oak-planks' });
    const write = async (renderType?: string) =>
      (await call(t.app, ada, 'POST', '/api/ai-prompt/generate', { inputImageId: input, ...(renderType ? { renderType } : {}) })).json<GenerateAiPromptResponse>().data
        .generatedPrompt;

    const exterior = await write('exterior');
    expect(exterior).toMatch(/^Photorealistic exterior/);
    expect(exterior).not.toMatch(/interior/i);
    expect(await write('aerial')).toMatch(/^Photorealistic aerial/);
    expect(await write('elevation')).toMatch(/^Photorealistic elevation/);
    expect(await write()).toMatch(/^Photorealistic interior/);
  });

  it("refuses bad input with 400 naming the field and another user's image with 404", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'inputImageId'],
      [{ inputImageId: -1 }, 'inputImageId'],
      [{ inputImageId: adaInput, userPrompt: 'x'.repeat(4001) }, 'userPrompt'],
      [{ inputImageId: adaInput, materialsText: 5 }, 'materialsText'],
      [{ inputImageId: adaInput, includeSelectedMaterials: 'yes' }, 'includeSelectedMaterials'],
      [{ inputImageId: adaInput, renderType: 'underwater' }, 'renderType'],
      [{ inputImageId: adaInput, settings: { mode: 'sketchy' } }, 'settings.mode'],
      [{ inputImageId: adaInput, regions: 'all' }, 'regions'],
      [{ inputImageId: adaInput, regions: [{ maskId: 'x' }] }, 'regions.0.maskId'],
    ];
    for (const [body, field] of cases) {
      const res = await call(t.app, ada, 'POST', '/api/ai-prompt/generate', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field, JSON.stringify(body)).toBe(field);
    }
    expect((await call(t.app, ada, 'POST', '/api/ai-prompt/generate', { inputImageId: bobInput })).statusCode).toBe(404);
    expect((await call(t.app, null, 'POST', '/api/ai-prompt/generate', { inputImageId: adaInput })).statusCode).toBe(401);
  });
});

describe('GET and POST /api/ai-prompt/prompt/:inputImageId', () => {
  it('saves the prompt on the input image, answers it, and clears it when blank', async () => {
    const input = (await createInput(t.app, ada.id)).id;
    expect((await call(t.app, ada, 'GET', `/api/ai-prompt/prompt/${input}`)).json<SavedAiPromptResponse>().data).toEqual({ inputImageId: input, generatedPrompt: null });
    const saved = await call(t.app, ada, 'POST', `/api/ai-prompt/prompt/${input}`, { prompt: '  A brick villa at dusk  ' });
    expect(saved.json<SavedAiPromptResponse>().data.generatedPrompt).toBe('A brick villa at dusk');
    expect((await call(t.app, ada, 'GET', `/api/ai-prompt/prompt/${input}`)).json<SavedAiPromptResponse>().data.generatedPrompt).toBe('A brick villa at dusk');
    const list = (await call(t.app, ada, 'GET', '/api/images/input-images')).json();
    const listed = (list.inputImages ?? list).find((i: { id: number }) => i.id === input);
    expect(listed.generatedPrompt).toBe('A brick villa at dusk');
    const cleared = await call(t.app, ada, 'POST', `/api/ai-prompt/prompt/${input}`, { prompt: '   ' });
    expect(cleared.json<SavedAiPromptResponse>().data.generatedPrompt).toBeNull();
  });

  it("answers 404 for another user's image, 400 for bad input, 401 without a session", async () => {
    expect((await call(t.app, ada, 'GET', `/api/ai-prompt/prompt/${bobInput}`)).statusCode).toBe(404);
    expect((await call(t.app, ada, 'POST', `/api/ai-prompt/prompt/${bobInput}`, { prompt: 'mine now' })).statusCode).toBe(404);
    expect((await call(t.app, bob, 'GET', `/api/ai-prompt/prompt/${bobInput}`)).json<SavedAiPromptResponse>().data.generatedPrompt).toBeNull();
    for (const body of [{}, { prompt: 42 }, { prompt: 'x'.repeat(4001) }]) {
      const res = await call(t.app, ada, 'POST', `/api/ai-prompt/prompt/${adaInput}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field).toBe('prompt');
    }
    expect((await call(t.app, ada, 'GET', '/api/ai-prompt/prompt/1e3x')).statusCode).toBe(400);
    expect((await call(t.app, null, 'GET', `/api/ai-prompt/prompt/${adaInput}`)).statusCode).toBe(401);
  });
});
