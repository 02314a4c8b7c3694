import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customizationOptionsResponseSchema, MATERIAL_CATEGORIES, type CustomizationOption, type CustomizationOptionsResponse } from '@atelier/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { users } from '../../db/schema/index.js';
import { renderCatalogThumbnail } from '../../engines/local/index.js';
import { CATALOG } from './catalog.js';
import { thumbnailSpec } from './customization.service.js';

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

  it('draws every option as a non-blank picture (small, so the whole catalog stays cheap to check)', async () => {
    // Drawing all 257 swatches at 256 px is ~30 s of CPU; the drawing code is the same at any
    // size, so every option is drawn at 48 px here and the route is checked at full size below.
    const drawn = await Promise.all(CATALOG.map(async (o) => ({ o, raw: await renderCatalogThumbnail(thumbnailSpec(o), 48) })));
    for (const { o, raw } of drawn) {
      expect([raw.width, raw.height], o.id).toEqual([48, 48]);
      const st = await sharp(Buffer.from(raw.data.buffer, raw.data.byteOffset, raw.data.length), { raw: { width: 48, height: 48, channels: 3 } }).stats();
      const spread = Math.max(...st.channels.map((c) => c.stdev));
      expect(spread, o.id).toBeGreaterThan(2);
    }
  }, 120_000);

  it('serves one thumbnail of every section and material category as a real, non-blank 256 px WEBP, publicly and cached for a year', async () => {
    const sections = [...options.photorealistic, ...options.art];
    const firsts = sections.flatMap((s) => (s.grouped ? s.subcategories.map((c) => c.options[0]) : [s.options[0]]));
    expect(firsts.length).toBeGreaterThanOrEqual(30);
    const brick = all().filter((o) => o.id.startsWith('walls-brick-')).slice(0, 2);
    const results = await Promise.all(
      [...firsts, brick[1]].map(async (o) => ({ o, res: await t.app.inject({ method: 'GET', url: o.thumbnailUrl }) })),
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
    const [first, second] = brick.map((b) => results.find((r) => r.o.id === b.id)!.res.rawPayload);
    expect(first.equals(second)).toBe(false);
  });

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
