import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { readBatchInputs } from './batch-inputs.js';
import { createInputImage, createSubscribedUser } from './generation.test-helpers.js';

describe('the inputs of a batch’s variations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are read once per batch, however many variations ask, and again for the next batch', async () => {
    const user = await createSubscribedUser(t.app);
    const inputImageId = await createInputImage(t.app, user.id, 64, 48);
    const storage = t.app.ctx.storage;
    const reads: string[] = [];
    const get = storage.get.bind(storage);
    storage.get = async (key) => {
      reads.push(key);
      return get(key);
    };
    try {
      const [a, b] = await Promise.all([readBatchInputs(t.app.ctx, user.id, 9001, inputImageId), readBatchInputs(t.app.ctx, user.id, 9001, inputImageId)]);
      const c = await readBatchInputs(t.app.ctx, user.id, 9001, inputImageId);
      expect(reads).toHaveLength(1);
      expect(b.bytes).toBe(a.bytes);
      expect(c.bytes).toBe(a.bytes);
      expect(await sharp(a.bytes).metadata()).toMatchObject({ width: 64, height: 48 });

      const next = await readBatchInputs(t.app.ctx, user.id, 9002, inputImageId);
      expect(reads).toHaveLength(2);
      expect(next.bytes.equals(a.bytes)).toBe(true);
    } finally {
      storage.get = get;
    }
  });

  it('are read for their owner only', async () => {
    const owner = await createSubscribedUser(t.app);
    const other = await createSubscribedUser(t.app);
    const inputImageId = await createInputImage(t.app, owner.id, 64, 48);
    await expect(readBatchInputs(t.app.ctx, other.id, 9003, inputImageId)).rejects.toMatchObject({ status: 404 });
  });
});
