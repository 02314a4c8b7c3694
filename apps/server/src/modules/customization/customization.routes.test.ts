import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customizationOptionsResponseSchema, MATERIAL_CATEGORIES, type CustomizationOption, type CustomizationOptionsResponse } from '@atelier/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { users } from '../../db/schema/index.js';
import { CATALOG } from './catalog.js';

describe('customization catalog', () => {
  let t: TestApp;
  let token: string;
  let options: CustomizationOptionsResponse;

  beforeAll(async () => {
    t = await createTestApp();
    const [row] = await t.app.ctx.db.insert(users).values({ email: 'catalog@studio-example.com', fullName: 'Catalog Reader' }).returning({ id: users.id });
    token = await t.app.ctx.tokens.sign(row.id);
    const res = await t.app.inject({ method: 'GET', url: '/api/customization/options', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    options = customizationOptionsResponseSchema.parse(res.json());
  });
  afterAll(() => t.close());

  const section = (group: 'photorealistic' | 'art', key: string) => options[group].find((s) => s.key === key)!;
  const all = (): CustomizationOption[] =>
    [...options.photorealistic, ...options.art].flatMap((s) => [...s.options, ...s.subcategories.flatMap((c) => c.options)]);

  it('requires a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/customization/options' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const bad = await t.app.inject({ method: 'GET', url: '/api/customization/options', headers: { authorization: 'Bearer nope' } });
    expect(bad.statusCode).toBe(401);
  });

  it('is cacheable: an ETag, and 304 when it matches', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/customization/options', headers: { authorization: `Bearer ${token}` } });
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    const etag = res.headers.etag as string;
    expect(etag).toContain(options.version);
    const again = await t.app.inject({ method: 'GET', url: '/api/customization/options', headers: { authorization: `Bearer ${token}`, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it('has the photorealistic and art sections in the spec order', () => {
    expect(options.photorealistic.map((s) => s.key)).toEqual(['type', 'walls', 'floors', 'context', 'style', 'weather', 'lighting']);
    expect(options.art.map((s) => s.key)).toEqual(['illustration', 'pen_and_ink', 'aquarelle', 'linocut', 'collage', 'fine_black_pen', 'minimalist', 'avantgarde']);
    for (const s of options.art) expect(s.options.length, s.key).toBeGreaterThanOrEqual(3);
  });

  it('offers enough choice in each section', () => {
    expect(section('photorealistic', 'type').options.length).toBeGreaterThanOrEqual(10);
    expect(section('photorealistic', 'style').options.length).toBeGreaterThanOrEqual(10);
    expect(section('photorealistic', 'weather').options.length).toBeGreaterThanOrEqual(11);
    expect(section('photorealistic', 'lighting').options.length).toBeGreaterThanOrEqual(8);
    const materials = ['walls', 'floors', 'context'].flatMap((k) => section('photorealistic', k).subcategories.flatMap((c) => c.options));
    expect(materials.length).toBeGreaterThanOrEqual(150);
  });

  it('groups walls, floors and context by material category', () => {
    for (const key of ['walls', 'floors', 'context']) {
      const s = section('photorealistic', key);
      expect(s.grouped).toBe(true);
      expect(s.options).toEqual([]);
      for (const c of s.subcategories) {
        expect(MATERIAL_CATEGORIES).toContain(c.slug);
        expect(c.id).toBe(`${key}-${c.slug}`);
        expect(c.displayName.length).toBeGreaterThan(0);
        expect(c.options.length).toBeGreaterThan(0);
        for (const o of c.options) expect(o.subCategory).toBe(c.slug);
      }
    }
    const walls = section('photorealistic', 'walls').subcategories.map((c) => c.slug);
    expect(walls).toEqual(['brick', 'ceramics', 'concrete', 'glass', 'marble', 'metal', 'plaster', 'steel', 'stone', 'terrazzo', 'wood']);
    expect(section('photorealistic', 'context').subcategories.map((c) => c.slug)).toEqual(['exterior', 'cityscape']);
  });

  it('gives every option a unique id, a name, a display name and thumbnail URLs', () => {
    const list = all();
    expect(list.length).toBe(CATALOG.length);
    expect(new Set(list.map((o) => o.id)).size).toBe(list.length);
    for (const o of list) {
      expect(o.name.length).toBeGreaterThan(0);
      expect(o.displayName.length).toBeGreaterThan(0);
      expect(o.thumbnailUrl).toBe(`/api/customization/swatches/${o.id}.webp?v=${options.version}`);
      expect(o.imageUrl).toBe(`/api/customization/swatches/${o.id}.large.webp?v=${options.version}`);
    }
  });

  it(
    'serves every thumbnail as a real, non-blank 256 px WEBP, publicly and cached for a year',
    async () => {
      const list = all();
      const results = await Promise.all(
        list.map(async (o) => {
          const res = await t.app.inject({ method: 'GET', url: o.thumbnailUrl });
          return { o, res };
        }),
      );
      for (const { o, res } of results) {
        expect(res.statusCode, o.id).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toContain('max-age=31536000');
        const img = sharp(res.rawPayload);
        const meta = await img.metadata();
        expect(meta.format).toBe('webp');
        expect([meta.width, meta.height]).toEqual([256, 256]);
        const st = await img.stats();
        const spread = Math.max(...st.channels.slice(0, 3).map((c) => c.stdev));
        expect(spread, o.id).toBeGreaterThan(2);
      }
      // Options of one material family still look different from each other.
      const brick = results.filter((r) => r.o.id.startsWith('walls-brick-')).slice(0, 2);
      expect(brick[0].res.rawPayload.equals(brick[1].res.rawPayload)).toBe(false);
    },
    240_000,
  );

  it('serves the large variant and answers 404 for an unknown swatch', async () => {
    const large = await t.app.inject({ method: 'GET', url: '/api/customization/swatches/walls-brick-red-running-bond.large.webp' });
    expect(large.statusCode).toBe(200);
    expect((await sharp(large.rawPayload).metadata()).width).toBe(640);
    const missing = await t.app.inject({ method: 'GET', url: '/api/customization/swatches/walls-brick-unobtainium.webp' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
    const odd = await t.app.inject({ method: 'GET', url: '/api/customization/swatches/..%2F..%2Fetc%2Fpasswd' });
    expect(odd.statusCode).toBe(404);
  });

  it('keeps drawn thumbnails on disk so a restart does not redraw them', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/customization/swatches/floors-wood-oak-planks.webp' });
    expect(res.statusCode).toBe(200);
    const fs = await import('node:fs');
    const path = await import('node:path');
    const file = path.join(t.dataDir, 'cache', 'swatches', options.version, 'floors-wood-oak-planks.webp');
    expect(fs.existsSync(file)).toBe(true);
    expect(fs.readFileSync(file).equals(res.rawPayload)).toBe(true);
  });
});
