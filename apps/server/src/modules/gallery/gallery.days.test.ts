import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GalleryDaysResponse, GalleryImagesResponse } from '@atelier/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { createImagesUser, type ImagesTestUser } from '../images/images.test-helpers.js';
import { seedImages } from './gallery.test-helpers.js';

// Day buckets are computed by the database with AT TIME ZONE in the caller's zone; the date
// ranges use the same local midnights, so a day's bucket and its range always agree.

const at = (iso: string) => new Date(iso);

describe('gallery day buckets around midnight and across time zones', () => {
  let t: TestApp;
  let ada: ImagesTestUser;
  let bob: ImagesTestUser;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    ada = await createImagesUser(t.app, 'Ada');
    bob = await createImagesUser(t.app, 'Bob');
    // New York is UTC-4 on 14–15 March 2025 (DST began on 9 March); Tokyo is UTC+9.
    const times = {
      lateUtc14: '2025-03-14T23:30:00Z', // NY 19:30 on the 14th, Tokyo 08:30 on the 15th
      earlyUtc15: '2025-03-15T00:30:00Z', // NY 20:30 on the 14th
      nyBeforeMidnight: '2025-03-15T03:59:59Z', // NY 23:59:59 on the 14th
      nyAfterMidnight: '2025-03-15T04:00:00Z', // NY 00:00:00 on the 15th
    } as const;
    for (const [name, iso] of Object.entries(times)) {
      [ids[name]] = await seedImages(t.app, ada.id, [{ createdAt: at(iso) }], 1);
    }
    // Not counted: failed, processing, deleted images; another user's images.
    await seedImages(t.app, ada.id, [
      { createdAt: at('2025-03-15T12:00:00Z'), status: 'FAILED' },
      { createdAt: at('2025-03-15T12:00:00Z'), status: 'PROCESSING' },
      { createdAt: at('2025-03-15T12:00:00Z'), deleted: true },
    ]);
    await seedImages(t.app, bob.id, [{ createdAt: at('2025-03-15T12:00:00Z') }]);
  });
  afterAll(() => t.close());

  const days = async (user: ImagesTestUser, query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/gallery/days?${query}`, headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as GalleryDaysResponse;
  };
  const range = async (user: ImagesTestUser, query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/gallery/images?${query}`, headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as GalleryImagesResponse;
  };

  it('groups by the UTC day in UTC', async () => {
    const body = await days(ada, 'tz=UTC');
    expect(body).toMatchObject({ mode: 'organize', timeZone: 'UTC', unit: 'image', total: 4 });
    expect(body.days).toEqual([
      { date: '2025-03-15', count: 3 },
      { date: '2025-03-14', count: 1 },
    ]);
  });

  it('moves images made before local midnight to the previous day in New York', async () => {
    const body = await days(ada, 'tz=America/New_York');
    expect(body.days).toEqual([
      { date: '2025-03-15', count: 1 },
      { date: '2025-03-14', count: 3 },
    ]);
  });

  it('moves late UTC evenings to the next day in Tokyo', async () => {
    const body = await days(ada, `tz=${encodeURIComponent('Asia/Tokyo')}`);
    expect(body.days).toEqual([{ date: '2025-03-15', count: 4 }]);
  });

  it('handles a zone with a 45-minute offset (Kathmandu, UTC+5:45)', async () => {
    const [before, after] = await seedImages(t.app, bob.id, [{ createdAt: at('2025-01-10T18:14:59Z') }, { createdAt: at('2025-01-10T18:15:00Z') }], 1);
    const body = await days(bob, 'tz=Asia/Kathmandu');
    expect(body.days).toEqual(
      expect.arrayContaining([
        { date: '2025-01-11', count: 1 },
        { date: '2025-01-10', count: 1 },
      ]),
    );
    const jan11 = await range(bob, 'tz=Asia/Kathmandu&from=2025-01-11&to=2025-01-11');
    expect(jan11.images.map((i) => i.id)).toEqual([after]);
    const jan10 = await range(bob, 'tz=Asia/Kathmandu&from=2025-01-10&to=2025-01-10');
    expect(jan10.images.map((i) => i.id)).toEqual([before]);
  });

  it('answers each day’s range with exactly the images of its bucket, newest first', async () => {
    const ny14 = await range(ada, 'tz=America/New_York&from=2025-03-14&to=2025-03-14');
    expect(ny14.images.map((i) => i.id)).toEqual([ids.nyBeforeMidnight, ids.earlyUtc15, ids.lateUtc14]);
    expect(ny14.pagination).toMatchObject({ page: 1, total: 3, totalPages: 1 });
    const ny15 = await range(ada, 'tz=America/New_York&from=2025-03-15&to=2025-03-15');
    expect(ny15.images.map((i) => i.id)).toEqual([ids.nyAfterMidnight]);
    const utc = await range(ada, 'tz=UTC&from=2025-03-14&to=2025-03-14');
    expect(utc.images.map((i) => i.id)).toEqual([ids.lateUtc14]);
    const both = await range(ada, 'tz=America/New_York&from=2025-03-14&to=2025-03-15');
    expect(both.images).toHaveLength(4);
  });

  it('accepts a time zone in any letter case and answers its canonical name', async () => {
    const body = await days(ada, 'tz=america/new_york');
    expect(body.timeZone).toBe('America/New_York');
  });

  it('refuses a missing, unknown or offset-style time zone with a 400 that names tz', async () => {
    for (const q of ['', 'tz=Mars/Olympus_Mons', 'tz=%2B01:00', 'tz=UTC%3BDROP', `tz=${'A'.repeat(80)}`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/gallery/days?${q}`, headers: ada.headers });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toMatch(/tz/);
    }
  });

  it('refuses bad dates and a reversed range', async () => {
    for (const q of ['from=2025-02-30&to=2025-03-01', 'from=2025-3-1&to=2025-03-01', 'from=2025-03-02&to=2025-03-01']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/gallery/images?tz=UTC&${q}`, headers: ada.headers });
      expect(res.statusCode, q).toBe(400);
    }
  });

  it('counts batches per day in the batch modes and REFINE images in refine mode', async () => {
    const carol = await createImagesUser(t.app, 'Carol');
    await seedImages(t.app, carol.id, [
      { createdAt: at('2025-04-01T10:00:00Z') },
      { createdAt: at('2025-04-01T10:00:00Z') },
    ], 2);
    await seedImages(t.app, carol.id, [{ createdAt: at('2025-04-01T11:00:00Z'), status: 'FAILED' }], 1);
    await seedImages(t.app, carol.id, [{ createdAt: at('2025-04-02T09:00:00Z'), moduleType: 'TWEAK' }], 1);
    await seedImages(t.app, carol.id, [{ createdAt: at('2025-04-03T09:00:00Z'), moduleType: 'REFINE' }], 1);

    const create = await days(carol, 'tz=UTC&mode=create');
    // The batch whose only image failed is not listed.
    expect(create).toMatchObject({ unit: 'batch', total: 1, days: [{ date: '2025-04-01', count: 1 }] });
    const tweak = await days(carol, 'tz=UTC&mode=tweak');
    expect(tweak.days).toEqual([{ date: '2025-04-02', count: 1 }]);
    const refine = await days(carol, 'tz=UTC&mode=refine');
    expect(refine).toMatchObject({ unit: 'image', days: [{ date: '2025-04-03', count: 1 }] });
    const organize = await days(carol, 'tz=UTC');
    expect(organize.total).toBe(4);

    const res = await t.app.inject({ method: 'GET', url: '/api/gallery/batches?mode=create&tz=UTC&from=2025-04-01&to=2025-04-30', headers: carol.headers });
    expect(res.statusCode).toBe(200);
    const { batches } = res.json();
    expect(batches).toHaveLength(1);
    expect(batches[0]).toMatchObject({ moduleType: 'CREATE', totalVariations: 2, prompt: expect.any(String) });
    expect(batches[0].images.map((i: { variationNumber: number }) => i.variationNumber)).toEqual([1, 2]);
    expect(batches[0].images[0].thumbnailUrl).toMatch(/^\/api\/files\/.+thumb\.webp\?exp=\d+&sig=[0-9a-f]{64}$/);
  });

  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/gallery/days?tz=UTC' });
    expect(res.statusCode).toBe(401);
  });
});
