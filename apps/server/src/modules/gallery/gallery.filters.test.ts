import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GalleryBatchesResponse, GalleryDaysResponse, GalleryFirstScreenResponse, GalleryImagesResponse } from '@atelier/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { createImagesUser, type ImagesTestUser } from '../images/images.test-helpers.js';
import { seedImages, type SeedImage } from './gallery.test-helpers.js';

// The gallery's filters (spec image-modules §3 "filters, filter panel"): module, render type,
// shared/private and a date range, on every gallery list call, always within the caller's images.

const at = (iso: string) => new Date(iso);
const MAY = 'tz=UTC&from=2025-05-01&to=2025-05-31';

describe('gallery filters', () => {
  let t: TestApp;
  let ada: ImagesTestUser;
  let bob: ImagesTestUser;
  let cy: ImagesTestUser;
  const id: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    ada = await createImagesUser(t.app, 'Ada');
    bob = await createImagesUser(t.app, 'Bob');
    cy = await createImagesUser(t.app, 'Cy');
    const ada_: Record<string, SeedImage> = {
      // No renderType in its snapshot: a render from before render types, which counts as exterior.
      oldExterior: { createdAt: at('2025-05-01T10:00:00Z') },
      sharedInterior: { createdAt: at('2025-05-02T10:00:00Z'), renderType: 'interior', isPublic: true },
      tweakAerial: { createdAt: at('2025-05-03T10:00:00Z'), moduleType: 'TWEAK', renderType: 'aerial', operationType: 'inpaint' },
      refineElevation: { createdAt: at('2025-05-04T10:00:00Z'), moduleType: 'REFINE', renderType: 'elevation', operationType: 'refine', isPublic: true },
      upscaleInterior: { createdAt: at('2025-05-05T10:00:00Z'), moduleType: 'REFINE', renderType: 'interior', operationType: 'upscale' },
      // 22:00 on 5 May in New York, 6 May in UTC.
      lateExterior: { createdAt: at('2025-05-06T02:00:00Z'), renderType: 'exterior' },
    };
    for (const [name, image] of Object.entries(ada_)) [id[name]] = await seedImages(t.app, ada.id, [image], 1);
    // Never listed: a failed interior render, a deleted shared one, and Bob's interior, shared, same days.
    await seedImages(t.app, ada.id, [{ createdAt: at('2025-05-02T11:00:00Z'), renderType: 'interior', status: 'FAILED' }], 1);
    await seedImages(t.app, ada.id, [{ createdAt: at('2025-05-02T12:00:00Z'), renderType: 'interior', isPublic: true, deleted: true }], 1);
    [id.bobInterior] = await seedImages(t.app, bob.id, [{ createdAt: at('2025-05-02T10:00:00Z'), renderType: 'interior', isPublic: true }], 1);
  });
  afterAll(() => t.close());

  const call = async <T>(user: ImagesTestUser, url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: user.headers });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json() as T;
  };
  const imageIds = async (user: ImagesTestUser, filters: string) =>
    (await call<GalleryImagesResponse>(user, `/api/gallery/images?${MAY}&${filters}`)).images.map((i) => i.id);

  it('filters by module: Create, Tweak, Refine, and Upscale (a refine at a scale above 1)', async () => {
    expect(await imageIds(ada, 'module=CREATE')).toEqual([id.lateExterior, id.sharedInterior, id.oldExterior]);
    expect(await imageIds(ada, 'module=TWEAK')).toEqual([id.tweakAerial]);
    expect(await imageIds(ada, 'module=REFINE')).toEqual([id.refineElevation]);
    expect(await imageIds(ada, 'module=UPSCALE')).toEqual([id.upscaleInterior]);
  });

  it('filters by render type, counting renders without one as exterior', async () => {
    expect(await imageIds(ada, 'renderType=exterior')).toEqual([id.lateExterior, id.oldExterior]);
    expect(await imageIds(ada, 'renderType=interior')).toEqual([id.upscaleInterior, id.sharedInterior]);
    expect(await imageIds(ada, 'renderType=aerial')).toEqual([id.tweakAerial]);
    expect(await imageIds(ada, 'renderType=elevation')).toEqual([id.refineElevation]);
  });

  it('filters by shared on Explore or private', async () => {
    expect(await imageIds(ada, 'visibility=shared')).toEqual([id.refineElevation, id.sharedInterior]);
    expect(await imageIds(ada, 'visibility=private')).toEqual([id.lateExterior, id.upscaleInterior, id.tweakAerial, id.oldExterior]);
  });

  it('filters by a date range of days in the caller’s time zone', async () => {
    expect(await imageIds(ada, 'dateFrom=2025-05-02&dateTo=2025-05-04')).toEqual([id.refineElevation, id.tweakAerial, id.sharedInterior]);
    expect(await imageIds(ada, 'dateFrom=2025-05-06')).toEqual([id.lateExterior]);
    const ny = await call<GalleryImagesResponse>(ada, '/api/gallery/images?tz=America/New_York&from=2025-05-01&to=2025-05-31&dateFrom=2025-05-06');
    expect(ny.images).toEqual([]);
    expect(await imageIds(ada, 'dateTo=2025-05-01')).toEqual([id.oldExterior]);
  });

  it('combines filters, and never shows another user’s images', async () => {
    expect(await imageIds(ada, 'renderType=interior&visibility=shared')).toEqual([id.sharedInterior]);
    expect(await imageIds(ada, 'module=CREATE&renderType=interior&visibility=shared&dateFrom=2025-05-02&dateTo=2025-05-02')).toEqual([id.sharedInterior]);
    expect(await imageIds(bob, 'renderType=interior&visibility=shared')).toEqual([id.bobInterior]);
    expect(await imageIds(bob, 'renderType=exterior')).toEqual([]);
  });

  it('counts the day buckets and answers the first screen with the same filters', async () => {
    const days = await call<GalleryDaysResponse>(ada, '/api/gallery/days?tz=UTC&renderType=interior');
    expect(days).toMatchObject({ total: 2, days: [{ date: '2025-05-05', count: 1 }, { date: '2025-05-02', count: 1 }] });
    const first = await call<GalleryFirstScreenResponse>(ada, '/api/gallery/first-screen?tz=UTC&visibility=shared');
    expect(first.days.total).toBe(2);
    expect(first.pages.flatMap((p) => p.images.map((i) => i.id))).toEqual([id.refineElevation, id.sharedInterior]);
    const none = await call<GalleryDaysResponse>(ada, '/api/gallery/days?tz=UTC&module=UPSCALE&renderType=aerial');
    expect(none).toMatchObject({ total: 0, days: [] });
  });

  it('filters the batch modes by their images, showing only the images that match', async () => {
    const url = '/api/gallery/batches?mode=create&tz=UTC&from=2025-05-01&to=2025-05-31';
    const shared = await call<GalleryBatchesResponse>(ada, `${url}&visibility=shared`);
    expect(shared.batches.map((b) => b.images.map((i) => i.id))).toEqual([[id.sharedInterior]]);
    const exterior = await call<GalleryBatchesResponse>(ada, `${url}&renderType=exterior&dateTo=2025-05-05`);
    expect(exterior.batches.flatMap((b) => b.images.map((i) => i.id))).toEqual([id.oldExterior]);
    const days = await call<GalleryDaysResponse>(ada, '/api/gallery/days?mode=tweak&tz=UTC&renderType=aerial');
    expect(days).toMatchObject({ unit: 'batch', total: 1 });
  });

  it('pages a filtered list without overlap or gaps', async () => {
    const times = Array.from({ length: 12 }, (_, i) => at(`2025-07-${String(10 + i).padStart(2, '0')}T09:00:00Z`));
    const seeded = await seedImages(
      t.app,
      cy.id,
      times.map((createdAt, i) => ({ createdAt, renderType: i % 2 === 0 ? 'interior' : 'aerial' })),
      1,
    );
    const interior = seeded.filter((_, i) => i % 2 === 0).reverse();
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const body = await call<GalleryImagesResponse>(cy, `/api/gallery/images?tz=UTC&from=2025-07-01&to=2025-07-31&renderType=interior&limit=4&page=${page}`);
      expect(body.pagination).toMatchObject({ page, limit: 4, total: 6, totalPages: 2 });
      seen.push(...body.images.map((i) => i.id));
    }
    expect(seen).toEqual(interior);
  });

  it.each([
    ['module=PAINT', 'module'],
    ['renderType=space', 'renderType'],
    ['visibility=public', 'visibility'],
    ['dateFrom=2025-02-30', 'dateFrom'],
    ['dateTo=yesterday', 'dateTo'],
    ['dateFrom=2025-05-04&dateTo=2025-05-02', 'dateFrom'],
  ])('refuses %s with a 400 naming %s on every gallery list call', async (filter, field) => {
    for (const path of [
      `/api/gallery/days?tz=UTC&${filter}`,
      `/api/gallery/first-screen?tz=UTC&${filter}`,
      `/api/gallery/images?${MAY}&${filter}`,
      `/api/gallery/batches?mode=create&${MAY}&${filter}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: path, headers: ada.headers });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().message, path).toContain(field);
    }
  });
});
