import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GalleryBatchesResponse, GalleryDaysResponse, GalleryImagesResponse } from '@atelier/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { createImagesUser, type ImagesTestUser } from '../images/images.test-helpers.js';
import { seedImages, spreadTimes } from './gallery.test-helpers.js';
import { analyzeIfStale } from './statistics.js';

// 5,000 completed images over about four months, read the way the web reads them: the day
// buckets first, then month ranges page by page. Nothing is loaded whole.

const TOTAL = 5000;
const TZ = 'Europe/Paris';

describe('gallery buckets and ranges with 5,000 images', () => {
  let t: TestApp;
  let ada: ImagesTestUser;
  let seeded: number[];

  beforeAll(async () => {
    t = await createTestApp();
    ada = await createImagesUser(t.app, 'Ada');
    seeded = await seedImages(
      t.app,
      ada.id,
      spreadTimes(TOTAL, 120).map((createdAt) => ({ createdAt })),
    );
    // Someone else's images in the same table.
    const bob = await createImagesUser(t.app, 'Bob');
    await seedImages(t.app, bob.id, spreadTimes(300, 120).map((createdAt) => ({ createdAt })));
    // What autovacuum (PostgreSQL) or the module's statistics keeper (PGlite) does after a bulk load.
    await analyzeIfStale(t.app.ctx.database);
  }, 120_000);
  afterAll(() => t.close());

  const get = async <T>(url: string): Promise<T> => {
    const res = await t.app.inject({ method: 'GET', url, headers: ada.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };

  it('answers day buckets whose counts add up to every image, newest day first', async () => {
    const body = await get<GalleryDaysResponse>(`/api/gallery/days?tz=${TZ}`);
    expect(body.total).toBe(TOTAL);
    expect(body.days.reduce((s, d) => s + d.count, 0)).toBe(TOTAL);
    expect(body.days.length).toBeGreaterThanOrEqual(119);
    const dates = body.days.map((d) => d.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(new Set(dates).size).toBe(dates.length);
  });

  it('pages through every month without overlap or gaps, each day matching its bucket', async () => {
    const { days } = await get<GalleryDaysResponse>(`/api/gallery/days?tz=${TZ}`);
    const months = [...new Set(days.map((d) => d.date.slice(0, 7)))];
    const seen = new Set<number>();
    const perDay = new Map<string, number>();
    const dayOf = new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' });
    let previous = Infinity;
    for (const month of months) {
      const [y, m] = month.split('-').map(Number);
      const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
      const monthTotal = days.filter((d) => d.date.startsWith(month)).reduce((s, d) => s + d.count, 0);
      for (let page = 1; ; page++) {
        const body = await get<GalleryImagesResponse>(
          `/api/gallery/images?tz=${TZ}&from=${month}-01&to=${month}-${String(last).padStart(2, '0')}&page=${page}&limit=100`,
        );
        expect(body.pagination.total).toBe(monthTotal);
        expect(body.images.length).toBeLessThanOrEqual(100);
        for (const img of body.images) {
          expect(seen.has(img.id), `image ${img.id} on two pages`).toBe(false);
          seen.add(img.id);
          const time = Date.parse(img.createdAt);
          expect(time).toBeLessThanOrEqual(previous);
          previous = time;
          const day = dayOf.format(new Date(time));
          perDay.set(day, (perDay.get(day) ?? 0) + 1);
          expect(img.thumbnailUrl).toMatch(/thumb\.webp\?/);
        }
        if (page >= body.pagination.totalPages) break;
      }
    }
    expect(seen.size).toBe(TOTAL);
    expect([...seen].sort((a, b) => a - b)).toEqual([...seeded].sort((a, b) => a - b));
    for (const d of days) expect(perDay.get(d.date), d.date).toBe(d.count);
  }, 120_000);

  it('keeps planner statistics like autovacuum: tables analyzed after a bulk load, then left alone until they change', async () => {
    const { rows } = await t.app.ctx.database.query(
      `SELECT relname, reltuples::float8 AS n FROM pg_class WHERE relname IN ('generated_images', 'batches') ORDER BY relname`,
    );
    expect(rows.map((r) => [r.relname, Number(r.n) > 0])).toEqual([
      ['batches', true],
      ['generated_images', true],
    ]);
    // On PGlite (one backend, where the keeper runs) the counters are exact; PostgreSQL's other
    // backends flush theirs up to a second later, and autovacuum looks after it there anyway.
    // Counters of the bulk load may be flushed just after the first ANALYZE, so allow it to
    // settle (at most a few rounds); once current, the keeper leaves the tables alone.
    if (t.app.ctx.database.kind === 'pglite') {
      let analyzed = await analyzeIfStale(t.app.ctx.database);
      for (let round = 0; analyzed.length > 0 && round < 3; round++) analyzed = await analyzeIfStale(t.app.ctx.database);
      expect(analyzed).toEqual([]);
      expect(await analyzeIfStale(t.app.ctx.database)).toEqual([]);
    }
  });

  it('caps a page at 100 images', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/gallery/images?tz=${TZ}&from=2025-01-01&to=2025-12-31&limit=5000`,
      headers: ada.headers,
    });
    expect(res.statusCode).toBe(400);
    const body = await get<GalleryImagesResponse>(`/api/gallery/images?tz=${TZ}&from=2025-01-01&to=2025-12-31`);
    expect(body.images).toHaveLength(100);
    expect(body.pagination).toMatchObject({ total: TOTAL, totalPages: 50 });
  });

  it('pages the batches of the create mode without overlap', async () => {
    const { days, total } = await get<GalleryDaysResponse>(`/api/gallery/days?tz=${TZ}&mode=create`);
    expect(total).toBe(TOTAL / 4);
    expect(days.reduce((s, d) => s + d.count, 0)).toBe(TOTAL / 4);
    const seen = new Set<number>();
    let images = 0;
    for (let page = 1; ; page++) {
      const body = await get<GalleryBatchesResponse>(`/api/gallery/batches?mode=create&tz=${TZ}&from=2024-01-01&to=2026-12-31&page=${page}&limit=100`);
      for (const b of body.batches) {
        expect(seen.has(b.id)).toBe(false);
        seen.add(b.id);
        images += b.images.length;
      }
      if (page >= body.pagination.totalPages) break;
    }
    expect(seen.size).toBe(TOTAL / 4);
    expect(images).toBe(TOTAL);
  }, 60_000);
});
