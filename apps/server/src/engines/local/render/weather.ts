import { kelvinGains, type Rgb3 } from '../pixels/color.js';
import { blurPlane, blurRgb, sobel } from '../pixels/filters.js';
import { cloneRgb, luminance, newPlane, newRgb, resizePlane, resizeRgb, sampleRgb, samplePlane, smoothstep, type Plane, type Rgb } from '../pixels/image.js';
import { fbm, perlin } from '../pixels/noise.js';
import { hash2, mulberry32 } from '../pixels/prng.js';
import type { SceneAnalysis } from './analysis.js';
import type { Look } from './looks.js';

/**
 * Weather and night effects applied after grading: atmospheric haze and fog by depth, wet
 * ground with reflections, snow on the ground and on upper edges, falling rain and snow,
 * lightning, window glow and street lights.
 */

/** A smooth noise field evaluated on a coarse grid (u, v in 0..1), for cheap sampling. */
function lowResField(w: number, h: number, f: (u: number, v: number) => number): Plane & { sx: number; sy: number } {
  const fw = Math.max(2, Math.ceil(w / 4));
  const fh = Math.max(2, Math.ceil(h / 4));
  const p = newPlane(fw, fh);
  for (let y = 0; y < fh; y++) for (let x = 0; x < fw; x++) p.d[y * fw + x] = f(x / (fw - 1), y / (fh - 1));
  return Object.assign(p, { sx: (fw - 1) / Math.max(1, w - 1), sy: (fh - 1) / Math.max(1, h - 1) });
}

/** With a depth pass (metres, NaN where no surface), haze and fog grow with each pixel's distance instead. */
const HAZE_M = 300;
const FOG_M = 40;

/** Haze grows toward the horizon line; fog adds a patchy veil everywhere and softens. */
export function atmosphere(img: Rgb, look: Look, a: SceneAnalysis, seed: number, depth: Float32Array | null = null): void {
  if (look.haze < 0.01 && look.fog < 0.01) return;
  const { w, h, d } = img;
  const hz = a.sky.horizonY;
  const soft = look.fog > 0.05 ? blurRgb(img, Math.max(w, h) / 220) : null;
  const hc = look.hazeColor;
  const patches = lowResField(w, h, (u, v) => fbm(u * 3, v * 5, seed ^ 0xf09, 3));
  for (let y = 0; y < h; y++) {
    const profile = 1 - smoothstep(0, h * 0.7, Math.abs(y - hz));
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const j = i * 3;
      const sky = a.sky.mask.d[i];
      const z = depth ? depth[i] : NaN;
      const far = Number.isFinite(z);
      let k = look.haze * (far ? 1 - Math.exp(-z / HAZE_M) : 0.25 + 0.75 * profile) * (1 - sky * 0.5);
      if (look.fog > 0) {
        const patch = 0.75 + 0.35 * samplePlane(patches, x * patches.sx, y * patches.sy);
        const f = look.fog * patch * (far ? 1 - Math.exp(-z / FOG_M) : 0.55 + 0.45 * profile) * (1 - sky * 0.3);
        if (soft) {
          const sb = f * 0.8;
          d[j] += (soft.d[j] - d[j]) * sb;
          d[j + 1] += (soft.d[j + 1] - d[j + 1]) * sb;
          d[j + 2] += (soft.d[j + 2] - d[j + 2]) * sb;
        }
        k = Math.min(0.92, k + f * 0.85);
      }
      d[j] += (hc[0] - d[j]) * k;
      d[j + 1] += (hc[1] - d[j + 1]) * k;
      d[j + 2] += (hc[2] - d[j + 2]) * k;
    }
  }
}

/** Wet ground: darker, more saturated, with broken mirror reflections of what stands on it. */
export function wetGround(img: Rgb, look: Look, a: SceneAnalysis, seed: number): void {
  if (look.wet < 0.01 || !a.hasGround) return;
  const { w, h, d } = img;
  const src = cloneRgb(img);
  const tmp = [0, 0, 0];
  const puddles = lowResField(w, h, (u, v) => fbm(u * 7, v * 22, seed ^ 0x77, 4));
  for (let x = 0; x < w; x++) {
    const top = a.groundTop[x];
    if (top >= h) continue;
    for (let y = top; y < h; y++) {
      const i = y * w + x;
      const g = a.ground.d[i];
      if (g <= 0.01) continue;
      const j = i * 3;
      const puddle = smoothstep(0.0, 0.25, samplePlane(puddles, x * puddles.sx, y * puddles.sy) + 0.05);
      const dist = (y - top) / Math.max(1, h - top);
      const refl = look.wet * g * (0.18 + 0.5 * puddle) * (1 - dist * 0.6);
      const dark = 1 - 0.32 * look.wet * g;
      const ry = 2 * top - y - 1;
      let rr = d[j] * dark;
      let rg = d[j + 1] * dark;
      let rb = d[j + 2] * dark;
      if (ry >= 0) {
        // Ripples shift the reflection sideways a little.
        const rx = x + perlin(x * 0.05, y * 0.3, seed) * 3;
        sampleRgb(src, rx, ry, tmp);
        rr += (tmp[0] - rr) * refl;
        rg += (tmp[1] - rg) * refl;
        rb += (tmp[2] - rb) * refl;
      }
      d[j] = rr;
      d[j + 1] = rg;
      d[j + 2] = rb;
    }
  }
}

/** Snow on the ground, along the skyline (roof tops) and on horizontal ledges. */
export function snowCover(img: Rgb, look: Look, a: SceneAnalysis, seed: number): void {
  if (look.snowCover < 0.01) return;
  const { w, h, d } = img;
  const amt = look.snowCover;
  const scale = Math.max(w, h) / 1000;
  const white: Rgb3 = [0.93 * Math.min(1.1, look.exposure), 0.95 * Math.min(1.1, look.exposure), 0.99 * Math.min(1.1, look.exposure)];
  const lum = luminance(img);
  const cover = newPlane(w, h);
  // Ground.
  if (a.hasGround) {
    for (let i = 0; i < w * h; i++) {
      const g = a.ground.d[i];
      if (g <= 0.01) continue;
      const x = i % w;
      const y = (i - x) / w;
      const n = fbm((x / w) * 9, (y / h) * 18, seed ^ 0x5a, 4);
      cover.d[i] = Math.max(cover.d[i], g * smoothstep(-0.35, 0.1, n + amt * 0.5 - 0.3) * Math.min(1, amt * 1.3));
    }
  }
  // Caps below the sky line: a few pixels of snow where the sky ends going down.
  const sky = a.sky.mask.d;
  for (let x = 0; x < w; x++) {
    let run = 1e9;
    const thick = (3 + 5 * (0.5 + 0.5 * perlin(x * 0.03, 0.5, seed))) * scale * (0.5 + amt * 0.7);
    for (let y = 0; y < h; y++) {
      const i = y * w + x;
      if (sky[i] > 0.5) {
        run = 0;
        continue;
      }
      run++;
      if (run <= thick) cover.d[i] = Math.max(cover.d[i], smoothstep(thick, thick * 0.5, run) * amt);
    }
  }
  // Ledges: strong horizontal edges get a thin line of snow just below them.
  const g = sobel(blurPlane(lum, 0.8));
  const t = 0.05;
  for (let y = 1; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const gy = Math.abs(g.gy.d[i]);
      if (gy < t || gy < Math.abs(g.gx.d[i]) * 2.5 || sky[i] > 0.3) continue;
      const n = 0.5 + 0.5 * perlin(x * 0.08, y * 0.08, seed ^ 0x3);
      if (n < 0.35) continue;
      const depth = Math.round((1 + 2.5 * n) * scale);
      for (let k = 0; k <= depth && y + k < h; k++) {
        const j = i + k * w;
        cover.d[j] = Math.max(cover.d[j], amt * 0.85 * smoothstep(0.35, 0.6, n) * (1 - k / (depth + 1)));
      }
    }
  }
  const soft = blurPlane(cover, 0.7 * scale);
  for (let i = 0; i < w * h; i++) {
    const c = soft.d[i];
    if (c <= 0.005) continue;
    const j = i * 3;
    const shade = 0.8 + 0.25 * Math.min(1, lum.d[i] * 1.6);
    d[j] += (white[0] * shade - d[j]) * c;
    d[j + 1] += (white[1] * shade - d[j + 1]) * c;
    d[j + 2] += (white[2] * shade - d[j + 2]) * c;
  }
}

/** Falling snow: soft flakes, bigger and blurrier when near. */
export function snowfall(img: Rgb, look: Look, seed: number): void {
  if (look.snow < 0.01) return;
  const { w, h, d } = img;
  const rng = mulberry32(seed ^ 0x5eed);
  const scale = Math.max(w, h) / 1000;
  const count = Math.round((look.snow * w * h) / 260);
  for (let k = 0; k < count; k++) {
    const x = rng() * w;
    const y = rng() * h;
    const near = Math.pow(rng(), 3);
    const r = Math.max(0.7, (0.7 + near * 3.2) * scale);
    const op = (0.55 + rng() * 0.4) * (near > 0.6 ? 0.7 : 1);
    const R = Math.ceil(r + 1);
    for (let yy = Math.max(0, Math.floor(y - R)); yy <= Math.min(h - 1, Math.ceil(y + R)); yy++)
      for (let xx = Math.max(0, Math.floor(x - R)); xx <= Math.min(w - 1, Math.ceil(x + R)); xx++) {
        const dist = Math.hypot(xx + 0.5 - x, yy + 0.5 - y);
        const a = op * smoothstep(r, r * (near > 0.5 ? 0.2 : 0.6), dist);
        if (a <= 0) continue;
        const j = (yy * w + xx) * 3;
        d[j] += (0.96 - d[j]) * a;
        d[j + 1] += (0.97 - d[j + 1]) * a;
        d[j + 2] += (1.0 - d[j + 2]) * a;
      }
  }
}

/** Rain: thin slanted streaks in two depths, brighter over dark backgrounds. */
export function rainfall(img: Rgb, look: Look, seed: number): void {
  if (look.rain < 0.01) return;
  const { w, h, d } = img;
  const rng = mulberry32(seed ^ 0x4a1);
  const scale = Math.max(w, h) / 1000;
  const angle = 0.12 + rng() * 0.12;
  const dx = Math.sin(angle);
  const dy = Math.cos(angle);
  const count = Math.round((look.rain * w * h) / 380);
  for (let k = 0; k < count; k++) {
    const near = rng() < 0.2;
    const len = (near ? 30 + rng() * 40 : 10 + rng() * 18) * scale;
    const op = (near ? 0.14 : 0.09) + rng() * 0.1;
    const x0 = rng() * (w + len * dx) - len * dx;
    const y0 = rng() * (h + len) - len;
    const steps = Math.ceil(len);
    for (let s = 0; s < steps; s++) {
      const px = x0 + dx * s;
      const py = y0 + dy * s;
      const xi = Math.floor(px);
      const yi = Math.floor(py);
      if (xi < 0 || yi < 0 || xi >= w - 1 || yi >= h) continue;
      const fx = px - xi;
      const fade = Math.sin((s / steps) * Math.PI);
      for (let q = 0; q < 2; q++) {
        const j = (yi * w + xi + q) * 3;
        const a = op * fade * (q === 0 ? 1 - fx : fx) * (near ? 1 : 0.8);
        d[j] += (0.86 - d[j]) * a;
        d[j + 1] += (0.89 - d[j + 1]) * a;
        d[j + 2] += (0.94 - d[j + 2]) * a;
      }
    }
  }
}

/** A forked lightning bolt in the sky with a glow and a brightening flash. */
export function lightning(img: Rgb, look: Look, a: SceneAnalysis, seed: number): void {
  if (!look.lightning || a.sky.coverage < 0.05) return;
  const { w, h, d } = img;
  const rng = mulberry32(seed ^ 0x1157);
  const bolt = newPlane(w, h);
  const scale = Math.max(w, h) / 1000;
  const draw = (x: number, y: number, len: number, width: number, depth: number) => {
    const segs = Math.ceil(len / (8 * scale));
    for (let s = 0; s < segs && y < a.sky.horizonY; s++) {
      const nx = x + (rng() - 0.5) * 14 * scale;
      const ny = y + (4 + rng() * 9) * scale;
      const steps = Math.ceil(Math.hypot(nx - x, ny - y) * 2);
      for (let t = 0; t <= steps; t++) {
        const px = Math.round(x + ((nx - x) * t) / steps);
        const py = Math.round(y + ((ny - y) * t) / steps);
        for (let o = -Math.floor(width); o <= Math.floor(width); o++) {
          const xx = px + o;
          if (xx < 0 || xx >= w || py < 0 || py >= h) continue;
          bolt.d[py * w + xx] = Math.max(bolt.d[py * w + xx], 1 - Math.abs(o) / (width + 1));
        }
      }
      if (depth < 2 && rng() < 0.12) draw(nx, ny, len * 0.4, Math.max(0.5, width * 0.6), depth + 1);
      x = nx;
      y = ny;
    }
  };
  const x0 = w * (0.2 + rng() * 0.6);
  draw(x0, 0, a.sky.horizonY * 1.1, 1.2 * scale, 0);
  const glow = blurPlane(bolt, 10 * scale);
  const wide = blurPlane(bolt, 60 * scale);
  for (let i = 0; i < w * h; i++) {
    const m = a.sky.mask.d[i];
    if (m <= 0.01) continue;
    const k = Math.min(1, bolt.d[i] + glow.d[i] * 3 + wide.d[i] * 6) * m;
    if (k <= 0.001) continue;
    const j = i * 3;
    d[j] += (0.92 - d[j]) * k;
    d[j + 1] += (0.9 - d[j + 1]) * k;
    d[j + 2] += (1.0 - d[j + 2]) * k;
  }
}

/**
 * Night: each opening (window) is a connected blob; most light up warm, each with its own
 * colour temperature and brightness, some with a blind half down. Bright regions of the
 * input glow too, and the light spills onto the façade as bloom.
 */
export function windowGlow(img: Rgb, original: Rgb, look: Look, a: SceneAnalysis, seed: number): void {
  if (look.windowGlow < 0.01) return;
  const { w, h, d } = img;
  // Work at the analysis resolution; the emission is smooth enough to upsample.
  const sw = a.seg.w;
  const sh = a.seg.h;
  const n = sw * sh;
  const small = sw === w && sh === h;
  const sky = small ? a.sky.mask.d : resizePlane(a.sky.mask, sw, sh).d;
  const orig = small ? original : resizeRgb(original, sw, sh);
  const openingMask = a.openingMask;
  const comp = new Int32Array(n).fill(-1);
  const boxes: number[][] = [];
  const stack = new Int32Array(n);
  const open = (i: number) => openingMask[i] === 1;
  for (let s0 = 0; s0 < n; s0++) {
    if (comp[s0] >= 0 || !open(s0)) continue;
    const id = boxes.length;
    const box = [sw, sh, -1, -1, 0];
    let sp = 0;
    stack[sp++] = s0;
    comp[s0] = id;
    while (sp > 0) {
      const i = stack[--sp];
      const x = i % sw;
      const y = (i - x) / sw;
      if (x < box[0]) box[0] = x;
      if (y < box[1]) box[1] = y;
      if (x > box[2]) box[2] = x;
      if (y > box[3]) box[3] = y;
      box[4]++;
      for (let q = 0; q < 4; q++) {
        const j = q === 0 ? (x > 0 ? i - 1 : -1) : q === 1 ? (x < sw - 1 ? i + 1 : -1) : q === 2 ? (y > 0 ? i - sw : -1) : y < sh - 1 ? i + sw : -1;
        if (j < 0 || comp[j] >= 0 || !open(j)) continue;
        comp[j] = id;
        stack[sp++] = j;
      }
    }
    boxes.push(box);
  }
  const windows = boxes.map((b, id) => {
    const kelvin = hash2(id, 2, seed) < 0.8 ? 2500 + hash2(id, 3, seed) * 1000 : 4300;
    const g = kelvinGains(kelvin);
    const big = b[4] > n * 0.04;
    return {
      on: big || hash2(id, 1, seed) < 0.8,
      k: 0.7 + hash2(id, 4, seed) * 0.55,
      c: [g[0] * 1.05, g[1] * 0.92, g[2] * 0.8] as Rgb3,
      blind: hash2(id, 5, seed) < 0.3 ? 0.25 + hash2(id, 6, seed) * 0.4 : 0,
      box: b,
    };
  });
  const lum = luminance(orig);
  const localLum = blurPlane(lum, Math.max(sw, sh) / 80);
  let bright = 0.92;
  {
    const vals: number[] = [];
    for (let i = 0; i < n; i += 5) if (sky[i] < 0.5) vals.push(lum.d[i]);
    vals.sort((p, q) => p - q);
    if (vals.length) bright = Math.max(0.85, vals[Math.floor(vals.length * 0.98)]);
  }
  const emission = newRgb(sw, sh);
  const e3 = emission.d;
  for (let y = 0; y < sh; y++)
    for (let x = 0; x < sw; x++) {
      const i = y * sw + x;
      const c0 = comp[i];
      let e = 0;
      let c: Rgb3 = [1, 0.72, 0.42];
      if (c0 >= 0) {
        const win = windows[c0];
        if (!win.on) continue;
        const b = win.box;
        const ry = (y - b[1]) / Math.max(1, b[3] - b[1]);
        // Interior light: a soft falloff from the ceiling, a blind pulled part way down.
        e = win.k * (0.78 + 0.22 * ry) * (win.blind > 0 && ry < win.blind ? 0.45 : 1);
        e *= 0.9 + 0.1 * fbm(x * 0.05, y * 0.05, seed, 2);
        c = win.c;
      } else if (boxes.length === 0 && sky[i] < 0.5 && lum.d[i] >= bright && lum.d[i] - localLum.d[i] > 0.25) {
        // No windows found: the brightest compact spots (lamps, lit glazing) glow instead.
        e = 0.6 * smoothstep(bright, 1, lum.d[i]) + 0.2;
      }
      if (e <= 0) continue;
      e3[i * 3] = c[0] * e;
      e3[i * 3 + 1] = c[1] * e;
      e3[i * 3 + 2] = c[2] * e;
    }
  const bloomSmall = blurRgb(emission, Math.max(sw, sh) / 90);
  const emit = small ? emission : resizeRgb(emission, w, h);
  const bloom = small ? bloomSmall : resizeRgb(bloomSmall, w, h);
  const g = look.windowGlow;
  for (let i = 0; i < w * h; i++) {
    const j = i * 3;
    const er = emit.d[j];
    const eg = emit.d[j + 1];
    const eb = emit.d[j + 2];
    const m = Math.min(1, (er + eg + eb) / 1.5) * g;
    d[j] = d[j] * (1 - m * 0.85) + er * g * 0.95 + bloom.d[j] * g * 0.42 * (1 - m);
    d[j + 1] = d[j + 1] * (1 - m * 0.85) + eg * g * 0.95 + bloom.d[j + 1] * g * 0.42 * (1 - m);
    d[j + 2] = d[j + 2] * (1 - m * 0.85) + eb * g * 0.95 + bloom.d[j + 2] * g * 0.42 * (1 - m);
  }
}

/** Warm pools of street light at ground level, lighting the original albedo. */
export function streetLights(img: Rgb, original: Rgb, look: Look, a: SceneAnalysis, seed: number): void {
  if (look.streetLights < 0.01) return;
  const { w, h, d } = img;
  const rng = mulberry32(seed ^ 0x57);
  let base = 0;
  let cnt = 0;
  for (let x = 0; x < w; x++)
    if (a.groundTop[x] < h) {
      base += a.groundTop[x];
      cnt++;
    }
  const gy = cnt ? base / cnt : h * 0.85;
  const lamps: Array<[number, number]> = [];
  const nLamps = 3 + Math.floor(rng() * 3);
  for (let k = 0; k < nLamps; k++) lamps.push([((k + 0.3 + rng() * 0.4) / nLamps) * w, 0.7 + rng() * 0.5]);
  const sx = w * 0.09;
  const up = h * 0.14;
  const down = h * 0.18;
  const s = look.streetLights * 0.55;
  const col = new Float32Array(w);
  for (let x = 0; x < w; x++) for (const [lx, k] of lamps) col[x] += k * Math.exp(-(((x - lx) / sx) ** 2));
  for (let y = Math.max(0, Math.floor(gy - up * 2)); y < h; y++) {
    const vy = y < gy ? Math.exp(-(((gy - y) / up) ** 2)) : Math.exp(-((y - gy) / down));
    for (let x = 0; x < w; x++) {
      const e = col[x] * vy * s;
      if (e < 0.002) continue;
      const j = (y * w + x) * 3;
      d[j] += original.d[j] * e * 1.0;
      d[j + 1] += original.d[j + 1] * e * 0.72;
      d[j + 2] += original.d[j + 2] * e * 0.42;
    }
  }
}

/** Fine seeded film grain, so every variation has its own texture. */
export function grain(img: Rgb, amount: number, seed: number): void {
  const d = img.d;
  const n = img.w * img.h;
  for (let i = 0; i < n; i++) {
    const g = (hash2(i % img.w, (i / img.w) | 0, seed) - 0.5) * amount;
    const j = i * 3;
    d[j] += g;
    d[j + 1] += g;
    d[j + 2] += g;
  }
}
