import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedImage } from '@atelier/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { generatedImages } from '../../db/schema/index.js';
import { createGeneratedImage, createImagesUser, type ImagesTestUser } from '../images/images.test-helpers.js';

// The share page of a public image (GET /explore/images/{id}): stable, public, and gone at once when made private.

describe('the shared image page', () => {
  let t: TestApp;
  let ada: ImagesTestUser;

  beforeAll(async () => {
    t = await createTestApp();
    ada = await createImagesUser(t.app, 'Ada Lovelace Byron');
  });
  afterAll(() => t.close());

  it("gives visitors the picture, its prompt and only the author's first name; 404 once private", async () => {
    const img = await createGeneratedImage(t.app, ada.id);
    await t.app.ctx.db.update(generatedImages).set({ prompt: '  A brick villa at dusk ' }).where(eq(generatedImages.id, img.id));
    const url = `/api/explore/images/${img.id}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);

    const shared = await t.app.inject({ method: 'PUT', url: `/api/gallery/images/${img.id}/visibility`, headers: ada.headers, payload: { isPublic: true } });
    expect(shared.statusCode, shared.body).toBe(200);
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SharedImage>()).toEqual({
      id: img.id,
      prompt: 'A brick villa at dusk',
      authorFirstName: 'Ada',
      publishedAt: expect.any(String),
      width: img.width,
      height: img.height,
      thumbnailUrl: `/api/explore/images/${img.id}/thumbnail`,
      imageUrl: `/api/explore/images/${img.id}/full`,
    });
    expect(res.body).not.toContain('Lovelace');

    await t.app.inject({ method: 'PUT', url: `/api/gallery/images/${img.id}/visibility`, headers: ada.headers, payload: { isPublic: false } });
    const hidden = await t.app.inject({ method: 'GET', url });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ message: 'Image not found' });
    expect((await t.app.inject({ method: 'GET', url: '/api/explore/images/abc' })).statusCode).toBe(400);
  });

  it("lists the caller's shared images with their count (the Creator Zone)", async () => {
    const a = await createGeneratedImage(t.app, ada.id);
    const b = await createGeneratedImage(t.app, ada.id);
    await createGeneratedImage(t.app, ada.id);
    for (const img of [a, b]) await t.app.inject({ method: 'PUT', url: `/api/gallery/images/${img.id}/visibility`, headers: ada.headers, payload: { isPublic: true } });
    const res = await t.app.inject({ method: 'GET', url: '/api/explore/mine', headers: ada.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total: 2, images: [{ id: b.id }, { id: a.id }] });
    expect((await t.app.inject({ method: 'GET', url: '/api/explore/mine' })).statusCode).toBe(401);
  });
});
