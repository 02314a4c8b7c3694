import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { InputImage } from '@atelier/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { inputImages } from '../../db/schema/index.js';
import { createGeneratedImage, createImagesUser, makePng, uploadInput, type ImagesTestUser } from './images.test-helpers.js';

describe('PUT /api/images/input-images/:id/settings', () => {
  let t: TestApp;
  let ada: ImagesTestUser;
  let bob: ImagesTestUser;
  let adaInput: InputImage;

  const put = (user: ImagesTestUser, id: number, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/images/input-images/${id}/settings`, headers: user.headers, payload });
  const storedSettings = async (id: number) =>
    (await t.app.ctx.db.select().from(inputImages).where(eq(inputImages.id, id)))[0];

  beforeAll(async () => {
    t = await createTestApp();
    ada = await createImagesUser(t.app, 'Ada');
    bob = await createImagesUser(t.app, 'Bob');
    const res = await uploadInput(t.app, ada, { data: await makePng(80, 60), filename: 'villa.png' });
    adaInput = res.json() as InputImage;
  });
  afterAll(() => t.close());

  it('keeps the settings with the input image and its prompt as the generated prompt', async () => {
    const res = await put(ada, adaInput.id, {
      selectedStyle: 'photorealistic',
      variations: 4,
      creativity: 4,
      expressivity: 2,
      resemblance: 7,
      selections: { walls: 'walls-brick-red-running-bond', lighting: 'lighting-sunset' },
      generatedPrompt: 'A VILLA AT DUSK',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: adaInput.id, generatedPrompt: 'A VILLA AT DUSK' });
    const row = await storedSettings(adaInput.id);
    expect(row.settings).toMatchObject({ variations: 4, creativity: 4, resemblance: 7, selections: { lighting: 'lighting-sunset' } });
  });

  it('merges over what was saved before', async () => {
    await put(ada, adaInput.id, { aiMaterials: [{ id: 3, displayName: 'Brick' }] });
    const res = await put(ada, adaInput.id, { creativity: 2 });
    expect(res.json().aiMaterials).toEqual([{ id: 3, displayName: 'Brick' }]);
    expect((await storedSettings(adaInput.id)).settings).toMatchObject({ creativity: 2, resemblance: 7 });
  });

  it('is carried into an input image made from one of its renders', async () => {
    const gen = await createGeneratedImage(t.app, ada.id, { inputImageId: adaInput.id });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/images/create-input-from-generated',
      headers: ada.headers,
      payload: { generatedImageUrl: gen.id, originalInputImageId: adaInput.id, uploadSource: 'CREATE_MODULE' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json() as InputImage;
    expect(copy.generatedPrompt).toBe('A VILLA AT DUSK');
    expect((await storedSettings(copy.id)).settings).toMatchObject({ creativity: 2, selections: { walls: 'walls-brick-red-running-bond' } });
  });

  it('a blank or null generatedPrompt clears the saved prompt; leaving it out keeps it', async () => {
    await put(ada, adaInput.id, { generatedPrompt: 'OLD HOTEL PROMPT' });
    expect((await put(ada, adaInput.id, { creativity: 3 })).json().generatedPrompt).toBe('OLD HOTEL PROMPT');
    expect((await put(ada, adaInput.id, { generatedPrompt: null })).json().generatedPrompt).toBeNull();
    await put(ada, adaInput.id, { generatedPrompt: 'OLD HOTEL PROMPT' });
    expect((await put(ada, adaInput.id, { generatedPrompt: '   ' })).json().generatedPrompt).toBeNull();
  });

  it('checks the ranges, naming the field', async () => {
    const res = await put(ada, adaInput.id, { creativity: 9 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/creativity/);
  });

  it("answers 404 for another user's input image", async () => {
    const res = await put(bob, adaInput.id, { creativity: 3 });
    expect(res.statusCode).toBe(404);
  });
});
