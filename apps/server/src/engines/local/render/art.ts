import { hex, hsv, labToRgb, rgbToHsv, rgbToLab, type Rgb3 } from '../pixels/color.js';
import { blurPlane, blurRgb, sobel } from '../pixels/filters.js';
import { cloneRgb, luminance, newPlane, newRgb, sampleRgb, smoothstep, type Plane, type Rgb } from '../pixels/image.js';
import { fbm, newCellSample, perlin, valueNoise, worley } from '../pixels/noise.js';
import { hash2, mulberry32, type Rng } from '../pixels/prng.js';

/**
 * Non-photorealistic styles. Each is built from a few honest image operations: edge-aware
 * smoothing (domain transform), difference-of-gaussians ink lines, k-means colour
 * palettes, hatching and line screens, paper and pigment textures.
 */
export interface ArtOptions {
  variant: string;
  seed: number;
  /** 0..1: higher keeps more of the input's detail (resemblance). */
  detail: number;
  /** 0..1: line weight and texture strength (expressivity). */
  strength: number;
  /** Where the sky is (1 = sky): hatching styles leave it mostly as paper. */
  sky?: Plane;
}

export const ART_STYLES = ['illustration', 'pen_and_ink', 'aquarelle', 'linocut', 'collage', 'fine_black_pen', 'minimalist', 'avantgarde'] as const;

// ---------------------------------------------------------------------------------------
// Building blocks.

/** Edge-aware smoothing: the recursive-filter domain transform (Gastal & Oliveira 2011). */
export function domainTransform(img: Rgb, sigmaS: number, sigmaR: number, iterations = 3): Rgb {
  const { w, h } = img;
  const out = cloneRgb(img);
  const src = img.d;
  const dHdx = new Float32Array(w * h);
  const dVdy = new Float32Array(w * h);
  const ratio = sigmaS / sigmaR;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const j = i * 3;
      if (x > 0) {
        const k = j - 3;
        dHdx[i] = 1 + ratio * (Math.abs(src[j] - src[k]) + Math.abs(src[j + 1] - src[k + 1]) + Math.abs(src[j + 2] - src[k + 2]));
      } else dHdx[i] = 1;
      if (y > 0) {
        const k = j - w * 3;
        dVdy[i] = 1 + ratio * (Math.abs(src[j] - src[k]) + Math.abs(src[j + 1] - src[k + 1]) + Math.abs(src[j + 2] - src[k + 2]));
      } else dVdy[i] = 1;
    }
  const d = out.d;
  const V = new Float32Array(Math.max(w, h));
  for (let it = 0; it < iterations; it++) {
    const sigmaH = (sigmaS * Math.sqrt(3) * Math.pow(2, iterations - it - 1)) / Math.sqrt(Math.pow(4, iterations) - 1);
    const a = Math.exp(-Math.SQRT2 / sigmaH);
    // Horizontal.
    for (let y = 0; y < h; y++) {
      const row = y * w;
      for (let x = 0; x < w; x++) V[x] = Math.pow(a, dHdx[row + x]);
      for (let x = 1; x < w; x++) {
        const j = (row + x) * 3;
        const v = V[x];
        d[j] += v * (d[j - 3] - d[j]);
        d[j + 1] += v * (d[j - 2] - d[j + 1]);
        d[j + 2] += v * (d[j - 1] - d[j + 2]);
      }
      for (let x = w - 2; x >= 0; x--) {
        const j = (row + x) * 3;
        const v = V[x + 1];
        d[j] += v * (d[j + 3] - d[j]);
        d[j + 1] += v * (d[j + 4] - d[j + 1]);
        d[j + 2] += v * (d[j + 5] - d[j + 2]);
      }
    }
    // Vertical.
    const stride = w * 3;
    for (let x = 0; x < w; x++) {
      for (let y = 0; y < h; y++) V[y] = Math.pow(a, dVdy[y * w + x]);
      for (let y = 1; y < h; y++) {
        const j = (y * w + x) * 3;
        const v = V[y];
        d[j] += v * (d[j - stride] - d[j]);
        d[j + 1] += v * (d[j + 1 - stride] - d[j + 1]);
        d[j + 2] += v * (d[j + 2 - stride] - d[j + 2]);
      }
      for (let y = h - 2; y >= 0; y--) {
        const j = (y * w + x) * 3;
        const v = V[y + 1];
        d[j] += v * (d[j + stride] - d[j]);
        d[j + 1] += v * (d[j + 1 + stride] - d[j + 1]);
        d[j + 2] += v * (d[j + 2 + stride] - d[j + 2]);
      }
    }
  }
  return out;
}

/**
 * Difference-of-gaussians ink: 0 (paper) .. 1 (ink). Luminance edges ink their dark side;
 * colour edges of equal luminance (brick against glass) ink both sides, so no contour is
 * lost.
 */
export function inkLines(img: Rgb, sigma: number, threshold: number, softness = 0.6): Plane {
  // Below ~0.6 px there is nothing to difference (small thumbnails).
  sigma = Math.max(0.6, sigma);
  const n = img.w * img.h;
  const L = newPlane(img.w, img.h);
  const A = newPlane(img.w, img.h);
  const B = newPlane(img.w, img.h);
  const lab = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    rgbToLab(img.d[i * 3], img.d[i * 3 + 1], img.d[i * 3 + 2], lab);
    L.d[i] = lab[0] / 100;
    A.d[i] = lab[1] / 100;
    B.d[i] = lab[2] / 100;
  }
  const dog = (p: Plane) => {
    const g1 = blurPlane(p, sigma);
    const g2 = blurPlane(p, sigma * 1.6);
    for (let i = 0; i < n; i++) g1.d[i] = g2.d[i] - g1.d[i];
    return g1;
  };
  const dl = dog(L);
  const da = dog(A);
  const db = dog(B);
  const out = newPlane(img.w, img.h);
  for (let i = 0; i < n; i++) {
    const e = Math.max(0, dl.d[i]) + 0.7 * Math.sqrt(da.d[i] * da.d[i] + db.d[i] * db.d[i]);
    out.d[i] = smoothstep(threshold, threshold * (1 + softness * 2), e);
  }
  return out;
}

/** k-means in Lab with k-means++ seeding; returns palette (sRGB) and per-pixel labels. */
export function kmeans(img: Rgb, k: number, rng: Rng, iterations = 8): { palette: Rgb3[]; labels: Uint8Array; lab: Float32Array } {
  const n = img.w * img.h;
  const lab = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) rgbToLab(img.d[i * 3], img.d[i * 3 + 1], img.d[i * 3 + 2], lab, i * 3);
  const step = Math.max(1, Math.floor(n / 12000));
  const sample: number[] = [];
  for (let i = 0; i < n; i += step) sample.push(i);
  const centres: number[][] = [];
  const first = sample[Math.floor(rng() * sample.length)];
  centres.push([lab[first * 3], lab[first * 3 + 1], lab[first * 3 + 2]]);
  const dist = new Float64Array(sample.length).fill(Infinity);
  while (centres.length < k) {
    const c = centres[centres.length - 1];
    let total = 0;
    for (let s = 0; s < sample.length; s++) {
      const i = sample[s] * 3;
      const dd = (lab[i] - c[0]) ** 2 + (lab[i + 1] - c[1]) ** 2 + (lab[i + 2] - c[2]) ** 2;
      if (dd < dist[s]) dist[s] = dd;
      total += dist[s];
    }
    let r = rng() * total;
    let pick = sample[sample.length - 1];
    for (let s = 0; s < sample.length; s++) {
      r -= dist[s];
      if (r <= 0) {
        pick = sample[s];
        break;
      }
    }
    centres.push([lab[pick * 3], lab[pick * 3 + 1], lab[pick * 3 + 2]]);
  }
  const nearest = (i: number) => {
    let best = 0;
    let bd = Infinity;
    for (let c = 0; c < k; c++) {
      const cc = centres[c];
      const dd = (lab[i] - cc[0]) ** 2 + (lab[i + 1] - cc[1]) ** 2 + (lab[i + 2] - cc[2]) ** 2;
      if (dd < bd) {
        bd = dd;
        best = c;
      }
    }
    return best;
  };
  for (let it = 0; it < iterations; it++) {
    const sum = centres.map(() => [0, 0, 0, 0]);
    for (const s of sample) {
      const c = nearest(s * 3);
      sum[c][0] += lab[s * 3];
      sum[c][1] += lab[s * 3 + 1];
      sum[c][2] += lab[s * 3 + 2];
      sum[c][3]++;
    }
    for (let c = 0; c < k; c++) if (sum[c][3] > 0) centres[c] = [sum[c][0] / sum[c][3], sum[c][1] / sum[c][3], sum[c][2] / sum[c][3]];
  }
  const labels = new Uint8Array(n);
  for (let i = 0; i < n; i++) labels[i] = nearest(i * 3);
  const palette = centres.map((c) => {
    const o = [0, 0, 0];
    labToRgb(c[0], c[1], c[2], o);
    return o as Rgb3;
  });
  return { palette, labels, lab };
}

/** Paper: a warm base with fibres and a fine tooth. Returns a multiplier ~0.9..1.02. */
function paperAt(x: number, y: number, seed: number, tooth: number, scale: number): number {
  const fib = valueNoise(x * 0.35 / scale, y * 0.06 / scale, seed) * 0.5 + valueNoise(x * 0.06 / scale, y * 0.35 / scale, seed ^ 1) * 0.5;
  const t = valueNoise(x * 0.9 / scale, y * 0.9 / scale, seed ^ 2);
  return 1 - tooth * (0.5 * t + 0.3 * fib) + fbm(x * 0.004 / scale, y * 0.004 / scale, seed ^ 3, 2) * 0.015;
}

function mixInto(d: Float32Array, j: number, c: Rgb3 | number[], a: number): void {
  d[j] += (c[0] - d[j]) * a;
  d[j + 1] += (c[1] - d[j + 1]) * a;
  d[j + 2] += (c[2] - d[j + 2]) * a;
}

/** Anti-aliased hatch lines at an angle: 0..1 coverage. */
function hatch(x: number, y: number, angle: number, spacing: number, width: number, wobble: number, seed: number): number {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const along = x * c + y * s;
  const across = -x * s + y * c + perlin(along * 0.02, across0(x, y, angle) * 0.02, seed) * wobble;
  const f = across / spacing;
  const dist = Math.abs(f - Math.round(f)) * spacing;
  // Lines break now and then, like a hand lifting the pen.
  const gap = valueNoise(along * 0.05, Math.round(f) * 3.1, seed ^ 0x9) > 0.93 ? 0 : 1;
  return (1 - smoothstep(width * 0.5, width * 0.5 + 0.8, dist)) * gap;
}

function across0(x: number, y: number, angle: number): number {
  return -x * Math.sin(angle) + y * Math.cos(angle);
}

// ---------------------------------------------------------------------------------------
// Styles.

export function renderArt(src: Rgb, style: string, o: ArtOptions): Rgb {
  switch (style) {
    case 'pen_and_ink':
      return penAndInk(src, o);
    case 'aquarelle':
      return aquarelle(src, o);
    case 'linocut':
      return linocut(src, o);
    case 'collage':
      return collage(src, o);
    case 'fine_black_pen':
      return fineBlackPen(src, o);
    case 'minimalist':
      return minimalist(src, o);
    case 'avantgarde':
      return avantgarde(src, o);
    default:
      return illustration(src, o);
  }
}

const unit = (img: Rgb) => Math.max(img.w, img.h) / 1000;

function illustration(src: Rgb, o: ArtOptions): Rgb {
  const u = unit(src);
  const { w, h } = src;
  const smooth = domainTransform(src, 35 * u * (1.2 - o.detail * 0.5), 0.3);
  // Flat colour areas: a small palette, with soft shading kept inside each area.
  const km = kmeans(smooth, o.variant === 'storybook' ? 7 : 9, mulberry32(o.seed ^ 0x111));
  const lines = inkLines(smooth, 1.3 * u, 0.011 - o.strength * 0.004);
  const lum = luminance(smooth);
  const areaLum = new Float64Array(km.palette.length * 2);
  for (let i = 0; i < w * h; i++) {
    areaLum[km.labels[i] * 2] += lum.d[i];
    areaLum[km.labels[i] * 2 + 1]++;
  }
  const out = newRgb(w, h);
  const paper = hex(o.variant === 'storybook' ? '#f3e6cf' : '#f7f3ea');
  const ink = hex(o.variant === 'marker' ? '#1d2430' : '#2a211c');
  const palette = km.palette.map((c) => {
    const [hh, ss, vv] = rgbToHsv(c[0], c[1], c[2]);
    const boost = o.variant === 'storybook' ? 1.3 : o.variant === 'marker' ? 1.25 : 1.12;
    return hsv(hh + (o.variant === 'storybook' ? 0.015 : 0), Math.min(1, ss * boost), Math.min(1, vv * 1.04 + 0.02));
  });
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const j = i * 3;
      const lab = km.labels[i];
      const mean = areaLum[lab * 2] / Math.max(1, areaLum[lab * 2 + 1]);
      const shade = 1 + Math.max(-0.3, Math.min(0.3, (lum.d[i] - mean) * 1.2));
      // Mostly the flat palette colour, with some of the smooth gradient kept inside it.
      let c: Rgb3 = [0, 1, 2].map((k) => Math.min(1, palette[lab][k] * shade * 0.6 + smooth.d[j + k] * 0.4 * (palette[lab][k] / Math.max(0.02, km.palette[lab][k])))) as Rgb3;
      if (o.variant === 'coloured-pencil') {
        // Colour laid in diagonal pencil strokes, paper showing between them.
        const stroke = valueNoise(((x + y) * 0.08) / u, ((x - y) * 0.8) / u, o.seed);
        const dark = 1 - (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]);
        const t = smoothstep(0.2, 0.7, stroke * 0.55 + dark * 0.6 + 0.15);
        c = c.map((v, k) => paper[k] + (v - paper[k]) * t) as Rgb3;
      } else if (o.variant === 'marker') {
        // Marker streaks: overlapping strokes along one direction.
        const streak = valueNoise((x * 0.015) / u, (y * 0.5) / u, o.seed);
        c = c.map((v) => v * (0.9 + streak * 0.16)) as Rgb3;
      } else {
        // A light wash texture.
        const wash = fbm((x / w) * 6, (y / h) * 6, o.seed, 3) * 0.05;
        c = c.map((v) => v * (1 + wash)) as Rgb3;
      }
      // The lightest areas are left as paper.
      const l0 = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
      const white = smoothstep(0.8, 0.93, l0);
      const p = paperAt(x, y, o.seed, 0.05, u);
      const l = lines.d[i] * (0.7 + 0.3 * o.strength);
      for (let k = 0; k < 3; k++) out.d[j + k] = ((c[k] + (paper[k] - c[k]) * white) * (1 - l) + ink[k] * l) * p;
    }
  return out;
}

function penAndInk(src: Rgb, o: ArtOptions): Rgb {
  const u = unit(src);
  const { w, h } = src;
  const smooth = domainTransform(src, 12 * u, 0.3);
  const tone = luminance(smooth);
  const lines = inkLines(src, 1.1 * u, 0.01 - o.strength * 0.003);
  const out = newRgb(w, h);
  const paper = hex('#f5f0e4');
  const ink = hex('#15120f');
  const spacing = Math.max(4.5, 7 * u);
  const lw = Math.max(1, 1.1 * u) * (0.8 + o.strength * 0.5);
  const wob = o.variant === 'loose-sketch' ? 4 * u : 1.5 * u;
  const base = (o.seed % 628) / 100;
  const g = o.variant === 'contour-hatching' ? sobel(blurPlane(tone, 6 * u)) : null;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const j = i * 3;
      // Tone: white above ~0.8 luminance, full darkness below ~0.12; the sky stays light.
      const t = Math.max(0, Math.min(1, (0.78 - tone.d[i]) / 0.78)) * (o.sky ? 1 - 0.75 * o.sky.d[i] : 1);
      let cov = 0;
      if (g) {
        // Hatching follows the structure: lines run along the iso-tone direction.
        const ang = Math.atan2(g.gy.d[i], g.gx.d[i]) + Math.PI / 2;
        const a = Number.isFinite(ang) && Math.hypot(g.gx.d[i], g.gy.d[i]) > 0.002 ? ang : Math.PI / 4;
        if (t > 0.22) cov = Math.max(cov, hatch(x, y, Math.round(a / 0.3) * 0.3, spacing, lw, wob, o.seed) * smoothstep(0.22, 0.32, t));
        if (t > 0.5) cov = Math.max(cov, hatch(x, y, Math.PI / 4 + base, spacing * 0.8, lw, wob, o.seed ^ 1) * smoothstep(0.5, 0.6, t));
      } else {
        if (t > 0.2) cov = Math.max(cov, hatch(x, y, Math.PI / 4 + base * 0.1, spacing, lw, wob, o.seed) * smoothstep(0.2, 0.3, t));
        if (t > 0.42) cov = Math.max(cov, hatch(x, y, -Math.PI / 4 + base * 0.1, spacing, lw, wob, o.seed ^ 1) * smoothstep(0.42, 0.52, t));
        if (t > 0.62) cov = Math.max(cov, hatch(x, y, 0.05, spacing * 0.9, lw, wob, o.seed ^ 2) * smoothstep(0.62, 0.72, t));
        if (t > 0.8) cov = Math.max(cov, hatch(x, y, Math.PI / 2 + 0.05, spacing * 0.7, lw, wob, o.seed ^ 3) * smoothstep(0.8, 0.88, t));
      }
      let l = Math.max(cov * 0.92, lines.d[i]);
      if (o.variant === 'loose-sketch') {
        const l2 = lines.d[Math.min(h - 1, y + Math.round(1.5 * u)) * w + Math.min(w - 1, x + Math.round(2 * u))] * 0.6;
        l = Math.max(l, l2);
      }
      const p = paperAt(x, y, o.seed, 0.06, u);
      out.d[j] = (paper[0] + (ink[0] - paper[0]) * l) * p;
      out.d[j + 1] = (paper[1] + (ink[1] - paper[1]) * l) * p;
      out.d[j + 2] = (paper[2] + (ink[2] - paper[2]) * l) * p;
    }
  return out;
}

function aquarelle(src: Rgb, o: ArtOptions): Rgb {
  const u = unit(src);
  const { w, h } = src;
  const wash = domainTransform(src, 45 * u * (1.3 - o.detail * 0.5), 0.5);
  // Pigment bleeds: sample the wash through a wobbly displacement.
  const bled = newRgb(w, h);
  const amp = (o.variant === 'wet-on-wet' ? 9 : 4) * u;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const dx = fbm((x / w) * 6, (y / h) * 6, o.seed, 3) * amp;
      const dy = fbm((x / w) * 6 + 9, (y / h) * 6, o.seed ^ 7, 3) * amp;
      sampleRgb(wash, x + dx, y + dy, bled.d, (y * w + x) * 3);
    }
  const soft = blurRgb(bled, (o.variant === 'wet-on-wet' ? 5 : 2.5) * u);
  // Edge darkening where washes meet (pigment collects at the rim).
  const g = sobel(blurPlane(luminance(soft), 1.5 * u));
  const lines = o.variant === 'ink-and-wash' ? inkLines(src, 1.2 * u, 0.011) : inkLines(src, 1.0 * u, 0.016);
  const out = newRgb(w, h);
  const paper = hex('#f7f2e6');
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const j = i * 3;
      // Transparent washes: colours thinned toward the paper, mottled density.
      const density = 0.78 + 0.3 * fbm((x / w) * 4, (y / h) * 4, o.seed ^ 0x31, 4);
      const gran = 1 - (valueNoise(x * 0.7 / u, y * 0.7 / u, o.seed ^ 0x77) - 0.5) * 0.16 * (0.5 + o.strength);
      const edge = Math.min(1, g.mag.d[i] * 18 / Math.max(0.5, u)) * 0.22 * (0.6 + o.strength);
      let k = Math.min(1, density) * gran;
      // The painting fades out irregularly toward the sheet's border.
      if (o.variant !== 'wet-on-wet') {
        const bx = Math.min(x, w - 1 - x) / w;
        const by = Math.min(y, h - 1 - y) / h;
        const b = Math.min(bx, by) + fbm((x / w) * 5, (y / h) * 5, o.seed ^ 0x99, 3) * 0.05;
        k *= smoothstep(0.0, 0.07, b);
      }
      const p = paperAt(x, y, o.seed, 0.07, u);
      for (let c = 0; c < 3; c++) {
        const pig = 1 - soft.d[j + c];
        const v = 1 - pig * 0.92 * k * (1 + edge);
        out.d[j + c] = paper[c] * v * p;
      }
      const l = lines.d[i] * (o.variant === 'ink-and-wash' ? 0.85 : 0.28);
      mixInto(out.d, j, o.variant === 'ink-and-wash' ? [0.18, 0.14, 0.11] : [0.35, 0.33, 0.32], l);
    }
  return out;
}

function linocut(src: Rgb, o: ArtOptions): Rgb {
  const u = unit(src);
  const { w, h } = src;
  const smooth = domainTransform(src, 20 * u, 0.25);
  const tone = luminance(smooth);
  // Tone spread over the picture's own range.
  let lo = 1;
  let hi = 0;
  {
    const v = Array.from(tone.d.filter((_, i) => i % 13 === 0)).sort((a, b) => a - b);
    lo = v[Math.floor(v.length * 0.05)] ?? 0;
    hi = v[Math.floor(v.length * 0.95)] ?? 1;
    if (hi - lo < 0.1) hi = lo + 0.1;
  }
  const lines = inkLines(smooth, 1.6 * u, 0.012 - o.strength * 0.004, 0.2);
  const out = newRgb(w, h);
  const paper = hex('#efe6d2');
  const inks: Rgb3[] =
    o.variant === 'two-colour' ? [hex('#16120f'), hex('#b23a2a')] : o.variant === 'reduction-print' ? [hex('#1b2a3a'), hex('#3f7f8c'), hex('#e0a84a')] : [hex('#15110e')];
  const spacing = Math.max(5, 8 * u);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const j = i * 3;
      const t = Math.max(0, Math.min(1, (hi - tone.d[i]) / (hi - lo)));
      // Carving marks: a gently warped line screen; the cut lines are thinner where darker.
      const warp = fbm((x / w) * 2, (y / h) * 2, o.seed, 2) * 18 * u;
      const phase = (y + warp + x * 0.12) / spacing;
      const f = Math.abs(phase - Math.round(phase)) * 2;
      const cut = 0.15 + (1 - t) * 0.9;
      let cov = t < 0.12 ? 0 : smoothstep(cut - 0.08, cut + 0.08, f);
      // Dark areas print solid, with a few gouge strokes.
      if (t > 0.82) {
        const gouge = valueNoise((x * 0.05) / u, (y * 0.35) / u, o.seed ^ 5) > 0.86 ? 1 : 0;
        cov = 1 - gouge * 0.85;
      }
      // Edges: carved white inside dark areas, printed black in light ones.
      const e = lines.d[i];
      cov = t > 0.55 ? cov * (1 - e) : Math.max(cov, e);
      // Ink texture: the paper shows through a little.
      const speck = hash2(x >> 1, y >> 1, o.seed ^ 0x33) > 0.96 ? 0.55 : 1;
      let c: Rgb3;
      if (inks.length === 1) c = inks[0].map((v, k) => paper[k] + (v - paper[k]) * cov * speck) as Rgb3;
      else {
        // Lighter tones print in colour(s), the key block on top, slightly off register.
        const colourIdx = Math.min(inks.length - 1, 1 + Math.floor((1 - t) * (inks.length - 1) * 1.2));
        const ci = inks[colourIdx];
        const colourCov = smoothstep(0.08, 0.2, t);
        const base = paper.map((v, k) => v + (ci[k] - v) * colourCov * 0.9) as Rgb3;
        const reg = Math.round(1.5 * u);
        const tk = Math.max(0, Math.min(1, (hi - tone.d[Math.min(h - 1, y + reg) * w + Math.min(w - 1, x + reg)]) / (hi - lo)));
        const key = tk > 0.6 ? cov : e * (t > 0.55 ? 0 : 1);
        c = base.map((v, k) => v + (inks[0][k] - v) * key * speck) as Rgb3;
      }
      const p = paperAt(x, y, o.seed, 0.05, u);
      out.d[j] = c[0] * p;
      out.d[j + 1] = c[1] * p;
      out.d[j + 2] = c[2] * p;
    }
  return out;
}

function collage(src: Rgb, o: ArtOptions): Rgb {
  const u = unit(src);
  const { w, h } = src;
  const rng = mulberry32(o.seed ^ 0xc011);
  const smooth = domainTransform(src, 25 * u, 0.3);
  const lum = luminance(smooth);
  // Patches follow the picture: its colour regions, cut further into large torn pieces.
  const km = kmeans(smooth, 6, mulberry32(o.seed ^ 0x77));
  const cellSize = Math.max(w, h) / (4 + o.detail * 4);
  const cs = newCellSample();
  const ids = new Int32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const jx = x + fbm((x * 0.01) / u, (y * 0.01) / u, o.seed, 3) * 25 * u;
      const jy = y + fbm((x * 0.01) / u + 5, (y * 0.01) / u, o.seed ^ 3, 3) * 25 * u;
      worley(jx / cellSize, jy / cellSize, o.seed, cs, 0.9);
      ids[y * w + x] = ((cs.id % 50000) * 8 + km.labels[y * w + x]) | 0;
    }
  // Torn edges: distance to a patch boundary, roughened.
  const boundary = newPlane(w, h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if ((x < w - 1 && ids[i + 1] !== ids[i]) || (y < h - 1 && ids[i + w] !== ids[i])) boundary.d[i] = 1;
    }
  const near = blurPlane(boundary, 2.2 * u);
  const shadowNear = blurPlane(boundary, 5 * u);
  const stats = new Map<number, number[]>();
  for (let i = 0; i < w * h; i++) {
    let st = stats.get(ids[i]);
    if (!st) stats.set(ids[i], (st = [0, 0, 0, 0, 0]));
    st[0] += smooth.d[i * 3];
    st[1] += smooth.d[i * 3 + 1];
    st[2] += smooth.d[i * 3 + 2];
    st[3] += lum.d[i];
    st[4]++;
  }
  const palettes: Record<string, Rgb3[]> = {
    'kraft-paper': ['#3d342b', '#8c6a44', '#a45a3f', '#b08a5a', '#d6c3a0', '#e8dcc4'].map(hex),
    bauhaus: ['#1c1c1c', '#2d5da8', '#d63a2a', '#c9c2b2', '#f1c232', '#efe9dc'].map(hex),
  };
  const pal = palettes[o.variant];
  const kinds = new Map<number, { kind: number; tint: Rgb3; angle: number }>();
  for (const [id, st] of stats) {
    const mean: Rgb3 = [st[0] / st[4], st[1] / st[4], st[2] / st[4]];
    let tint = mean;
    if (pal) {
      const l = st[3] / st[4];
      tint = pal[Math.min(pal.length - 1, Math.max(0, Math.floor(l * pal.length * 1.1 + (hash2(id, 1, o.seed) - 0.5) * 1.2)))];
    } else {
      const [hh, ss, vv] = rgbToHsv(mean[0], mean[1], mean[2]);
      tint = hsv(hh + (hash2(id, 2, o.seed) - 0.5) * 0.05, Math.min(1, ss * 1.2), Math.min(1, vv * 1.05));
    }
    kinds.set(id, { kind: Math.floor(hash2(id, 3, o.seed) * 7), tint, angle: rng() * Math.PI });
  }
  const out = newRgb(w, h);
  const lines = inkLines(smooth, 1.4 * u, 0.014);
  const paperWhite: Rgb3 = [0.96, 0.94, 0.89];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const j = i * 3;
      const id = ids[i];
      const k = kinds.get(id)!;
      const st = stats.get(id)!;
      const rel = Math.pow(Math.max(0.05, lum.d[i]) / Math.max(0.05, st[3] / st[4]), 0.6);
      let c: Rgb3 = k.tint.map((v) => Math.min(1, v * rel)) as Rgb3;
      if (o.variant === 'magazine' && k.kind <= 1) {
        // A photo cut-out, duotone or black-and-white.
        const l = 0.3 * src.d[j] + 0.59 * src.d[j + 1] + 0.11 * src.d[j + 2];
        c = k.kind === 0 ? [l * 1.05, l * 0.98, l * 0.85] : [Math.min(1, l * 1.25), l * 0.8, l * 0.62];
      } else if (k.kind === 2) {
        // Halftone dots.
        const ca = Math.cos(k.angle);
        const sa = Math.sin(k.angle);
        const a = (x * ca + y * sa) / (6 * u);
        const b = (-x * sa + y * ca) / (6 * u);
        const dd = Math.hypot(a - Math.round(a), b - Math.round(b));
        const r = Math.sqrt(Math.max(0, 1 - lum.d[i])) * 0.5;
        c = dd < r ? (c.map((v) => v * 0.55) as Rgb3) : (c.map((v) => Math.min(1, v * 1.08 + 0.04)) as Rgb3);
      } else if (k.kind === 3) {
        // Printed text columns.
        const row = Math.floor(y / (5 * u));
        const inRow = y % (5 * u) < 2.2 * u;
        const word = valueNoise(x / (7 * u), row * 1.7, o.seed ^ id) > 0.3;
        if (inRow && word) c = c.map((v) => v * 0.5) as Rgb3;
      } else if (k.kind === 4) {
        const stripe = Math.sin(((x * Math.cos(k.angle) + y * Math.sin(k.angle)) / (9 * u)) * Math.PI) > 0.3;
        if (stripe) c = c.map((v) => v * 0.82) as Rgb3;
      }
      // Torn edge: a white fibrous rim, and the shadow of the layer above.
      const fibre = valueNoise((x * 0.6) / u, (y * 0.6) / u, o.seed);
      const rim = smoothstep(0.18, 0.42, near.d[i] + (fibre - 0.5) * 0.25);
      const shadow = smoothstep(0.05, 0.3, shadowNear.d[i]) * 0.16;
      const p = paperAt(x, y, o.seed ^ id, 0.08, u);
      c = c.map((v) => v * (1 - shadow) * p) as Rgb3;
      c = c.map((v, q) => v + (paperWhite[q] - v) * rim * 0.9) as Rgb3;
      const l = lines.d[i] * 0.5 * (0.5 + o.strength);
      out.d[j] = c[0] * (1 - l) + 0.08 * l;
      out.d[j + 1] = c[1] * (1 - l) + 0.07 * l;
      out.d[j + 2] = c[2] * (1 - l) + 0.07 * l;
    }
  return out;
}

function fineBlackPen(src: Rgb, o: ArtOptions): Rgb {
  const u = unit(src);
  const { w, h } = src;
  const simplified = domainTransform(src, 6 * u, 0.2);
  const lum = luminance(simplified);
  const lines = inkLines(simplified, 0.8 * u, 0.008 - o.strength * 0.002, 0.4);
  const tone = blurPlane(lum, 2 * u);
  const out = newRgb(w, h);
  const lines2 = o.variant === 'sketchbook' ? inkLines(simplified, 1.3 * u, 0.01) : null;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const j = i * 3;
      let l = lines.d[i];
      const t = Math.max(0, Math.min(1, (0.8 - tone.d[i]) / 0.8)) * (o.sky ? 1 - 0.8 * o.sky.d[i] : 1);
      if (o.variant === 'stipple') {
        // Dots with density following the tone.
        const cell = 2.2 * u;
        const cx = Math.floor(x / cell);
        const cy = Math.floor(y / cell);
        const jx = (cx + 0.5 + (hash2(cx, cy, o.seed) - 0.5) * 0.8) * cell;
        const jy = (cy + 0.5 + (hash2(cx, cy, o.seed ^ 1) - 0.5) * 0.8) * cell;
        const on = hash2(cx, cy, o.seed ^ 2) < Math.pow(Math.max(0, t - 0.1), 1.1) * 1.4;
        if (on) l = Math.max(l, 1 - smoothstep(0.5 * u, 0.5 * u + 0.8, Math.hypot(x + 0.5 - jx, y + 0.5 - jy)));
      } else if (o.variant === 'technical') {
        if (t > 0.55) l = Math.max(l, hatch(x, y, Math.PI / 4, 4 * u, 0.7, 0, o.seed) * smoothstep(0.55, 0.65, t) * 0.9);
      } else if (lines2) {
        const ox = Math.min(w - 1, Math.max(0, x + Math.round(perlin(y * 0.05 / u, 0.5, o.seed) * 2 * u)));
        l = Math.max(l * 0.9, lines2.d[y * w + ox] * 0.55);
        if (t > 0.6) l = Math.max(l, hatch(x, y, 0.9, 6 * u, 0.8, 3 * u, o.seed) * 0.5);
      }
      const v = 0.985 - l * 0.95;
      out.d[j] = v;
      out.d[j + 1] = v;
      out.d[j + 2] = v * 1.005;
    }
  return out;
}

function minimalist(src: Rgb, o: ArtOptions): Rgb {
  const u = unit(src);
  const { w, h } = src;
  const rng = mulberry32(o.seed ^ 0x313);
  const smooth = domainTransform(src, 60 * u * (1.3 - o.detail * 0.6), 0.25);
  const k = o.variant === 'monochrome' ? 4 : 5;
  const km = kmeans(smooth, k, rng);
  // Order clusters by lightness, then map to the variant's palette.
  const order = km.palette.map((c, idx) => ({ idx, l: 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2] })).sort((a, b) => a.l - b.l);
  const rank = new Array<number>(k);
  order.forEach((e, r) => (rank[e.idx] = r));
  const hue = rng();
  const colours = km.palette.map((c, idx) => {
    const r = rank[idx] / (k - 1);
    if (o.variant === 'white-model') return [0.62 + r * 0.35, 0.62 + r * 0.35, 0.6 + r * 0.36] as Rgb3;
    if (o.variant === 'monochrome') return hsv(hue, 0.35 - r * 0.2, 0.3 + r * 0.65);
    const [hh, ss] = rgbToHsv(c[0], c[1], c[2]);
    return hsv(hh, Math.min(0.35, ss * 0.7 + 0.08), 0.62 + r * 0.34);
  });
  // A mode filter on the labels removes specks, for clean flat blocks.
  const labels = km.labels;
  const R = Math.max(1, Math.round(2 * u));
  const clean = new Uint8Array(w * h);
  const votes = new Int32Array(k);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      votes.fill(0);
      for (let dy = -R; dy <= R; dy += R)
        for (let dx = -R; dx <= R; dx += R) {
          const xx = Math.min(w - 1, Math.max(0, x + dx));
          const yy = Math.min(h - 1, Math.max(0, y + dy));
          votes[labels[yy * w + xx]]++;
        }
      let best = labels[y * w + x];
      for (let c = 0; c < k; c++) if (votes[c] > votes[best]) best = c;
      clean[y * w + x] = best;
    }
  const out = newRgb(w, h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const c = colours[clean[i]];
      // Thin, faint lines where blocks meet.
      const edge = (x < w - 1 && clean[i + 1] !== clean[i]) || (y < h - 1 && clean[i + w] !== clean[i]);
      const k2 = edge ? 0.9 : 1;
      out.d[i * 3] = c[0] * k2;
      out.d[i * 3 + 1] = c[1] * k2;
      out.d[i * 3 + 2] = c[2] * k2;
    }
  return blurRgb(out, 0.5 * u);
}

function avantgarde(src: Rgb, o: ArtOptions): Rgb {
  const u = unit(src);
  const { w, h } = src;
  const rng = mulberry32(o.seed ^ 0xa7a7);
  const smooth = domainTransform(src, 25 * u, 0.2);
  const k = 5;
  const km = kmeans(smooth, k, rng);
  const palettes: Record<string, string[]> = {
    constructivist: ['#141414', '#8e1b14', '#d6402d', '#d9c9a8', '#f2ead8'],
    'de-stijl': ['#101010', '#1f4fa3', '#d52a22', '#f3c623', '#f4f1ea'],
    'pop-art': ['#1a1a2e', '#e6366e', '#2bb3d6', '#ffd23f', '#fff7e6'],
  };
  const pal = (palettes[o.variant] ?? palettes.constructivist).map(hex);
  const order = km.palette.map((c, idx) => ({ idx, l: 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2] })).sort((a, b) => a.l - b.l);
  const colourOf = new Array<Rgb3>(k);
  // Darkest stays black, lightest stays light; the middle tones get the bold colours, in a
  // seeded order so variations differ.
  const mids = [1, 2, 3].sort(() => rng() - 0.5);
  order.forEach((e, r) => (colourOf[e.idx] = r === 0 ? pal[0] : r === k - 1 ? pal[4] : pal[mids[r - 1]]));
  const lines = inkLines(src, 2 * u, 0.016 - o.strength * 0.005, 0.15);
  const out = newRgb(w, h);
  // Geometry overlays.
  const bandAngle = (rng() - 0.5) * 1.2 + (rng() < 0.5 ? 0.6 : -0.6);
  const bandOff = (rng() - 0.5) * w * 0.5;
  const circleX = w * (0.15 + rng() * 0.7);
  const circleY = h * (0.15 + rng() * 0.4);
  const circleR = Math.min(w, h) * (0.12 + rng() * 0.1);
  // De Stijl: thick black lines on the strongest vertical/horizontal structure.
  const gl = sobel(blurPlane(luminance(smooth), 2 * u));
  const colE = new Float32Array(w);
  const rowE = new Float32Array(h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      colE[x] += Math.abs(gl.gx.d[y * w + x]);
      rowE[y] += Math.abs(gl.gy.d[y * w + x]);
    }
  const pickLines = (arr: Float32Array, n: number, minGap: number) => {
    const idx = Array.from(arr.keys()).sort((a, b) => arr[b] - arr[a]);
    const chosen: number[] = [];
    for (const i of idx) {
      if (chosen.every((c) => Math.abs(c - i) > minGap)) chosen.push(i);
      if (chosen.length >= n) break;
    }
    return chosen;
  };
  const vLines = o.variant === 'de-stijl' ? pickLines(colE, 3, w * 0.12) : [];
  const hLines = o.variant === 'de-stijl' ? pickLines(rowE, 2, h * 0.12) : [];
  const thick = 6 * u;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const j = i * 3;
      let c = colourOf[km.labels[i]];
      if (o.variant === 'constructivist') {
        const along = (x - w / 2) * Math.sin(bandAngle) - (y - h / 2) * Math.cos(bandAngle) - bandOff;
        if (Math.abs(along) < h * 0.06) c = c === pal[0] ? pal[4] : pal[2];
        const dc = Math.hypot(x - circleX, y - circleY);
        if (dc < circleR && c !== pal[0]) c = pal[1];
      } else if (o.variant === 'pop-art') {
        // Ben-Day dots in the mid tones.
        const a = (x + y) / (7 * u);
        const b = (x - y) / (7 * u);
        const dd = Math.hypot(a - Math.round(a), b - Math.round(b));
        if (c !== pal[0] && c !== pal[4] && dd < 0.3) c = c.map((v) => v * 0.7) as Rgb3;
        if (c === pal[4] && dd < 0.18) c = pal[3];
      } else if (o.variant === 'de-stijl') {
        if (vLines.some((v) => Math.abs(x - v) < thick) || hLines.some((v) => Math.abs(y - v) < thick)) c = pal[0];
      }
      const l = lines.d[i];
      out.d[j] = c[0] * (1 - l) + pal[0][0] * l;
      out.d[j + 1] = c[1] * (1 - l) + pal[0][1] * l;
      out.d[j + 2] = c[2] * (1 - l) + pal[0][2] * l;
    }
  return out;
}
