import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { featherWidth, inpaintImage, outpaintImage } from './inpaint.js';
import { newPlane, rgbFromBytes, type Plane, type Rgb } from './pixels/image.js';
import { mulberry32 } from './pixels/prng.js';

/**
 * Content-aware fill on real image bytes: a staggered brick wall (mortar joints, a random tone
 * per brick, speckle) encoded as PNG by sharp and decoded again, with a hole cut into it.
 */
async function brickWall(w: number, h: number, seed = 11): Promise<Rgb> {
  const r = mulberry32(seed);
  const tones = Array.from({ length: 4096 }, () => r() * 0.12);
  const px = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const row = Math.floor(y / 12);
      const off = row % 2 ? 16 : 0;
      const mortar = y % 12 < 2 || (x + off) % 32 < 2;
      const tone = tones[(row * 97 + Math.floor((x + off) / 32)) % tones.length];
      const speck = (r() - 0.5) * 0.04;
      const c = mortar ? [0.8, 0.78, 0.74] : [0.52 + tone, 0.26 + tone * 0.5, 0.18];
      for (let k = 0; k < 3; k++) px[(y * w + x) * 3 + k] = Math.round(Math.min(1, Math.max(0, c[k] + speck)) * 255);
    }
  const png = await sharp(px, { raw: { width: w, height: h, channels: 3 } }).png().toBuffer();
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return rgbFromBytes(new Uint8Array(data), info.width, info.height);
}

function rectMask(w: number, h: number, x0: number, y0: number, x1: number, y1: number): Plane {
  const m = newPlane(w, h);
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) m.d[y * w + x] = 1;
  return m;
}

/** Mean absolute difference in 8-bit units over the pixels where `where` holds. */
function mae(a: Rgb, b: Rgb, where: (i: number) => boolean): number {
  let s = 0;
  let n = 0;
  for (let i = 0; i < a.w * a.h; i++) {
    if (!where(i)) continue;
    for (let c = 0; c < 3; c++) s += Math.abs(a.d[i * 3 + c] - b.d[i * 3 + c]);
    n += 3;
  }
  return (s / n) * 255;
}

describe('inpaintImage', () => {
  const W = 256;
  const H = 192;
  const hole = rectMask(W, H, 96, 70, 166, 126);
  const inHole = (i: number) => hole.d[i] > 0;

  it('continues the brick courses and joints into the hole instead of smearing it', async () => {
    const truth = await brickWall(W, H);
    const damaged = { w: W, h: H, d: truth.d.slice() };
    for (let i = 0; i < W * H; i++) if (inHole(i)) damaged.d.set([0.1, 0.6, 0.1], i * 3); // a green object
    const filled = inpaintImage(damaged, hole, { seed: 5 });
    // A flat fill with the wall's mean colour: what a smear tends to.
    const mean = [0, 0, 0];
    let n = 0;
    for (let i = 0; i < W * H; i++)
      if (!inHole(i)) {
        for (let c = 0; c < 3; c++) mean[c] += truth.d[i * 3 + c];
        n++;
      }
    const flat = { w: W, h: H, d: truth.d.slice() };
    for (let i = 0; i < W * H; i++) if (inHole(i)) flat.d.set(mean.map((v) => v / n), i * 3);
    const errFill = mae(filled, truth, inHole);
    const errFlat = mae(flat, truth, inHole);
    expect(errFill).toBeLessThan(errFlat * 0.2);
    // Every mortar course runs through the hole: joint rows stay light, brick rows dark.
    for (let y = 72; y < 124; y++) {
      let s = 0;
      for (let x = 100; x < 162; x++) s += filled.d[(y * W + x) * 3 + 2];
      if (y % 12 < 2) expect(s / 62, `joint row ${y}`).toBeGreaterThan(0.6);
      else expect(s / 62, `brick row ${y}`).toBeLessThan(0.3);
    }
  });

  it('leaves every pixel beyond the feather band exactly as it was', async () => {
    // At 1024 px, where a wide blend would reach into the neighbours of the hole.
    const BW = 1024;
    const BH = 768;
    const truth = await brickWall(BW, BH, 3);
    const x0 = 400;
    const y0 = 300;
    const filled = inpaintImage(truth, rectMask(BW, BH, x0, y0, x0 + 90, y0 + 70), { seed: 9 });
    const f = featherWidth(BW, BH);
    expect(f).toBe(3);
    let changed = 0;
    let changedInBand = 0;
    for (let i = 0; i < BW * BH; i++) {
      const x = i % BW;
      const y = (i - x) / BW;
      const gap = Math.max(x0 - x, x - (x0 + 89), y0 - y, y - (y0 + 69));
      const diff = [0, 1, 2].some((c) => filled.d[i * 3 + c] !== truth.d[i * 3 + c]);
      if (gap > f + 1 && diff) changed++;
      if (gap >= 1 && gap <= f && diff) changedInBand++;
    }
    expect(changed).toBe(0);
    // The band itself blends (the synthesis is not an exact copy everywhere).
    expect(changedInBand).toBeGreaterThan(0);
  });

  it('gives the same pixels for the same seed and other pixels for another seed', async () => {
    const img = await brickWall(W, H, 4);
    const a = inpaintImage(img, hole, { seed: 21 });
    const b = inpaintImage(img, hole, { seed: 21 });
    const c = inpaintImage(img, hole, { seed: 22 });
    expect(Buffer.from(a.d.buffer).equals(Buffer.from(b.d.buffer))).toBe(true);
    expect(Buffer.from(a.d.buffer).equals(Buffer.from(c.d.buffer))).toBe(false);
  });
});

describe('outpaintImage', () => {
  it('synthesises a textured band with no seam at the old border', async () => {
    const W = 200;
    const H = 150;
    const img = await brickWall(W, H, 8);
    const out = outpaintImage(img, { width: 260, height: H, offsetX: 0, offsetY: 0 }, 4);
    expect([out.w, out.h]).toEqual([260, H]);
    // Mean colour step between two neighbouring columns.
    const step = (x: number) => {
      let s = 0;
      for (let y = 0; y < H; y++) for (let c = 0; c < 3; c++) s += Math.abs(out.d[(y * 260 + x + 1) * 3 + c] - out.d[(y * 260 + x) * 3 + c]);
      return s / H;
    };
    let inside = 0;
    for (let x = 100; x < 196; x++) inside += step(x);
    inside /= 96;
    // Across the old border (and the band's first columns) vs between columns of the photo.
    let across = 0;
    for (let x = W - 4; x < W + 4; x++) across += step(x);
    across /= 8;
    expect(across).toBeLessThan(inside * 1.5);
    // The new band has the wall's texture, not a flat extension of its last column.
    let bandVar = 0;
    for (let x = W + 10; x < 250; x++) bandVar += step(x);
    expect(bandVar / 40).toBeGreaterThan(inside * 0.5);
    // The photo itself is kept.
    const f = featherWidth(260, H);
    let diff = 0;
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W - f - 1; x++) for (let c = 0; c < 3; c++) diff += Math.abs(out.d[(y * 260 + x) * 3 + c] - img.d[(y * W + x) * 3 + c]);
    expect(diff).toBe(0);
  });
});
