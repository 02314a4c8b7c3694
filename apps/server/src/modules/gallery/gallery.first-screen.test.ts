import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GalleryDaysResponse, GalleryFirstScreenResponse, GalleryImagesResponse } from '@atelier/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { createImagesUser, type ImagesTestUser } from '../images/images.test-helpers.js';
import { seedImages } from './gallery.test-helpers.js';

// GET /gallery/first-screen answers, in one reply, what the gallery's first screen otherwise
// asks in two calls one after the other: the day buckets, then page 1 of the newest months.

const times = (count: number, startIso: string, stepMinutes: number) =>
  Array.from({ length: count }, (_, i) => ({ createdAt: new Date(Date.parse(startIso) + i * stepMinutes * 60_000) }));

describe('gallery first screen', () => {
  let t: TestApp;
  let ada: ImagesTestUser;
  let empty: ImagesTestUser;

  beforeAll(async () => {
    t = await createTestApp();
    ada = await createImagesUser(t.app, 'Ada');
    empty = await createImagesUser(t.app, 'Nobody');
    // May 2025: 30 images; April: 90; March: 50; and 3 upscales in April. The first 100 images
    // (newest first) are May's 30 and April's first 70: the reply holds May's and April's page 1.
    await seedImages(t.app, ada.id, times(50, '2025-03-03T08:00:00Z', 300));
    await seedImages(t.app, ada.id, times(90, '2025-04-02T08:00:00Z', 300));
    await seedImages(t.app, ada.id, times(30, '2025-05-05T08:00:00Z', 300));
    await seedImages(
      t.app,
      ada.id,
      times(3, '2025-04-20T10:00:00Z', 60).map((s) => ({ ...s, moduleType: 'REFINE' as const })),
      1,
    );
  }, 300_000);
  afterAll(() => t.close());

  const get = async <T>(user: ImagesTestUser | null, url: string, status = 200) => {
    const res = await t.app.inject({ method: 'GET', url, headers: user?.headers });
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as T;
  };

  it('holds the day buckets and page 1 of the newest months, each the same as the calls it replaces', async () => {
    const reply = await get<GalleryFirstScreenResponse>(ada, '/api/gallery/first-screen?mode=organize&tz=Europe/Paris');
    expect(reply.days).toEqual(await get<GalleryDaysResponse>(ada, '/api/gallery/days?mode=organize&tz=Europe/Paris'));
    expect(reply.days.total).toBe(173);
    expect(reply.pages.map((p) => [p.from, p.to, p.page, p.limit, p.images.length])).toEqual([
      ['2025-05-01', '2025-05-31', 1, 100, 30],
      ['2025-04-01', '2025-04-30', 1, 100, 93],
    ]);
    for (const page of reply.pages) {
      const { from, to, page: n, limit, ...body } = page;
      const same = await get<GalleryImagesResponse>(
        ada,
        `/api/gallery/images?mode=organize&tz=Europe/Paris&from=${from}&to=${to}&page=${n}&limit=${limit}`,
      );
      expect(body.pagination).toEqual(same.pagination);
      // The signed URLs carry an expiry that may tick between the two calls: compare the rest.
      const unsigned = (images: GalleryImagesResponse['images']) => images.map((i) => ({ ...i, imageUrl: null, thumbnailUrl: null }));
      expect(unsigned(body.images)).toEqual(unsigned(same.images));
      expect(body.images.every((i) => i.thumbnailUrl)).toBe(true);
    }
  });

  it('stops at the month that completes a page of images', async () => {
    // Refine: April's 3 upscales only; no older month holds any.
    const refine = await get<GalleryFirstScreenResponse>(ada, '/api/gallery/first-screen?mode=refine&tz=UTC');
    expect(refine.days.total).toBe(3);
    expect(refine.pages.map((p) => [p.from, p.images.length])).toEqual([['2025-04-01', 3]]);
    expect(refine.pages[0].images.every((i) => i.moduleType === 'REFINE')).toBe(true);
  });

  it('answers an empty gallery with no pages', async () => {
    const reply = await get<GalleryFirstScreenResponse>(empty, '/api/gallery/first-screen?tz=UTC');
    expect(reply).toEqual({ days: { mode: 'organize', timeZone: 'UTC', unit: 'image', total: 0, days: [] }, pages: [] });
  });

  it('needs a signed-in caller, an image mode and a real time zone', async () => {
    await get(null, '/api/gallery/first-screen?tz=UTC', 401);
    await get(ada, '/api/gallery/first-screen?mode=create&tz=UTC', 400);
    await get(ada, '/api/gallery/first-screen?tz=Mars/Olympus', 400);
  });
});
