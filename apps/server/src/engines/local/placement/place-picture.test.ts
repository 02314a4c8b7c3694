import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { featherAlpha, fitInside, placePicture } from './place-picture.js';

/** A flat grey photo and a flat red portrait picture (1 : 2), as real PNG bytes. */
const W = 640;
const H = 420;
const GREY = 128;
const photo = () => sharp({ create: { width: W, height: H, channels: 3, background: { r: GREY, g: GREY, b: GREY } } }).png().toBuffer();
const portrait = () => sharp({ create: { width: 120, height: 240, channels: 3, background: { r: 230, g: 20, b: 20 } } }).png().toBuffer();

async function pixels(jpeg: Buffer) {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  return (x: number, y: number) => {
    const i = (Math.round(y) * info.width + Math.round(x)) * info.channels;
    return { r: data[i], g: data[i + 1], b: data[i + 2] };
  };
}

/** A point given in the picture's own frame (u across, v down, from its centre), turned by `deg` clockwise about (cx, cy). */
const turned = (cx: number, cy: number, deg: number, u: number, v: number) => {
  const a = (deg * Math.PI) / 180;
  return { x: cx + u * Math.cos(a) - v * Math.sin(a), y: cy + u * Math.sin(a) + v * Math.cos(a) };
};

describe('placePicture (Add image compositing)', () => {
  it('keeps a portrait picture portrait in a square box, turns it about the box centre and blends its edges into the photo', async () => {
    // A 200 × 200 box at (220, 110): the 1 : 2 picture becomes 100 × 200 inside it, turned 30°.
    const out = await placePicture({ image: await photo(), overlay: await portrait(), position: { x: 220, y: 110 }, size: { width: 200, height: 200 }, rotation: 30 });
    expect([out.width, out.height]).toEqual([W, H]);
    const at = await pixels(out.image);
    const [cx, cy] = [320, 210];

    // Well inside the picture (in its own turned frame): fully red.
    for (const [u, v] of [[0, 0], [-35, -80], [35, 80], [30, -85]]) {
      const p = at(turned(cx, cy, 30, u, v).x, turned(cx, cy, 30, u, v).y);
      expect(p.r, `inside at ${u},${v}`).toBeGreaterThan(210);
      expect(p.g).toBeLessThan(40);
    }
    // Proportions kept: beside the 100 px wide picture, but inside the square box, the photo shows.
    for (const [u, v] of [[-75, 0], [75, 0], [-90, 40]]) {
      const p = turned(cx, cy, 30, u, v);
      expect(at(p.x, p.y), `beside at ${u},${v}`).toMatchObject({ r: expect.closeTo(GREY, -1), g: expect.closeTo(GREY, -1) });
    }
    // Turned, not upright: the upright picture's top-left corner area is photo, the turned one's is red.
    expect(at(cx - 45, cy - 95).r).toBeLessThan(160);
    // The edges blend: across the border the red fades into the grey over several pixels.
    const reds = [-50, -48, -46, -44, -42, -40].map((u) => at(turned(cx, cy, 30, u, 0).x, turned(cx, cy, 30, u, 0).y).r);
    // (The picture is lit like the photo around it, so its inside red is the reference, not 230.)
    const inside = at(cx, cy).r;
    const between = reds.filter((r) => r > GREY + 15 && r < inside - 10);
    expect(between.length, `red across the left edge: ${reds.join(', ')}`).toBeGreaterThanOrEqual(2);
    expect(reds[0]).toBeLessThan(reds[reds.length - 1]);
  });

  it('without rotation the picture is upright and centred in its box', async () => {
    const out = await placePicture({ image: await photo(), overlay: await portrait(), position: { x: 100, y: 100 }, size: { width: 300, height: 150 } });
    const at = await pixels(out.image);
    // 1 : 2 into 300 × 150 → 75 × 150, centred at (250, 175).
    expect(at(250, 175).r).toBeGreaterThan(210);
    expect(at(250 - 30, 175).r).toBeGreaterThan(210);
    expect(at(250 - 50, 175).r).toBeLessThan(GREY + 10);
    expect(at(120, 175).r).toBeLessThan(GREY + 10);
  });

  it('fits a picture inside its box with its own proportions', () => {
    expect(fitInside(120, 240, 200, 200)).toEqual({ width: 100, height: 200 });
    expect(fitInside(400, 100, 200, 200)).toEqual({ width: 200, height: 50 });
  });

  it('fades the alpha to nothing at the edges and leaves the inside opaque', () => {
    const w = 40;
    const h = 20;
    const rgba = new Uint8Array(w * h * 4).fill(255);
    featherAlpha(rgba, w, h, 6);
    const alpha = (x: number, y: number) => rgba[(y * w + x) * 4 + 3];
    expect(alpha(0, 10)).toBeLessThan(10);
    expect(alpha(2, 10)).toBeGreaterThan(alpha(0, 10));
    expect(alpha(2, 10)).toBeLessThan(255);
    expect(alpha(20, 10)).toBe(255);
    expect(alpha(39, 0)).toBeLessThan(10);
  });
});
