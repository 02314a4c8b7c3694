import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_QUOTA_BYTES } from '@atelier/contract';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createInputImage, createPlainUser, createSubscribedUser, type GenUser } from '../src/modules/generation/generation.test-helpers.js';
import { makePng, uploadInput } from '../src/modules/images/images.test-helpers.js';

/** Issue 17 part 6: costly calls need a plan, per-user rates, and a storage quota by plan. */
describe('abuse limits', { timeout: 120_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { USER_RATE_LIMIT: '3' } });
  });
  afterAll(() => t?.close());

  const generate = (user: GenUser, inputImageId: number) =>
    t.app.inject({ method: 'POST', url: '/api/ai-prompt/generate', headers: user.headers, payload: { inputImageId, userPrompt: 'at dusk' } });

  it('POST /api/ai-prompt/generate is 403 for a FREE account', async () => {
    const free = await createPlainUser(t.app);
    const res = await generate(free, await createInputImage(t.app, free.id));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'An active subscription is required to write AI prompts', code: 'PLAN_REQUIRED' });
  });

  it('limits POST /api/ai-prompt/generate per user (429), without touching other users', async () => {
    const ada = await createSubscribedUser(t.app);
    const bob = await createSubscribedUser(t.app);
    const adaInput = await createInputImage(t.app, ada.id);
    for (let i = 0; i < 3; i++) expect((await generate(ada, adaInput)).statusCode).toBe(200);
    const limited = await generate(ada, adaInput);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many requests\. Try again in \d+ seconds\.$/) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await generate(bob, await createInputImage(t.app, bob.id))).statusCode).toBe(200);
  });

  it('limits uploads per user (429)', async () => {
    const ada = await createSubscribedUser(t.app);
    const png = await makePng(64, 48);
    for (let i = 0; i < 3; i++) expect((await uploadInput(t.app, ada, { data: png })).statusCode).toBe(201);
    expect((await uploadInput(t.app, ada, { data: png })).statusCode).toBe(429);
  });

  it("refuses an upload past the plan's storage quota with 413 saying how much is used, and reports the use", async () => {
    const ada = await createSubscribedUser(t.app, { plan: 'STARTER' });
    const usage = async () => (await t.app.inject({ method: 'GET', url: '/api/storage/usage', headers: ada.headers })).json();
    expect(await usage()).toEqual({ usedBytes: 0, quotaBytes: STORAGE_QUOTA_BYTES.STARTER, planType: 'STARTER' });
    const upload = await uploadInput(t.app, ada, { data: await makePng(64, 48) });
    expect(upload.statusCode).toBe(201);
    const afterOne = (await usage()).usedBytes;
    expect(afterOne).toBeGreaterThan(0);

    // The account's folder fills up to 10 bytes below 2 GB (a sparse file: no real disk is used).
    const filler = path.join(t.dataDir, 'files', 'u', String(ada.id), 'filler.bin');
    fs.writeFileSync(filler, '');
    fs.truncateSync(filler, STORAGE_QUOTA_BYTES.STARTER - afterOne - 10);
    const full = await uploadInput(t.app, ada, { data: await makePng(64, 48) });
    expect(full.statusCode).toBe(413);
    expect(full.json()).toMatchObject({
      code: 'STORAGE_QUOTA_EXCEEDED',
      message: 'Your storage is full: 2 GB of 2 GB used. Delete images you no longer need, or upgrade your plan.',
    });
    expect((await usage()).usedBytes).toBe(STORAGE_QUOTA_BYTES.STARTER - 10);
  });
});
