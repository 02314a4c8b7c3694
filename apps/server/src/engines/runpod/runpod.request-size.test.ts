import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { VariationsResponse } from '@atelier/contract';
import { batches, generatedImages, maskRegions } from '../../db/schema/index.js';
import { createInputImageFromBytes } from '../../modules/images/index.js';
import { balanceOf, createInputImage, createSubscribedUser } from '../../modules/generation/generation.test-helpers.js';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { RunPodFake } from '../../../test/fakes/runpod.js';
import { RUNPOD_REQUEST_MAX_BYTES } from '../workflows/request-budget.js';

const API_KEY = 'rp_size_key';
const ENDPOINT = 'size-endpoint';

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

/** A mask of random pixels: as a 1-bit PNG it still takes one bit per pixel. */
function noiseMask(width: number, height: number): Promise<Buffer> {
  const raw = crypto.randomBytes(width * height);
  for (let i = 0; i < raw.length; i++) raw[i] = raw[i] & 1 ? 255 : 0;
  return sharp(raw, { raw: { width, height, channels: 1 } }).png({ compressionLevel: 1 }).toBuffer();
}

describe("RunPod's 10 MB request limit, checked before any charge", { timeout: 240_000 }, () => {
  let fake: RunPodFake;
  let t: TestApp;
  beforeAll(async () => {
    fake = new RunPodFake({ apiKey: API_KEY, endpointId: ENDPOINT, webhookRetryDelayMs: 50 });
    await fake.start();
    fake.behaviour = { ...fake.behaviour, queueMs: 10, runMs: 10 };
    const port = await freePort();
    t = await createTestApp({
      env: {
        ENGINE: 'runpod',
        RUNPOD_API_KEY: API_KEY,
        RUNPOD_ENDPOINT_ID: ENDPOINT,
        RUNPOD_BASE_URL: fake.baseUrl,
        RUNPOD_POLL_MS: '300',
        RUNPOD_OUTPUT_HOSTS: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('refuses a render whose masks cannot fit with 413, charging nothing and creating no job', async () => {
    const user = await createSubscribedUser(t.app, { credits: 5 });
    // 6000 × 6000 with two noise masks: about 6 MB of base64 each, more than 10 MB together at any photo size.
    const side = 6000;
    const input = await createInputImageFromBytes(t.app.ctx, {
      userId: user.id,
      bytes: await sharp({ create: { width: side, height: side, channels: 3, background: '#8a7a6a' } }).png().toBuffer(),
      fileName: 'campus.png',
      uploadSource: 'CREATE_MODULE',
    });
    for (let position = 0; position < 2; position++) {
      const maskKey = `u/${user.id}/masks/${input.id}/noise-${position}.png`;
      await t.app.ctx.storage.put(maskKey, await noiseMask(side, side), 'image/png');
      await t.app.ctx.db.insert(maskRegions).values({ userId: user.id, inputImageId: input.id, position, maskKey, label: 'region', area: 0.5, averageColor: '#808080', customText: 'brick' });
    }
    const jobs = fake.jobs.size;

    const res = await t.app.inject({ method: 'POST', url: '/api/runpod/generate', headers: user.headers, payload: { inputImageId: input.id, variations: 2 } });

    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({ code: 'REQUEST_TOO_LARGE' });
    expect(res.json().message).toMatch(/do not fit RunPod's 10 MB request limit, even downscaled\. .*Nothing was charged\./);
    expect(await balanceOf(t.app, user.id)).toBe(5);
    expect(await t.app.ctx.db.select().from(batches).where(eq(batches.userId, user.id))).toEqual([]);
    expect(await t.app.ctx.db.select().from(generatedImages).where(eq(generatedImages.userId, user.id))).toEqual([]);
    expect(fake.jobs.size).toBe(jobs);
  });

  it('records the size a fitting request is sent at in each variation’s settings snapshot, as the API returns it', async () => {
    const user = await createSubscribedUser(t.app, { credits: 5 });
    const inputImageId = await createInputImage(t.app, user.id, 640, 480);
    const res = await t.app.inject({ method: 'POST', url: '/api/runpod/generate', headers: user.headers, payload: { inputImageId, variations: 1 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceOf(t.app, user.id)).toBe(4);
    const listed = await t.app.inject({ method: 'GET', url: '/api/runpod/variations', headers: user.headers });
    const [variation] = (listed.json() as VariationsResponse).variations;
    const request = (variation.settingsSnapshot as { request?: { bytes: number } }).request;
    expect(request).toMatchObject({ maxBytes: RUNPOD_REQUEST_MAX_BYTES, photo: { width: 640, height: 480 }, sent: { width: 640, height: 480 }, downscaled: false });
    // The input as sent (a PNG of 640 × 480) in base64: more than its pixels' tenth, well under the limit.
    expect(request!.bytes).toBeGreaterThan(10_000);
    expect(request!.bytes).toBeLessThan(RUNPOD_REQUEST_MAX_BYTES);
  });
});
