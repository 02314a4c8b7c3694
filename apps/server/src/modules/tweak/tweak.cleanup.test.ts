import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { tweakFiles } from '../../db/schema/index.js';
import { presentGeneratedImage } from '../images/index.js';
import { storedFiles } from '../images/images.test-helpers.js';
import { cleanupUnusedTweakFiles, UNUSED_TWEAK_FILE_MS } from './tweak.cleanup.js';
import { addImage, call, createGeneratedImage, createInput, createSubscribedUser, makePng, maskPng, uploadMask, type GenUser } from './tweak.test-helpers.js';

const TWO_DAYS_AGO = () => new Date(Date.now() - 2 * 24 * 3600 * 1000);
const cutOff = () => new Date(Date.now() - UNUSED_TWEAK_FILE_MS);

describe('cleanupUnusedTweakFiles', () => {
  let t: TestApp;
  let ada: GenUser;
  let renderUrl: string;
  let renderId: number;
  beforeAll(async () => {
    // No workers: the tweak jobs stay pending, which must protect their files too.
    t = await createTestApp({ env: { WORKERS_IN_PROCESS: 'false' } });
    ada = await createSubscribedUser(t.app, { credits: 10 });
    const input = await createInput(t.app, ada.id, await makePng(320, 240, '#8a7a6a'));
    const render = await createGeneratedImage(t.app, ada.id, { moduleType: 'CREATE', inputImageId: input.id, bytes: await makePng(320, 240, '#a08060') });
    renderUrl = presentGeneratedImage(t.app.ctx, render).imageUrl as string;
    renderId = render.id;
  }, 60_000);
  afterAll(() => t?.close());

  const keyOfUrl = (url: string) => t.app.ctx.urls.parse(url, { allowExpired: true })!.key;
  const onDisk = (key: string) => storedFiles(t.dataDir).includes(key);
  const rowOf = async (key: string) => (await t.app.ctx.db.select().from(tweakFiles).where(eq(tweakFiles.storageKey, key)))[0];
  const age = (key: string) => t.app.ctx.db.update(tweakFiles).set({ lastUsedAt: TWO_DAYS_AGO(), createdAt: TWO_DAYS_AGO() }).where(eq(tweakFiles.storageKey, key));
  const newMask = async () => {
    const res = await uploadMask(t.app, ada, await maskPng(320, 240, { x0: 100, y0: 80, x1: 180, y1: 160 }));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().url as string;
  };

  it('removes a day-old mask no tweak uses (file and row), keeps a fresh one and an old one a tweak result names', async () => {
    const unusedUrl = await newMask();
    const freshUrl = await newMask();
    const usedUrl = await newMask();
    const inpaint = await call(t.app, ada, 'POST', '/api/tweak/inpaint', {
      baseImageUrl: renderUrl,
      maskImageUrl: usedUrl,
      prompt: 'a bronze sculpture on a plinth',
      originalBaseImageId: renderId,
      selectedBaseImageId: renderId,
      variations: 1,
    });
    expect(inpaint.statusCode, inpaint.body).toBe(200);
    const overlayRes = await addImage(t.app, ada, await makePng(60, 60, '#c0a040'), {
      baseImageId: String(renderId),
      baseImageType: 'generated',
      position: JSON.stringify({ x: 20, y: 20 }),
      size: JSON.stringify({ width: 60, height: 60 }),
    });
    expect(overlayRes.statusCode, overlayRes.body).toBe(200);
    const [overlay] = await t.app.ctx.db.select().from(tweakFiles).where(eq(tweakFiles.kind, 'overlay'));

    const [unused, fresh, used] = [unusedUrl, freshUrl, usedUrl].map(keyOfUrl);
    for (const key of [unused, fresh, used, overlay.storageKey]) {
      expect(onDisk(key)).toBe(true);
      expect(await rowOf(key)).toBeDefined();
    }
    for (const key of [unused, used, overlay.storageKey]) await age(key);

    expect(await cleanupUnusedTweakFiles(t.app.ctx, cutOff())).toBe(1);

    expect(onDisk(unused)).toBe(false);
    expect(await rowOf(unused)).toBeUndefined();
    for (const key of [fresh, used, overlay.storageKey]) {
      expect(onDisk(key)).toBe(true);
      expect(await rowOf(key)).toBeDefined();
    }
    // A second run finds nothing more.
    expect(await cleanupUnusedTweakFiles(t.app.ctx, cutOff())).toBe(0);
  });

  it('counts starting a tweak with an old mask as a use, and refuses a mask the cleanup removed', async () => {
    const url = await newMask();
    const key = keyOfUrl(url);
    await age(key);
    const body = { baseImageUrl: renderUrl, maskImageUrl: url, prompt: 'a glass canopy', originalBaseImageId: renderId, selectedBaseImageId: renderId, variations: 1 };
    expect((await call(t.app, ada, 'POST', '/api/tweak/inpaint', body)).statusCode).toBe(200);
    expect((await rowOf(key))!.lastUsedAt.getTime()).toBeGreaterThan(cutOff().getTime());

    const gone = keyOfUrl(await newMask());
    await age(gone);
    expect(await cleanupUnusedTweakFiles(t.app.ctx, cutOff())).toBe(1);
    expect(onDisk(key)).toBe(true);
    const res = await call(t.app, ada, 'POST', '/api/tweak/inpaint', { ...body, maskImageUrl: t.app.ctx.urls.sign(gone) });
    expect(res.statusCode).toBe(404);
    expect(await rowOf(gone)).toBeUndefined();
  });
});
