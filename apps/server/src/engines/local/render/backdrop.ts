import { hex, mix3, type Rgb3 } from '../pixels/color.js';
import type { Plane, Rgb } from '../pixels/image.js';
import { fbm, ridged } from '../pixels/noise.js';
import { hash2, mulberry32, type Rng } from '../pixels/prng.js';

/**
 * Context backdrops: a landscape or a city skyline drawn at the horizon, behind the building
 * (only where the sky mask allows). Layers go far to near, each faded toward the horizon
 * haze colour for aerial perspective; at night, city windows light up.
 */
export interface BackdropLight {
  /** The sky colour at the horizon (haze). */
  horizon: Rgb3;
  /** 0 (night) .. 1 (day) brightness of lit surfaces. */
  daylight: number;
  /** Sun side: -1 left, 1 right. */
  sunSide: number;
  /** Size of the scenery relative to the picture (1 = a distant backdrop). */
  scale?: number;
}

type Layer = {
  /** y of the silhouette top at column x (pixels). */
  top: (x: number) => number;
  color: (x: number, y: number, top: number) => Rgb3;
  /** Aerial perspective, 0 near .. 1 far. */
  depth: number;
};

interface Building {
  x0: number;
  x1: number;
  top: number;
  roof: 'flat' | 'gable' | 'dome' | 'spire' | 'sawtooth' | 'crown';
  color: Rgb3;
  id: number;
  windows: boolean;
}

function skyline(rng: Rng, W: number, base: number, maxH: number, opts: { minW: number; maxW: number; roofs: Building['roof'][]; palette: Rgb3[]; gap: number; windows: number }): Building[] {
  const out: Building[] = [];
  let x = -rng() * opts.maxW;
  let id = 0;
  while (x < W) {
    const bw = opts.minW + rng() * (opts.maxW - opts.minW);
    const hgt = maxH * (0.25 + Math.pow(rng(), 1.6) * 0.75);
    out.push({
      x0: x,
      x1: x + bw,
      top: base - hgt,
      roof: opts.roofs[Math.floor(rng() * opts.roofs.length)],
      color: opts.palette[Math.floor(rng() * opts.palette.length)],
      id: id++,
      windows: rng() < opts.windows,
    });
    x += bw + (rng() < 0.3 ? rng() * opts.gap : 0);
  }
  return out;
}

function roofTop(b: Building, x: number): number {
  const w = b.x1 - b.x0;
  const t = (x - b.x0) / w;
  switch (b.roof) {
    case 'gable':
      return b.top - (0.5 - Math.abs(t - 0.5)) * w * 0.5;
    case 'dome': {
      const r = Math.max(0, 1 - ((t - 0.5) * 2) ** 2);
      return b.top - Math.sqrt(r) * w * 0.35;
    }
    case 'spire': {
      const c = Math.abs(t - 0.5);
      return c < 0.12 ? b.top - (0.12 - c) * w * 6 : b.top;
    }
    case 'sawtooth':
      return b.top - ((t * 4) % 1) * w * 0.06;
    case 'crown': {
      const c = Math.abs(t - 0.5);
      return c < 0.3 ? b.top - (0.3 - c) * w * 0.5 : b.top;
    }
    default:
      return b.top;
  }
}

function buildingLayer(bs: Building[], depth: number, light: BackdropLight, seed: number, winScale: number): Layer {
  const find = (x: number) => {
    let best: Building | null = null;
    let bt = Infinity;
    for (const b of bs) {
      if (x < b.x0 || x >= b.x1) continue;
      const t = roofTop(b, x);
      if (t < bt) {
        bt = t;
        best = b;
      }
    }
    return best;
  };
  const cache = new Map<number, Building | null>();
  const at = (x: number) => {
    const k = Math.floor(x);
    let b = cache.get(k);
    if (b === undefined) {
      b = find(k + 0.5);
      cache.set(k, b);
    }
    return b;
  };
  return {
    depth,
    top: (x) => {
      const b = at(x);
      return b ? roofTop(b, x) : Infinity;
    },
    color: (x, y) => {
      const b = at(x)!;
      const w = b.x1 - b.x0;
      const t = (x - b.x0) / w;
      // Lit and shaded faces.
      const side = light.sunSide > 0 ? t : 1 - t;
      let c = b.color.map((v) => v * (0.78 + 0.3 * side) * (0.35 + 0.65 * light.daylight)) as Rgb3;
      if (b.windows) {
        const ws = winScale;
        const wx = (x - b.x0) % (ws * 1.6);
        const wy = (y - b.top) % (ws * 2.2);
        if (wx > ws * 0.5 && wy > ws * 0.9 && y > b.top + ws) {
          const lit = hash2(Math.floor((x - b.x0) / (ws * 1.6)) + b.id * 1000, Math.floor((y - b.top) / (ws * 2.2)), seed);
          if (light.daylight < 0.55 && lit < 0.55) {
            const k = (1 - light.daylight) * (0.6 + lit * 0.7);
            c = mix3(c, hex('#ffcf86'), Math.min(1, k));
          } else c = c.map((v) => v * 0.82) as Rgb3;
        }
      }
      return c;
    },
  };
}

function ridgeLayer(amp: number, base: number, freq: number, seed: number, W: number, color: (x: number, y: number, top: number) => Rgb3, depth: number, kind: 'smooth' | 'ridged' | 'trees' | 'dunes' = 'smooth'): Layer {
  const tops = new Float32Array(Math.ceil(W) + 2);
  for (let x = 0; x < tops.length; x++) {
    const u = (x / W) * freq;
    let n: number;
    if (kind === 'ridged') n = ridged(u, 0.5, seed, 5);
    else if (kind === 'dunes') n = 0.5 + 0.5 * Math.sin(u * 3 + fbm(u, 0.3, seed, 3) * 3) * 0.6 + fbm(u * 2, 0.7, seed, 2) * 0.3;
    else n = fbm(u, 0.5, seed, 4) * 0.5 + 0.5;
    let t = base - n * amp;
    if (kind === 'trees') {
      const bump = Math.abs(Math.sin(x * (0.35 + hash2(Math.floor(x / 7), 1, seed) * 0.2)));
      const spike = hash2(Math.floor(x / 5), 2, seed) < 0.25 ? (1 - Math.abs(((x % 5) - 2.5) / 2.5)) * amp * 0.5 : 0;
      t -= bump * amp * 0.25 + spike;
    }
    tops[x] = t;
  }
  return { depth, top: (x) => tops[Math.max(0, Math.min(tops.length - 1, Math.round(x)))], color };
}

function layersFor(scene: string, W: number, hz: number, H: number, light: BackdropLight, seed: number): { layers: Layer[]; water?: { top: number; color: Rgb3 } } {
  const rng = mulberry32(seed);
  const dl = (c: Rgb3) => c.map((v) => v * (0.3 + 0.7 * light.daylight)) as Rgb3;
  const tex = (c: Rgb3, k = 0.06, f = 0.05) => (x: number, y: number, top: number): Rgb3 => {
    const n = fbm(x * f, y * f, seed ^ 0x33, 3) * k;
    const shade = Math.min(1, (y - top) / (H * 0.08));
    return dl(c).map((v) => v * (1 + n) * (1 - shade * 0.15)) as Rgb3;
  };
  const u = (H / 100) * (light.scale ?? 1); // one "unit": 1% of the image height
  switch (scene) {
    case 'mountains':
    case 'snowfield': {
      const snowy = scene === 'snowfield';
      const snowLine = (x: number, y: number, top: number): Rgb3 => {
        const snow = y - top < u * (2 + fbm(x * 0.05, y * 0.05, seed, 2) * 3) || snowy;
        return dl(snow ? hex('#e8eef5') : hex('#5d6a78')).map((v) => v * (1 + fbm(x * 0.1, y * 0.1, seed, 3) * 0.1)) as Rgb3;
      };
      return {
        layers: [
          ridgeLayer(u * 22, hz - u * 2, 3, seed, W, snowLine, 0.75, 'ridged'),
          ridgeLayer(u * 12, hz, 5, seed + 1, W, snowy ? tex(hex('#dfe7ef'), 0.05) : tex(hex('#3e4b45')), 0.4, 'ridged'),
          ridgeLayer(u * 5, hz + u, 9, seed + 2, W, snowy ? tex(hex('#eef2f6'), 0.04) : tex(hex('#2f3d2c'), 0.1, 0.3), 0.15, 'trees'),
        ],
      };
    }
    case 'forest':
      return {
        layers: [
          ridgeLayer(u * 8, hz - u * 2, 3, seed, W, tex(hex('#47604a')), 0.7, 'trees'),
          ridgeLayer(u * 9, hz, 6, seed + 1, W, tex(hex('#2c4530'), 0.12, 0.3), 0.35, 'trees'),
          ridgeLayer(u * 7, hz + u, 9, seed + 2, W, tex(hex('#1f3322'), 0.15, 0.4), 0.1, 'trees'),
        ],
      };
    case 'desert':
      return {
        layers: [
          ridgeLayer(u * 7, hz - u, 2.5, seed, W, tex(hex('#d9b07a'), 0.05), 0.6, 'dunes'),
          ridgeLayer(u * 5, hz + u, 4, seed + 1, W, tex(hex('#c99a60'), 0.08), 0.25, 'dunes'),
        ],
      };
    case 'sea':
    case 'lake': {
      const far = scene === 'lake' ? [ridgeLayer(u * 6, hz - u * 4, 4, seed, W, tex(hex('#4f6b55')), 0.65, 'trees')] : [];
      return { layers: far, water: { top: hz - u * 4, color: hex(scene === 'lake' ? '#4c6f7d' : '#2f6589') } };
    }
    case 'vineyard':
    case 'meadow':
    case 'hills':
    case 'park':
    case 'tropical': {
      const green = scene === 'tropical' ? '#3f7a3a' : scene === 'vineyard' ? '#6d7d3c' : '#6b8a4a';
      const rows = (x: number, y: number, top: number): Rgb3 => {
        const base = tex(hex(green), 0.08)(x, y, top);
        if (scene !== 'vineyard') return base;
        const stripe = Math.sin((x + (y - top) * 3) * 0.5) > 0.5 ? 0.78 : 1;
        return base.map((v) => v * stripe) as Rgb3;
      };
      const layers = [ridgeLayer(u * 10, hz - u * 2, 2, seed, W, tex(hex('#7d93a0'), 0.04), 0.75), ridgeLayer(u * 6, hz, 3, seed + 1, W, rows, 0.4)];
      if (scene === 'park' || scene === 'meadow' || scene === 'tropical') layers.push(ridgeLayer(u * 6, hz + u * 1.5, 14, seed + 3, W, tex(hex('#35532f'), 0.15, 0.3), 0.15, 'trees'));
      return { layers };
    }
    default: {
      // Cityscapes.
      const stone = [hex('#b9ab93'), hex('#a79c8b'), hex('#c8bba2'), hex('#9c8f7d')];
      const modern = [hex('#8c98a6'), hex('#6f7d8c'), hex('#a9b4bf'), hex('#5d6670'), hex('#b7c0c6')];
      const red = [hex('#b86a4b'), hex('#c98a5c'), hex('#a45a3f'), hex('#d8c7a8')];
      const white = [hex('#efeae0'), hex('#e6ddcc'), hex('#f4f1ea')];
      const make = (o: Parameters<typeof skyline>[4], maxH: number, base: number, depth: number, win: number) =>
        buildingLayer(skyline(rng, W, base, maxH, o), depth, light, seed, win);
      switch (scene) {
        case 'historic':
        case 'old-town':
          return {
            layers: [
              make({ minW: u * 6, maxW: u * 14, roofs: ['gable', 'gable', 'dome', 'spire', 'flat'], palette: stone, gap: u * 2, windows: 0.4 }, u * 14, hz, 0.6, u * 0.8),
              make({ minW: u * 4, maxW: u * 9, roofs: ['gable', 'gable', 'flat'], palette: scene === 'old-town' ? red : stone, gap: u, windows: 0.6 }, u * 8, hz + u * 2, 0.3, u * 0.9),
            ],
          };
        case 'suburb':
          return {
            layers: [
              ridgeLayer(u * 6, hz - u, 10, seed, W, tex(hex('#536b45'), 0.1, 0.3), 0.6, 'trees'),
              make({ minW: u * 7, maxW: u * 12, roofs: ['gable'], palette: [hex('#d9d2c5'), hex('#c9b8a0'), hex('#e8e4dc')], gap: u * 8, windows: 0.7 }, u * 5, hz + u * 2, 0.25, u * 0.8),
            ],
          };
        case 'mediterranean':
          return {
            layers: [
              ridgeLayer(u * 9, hz - u * 2, 2, seed, W, tex(hex('#8a8f6a'), 0.06), 0.65),
              make({ minW: u * 4, maxW: u * 8, roofs: ['flat', 'flat', 'gable', 'dome'], palette: white, gap: u * 2, windows: 0.5 }, u * 6, hz + u, 0.25, u * 0.7),
            ],
          };
        case 'industrial':
          return {
            layers: [
              make({ minW: u * 3, maxW: u * 5, roofs: ['flat'], palette: [hex('#7a7f86')], gap: u * 20, windows: 0 }, u * 18, hz, 0.65, u),
              make({ minW: u * 12, maxW: u * 24, roofs: ['sawtooth', 'flat', 'gable'], palette: [hex('#8e8a84'), hex('#6d7178'), hex('#a0968a')], gap: u * 3, windows: 0.2 }, u * 7, hz + u, 0.3, u),
            ],
          };
        case 'harbour':
          return {
            layers: [
              make({ minW: u * 6, maxW: u * 12, roofs: ['flat', 'flat', 'crown'], palette: modern, gap: u * 2, windows: 0.8 }, u * 18, hz - u * 3, 0.65, u * 0.7),
              make({ minW: u * 2, maxW: u * 3, roofs: ['flat'], palette: [hex('#c04a3a'), hex('#3a6fa8'), hex('#d9a23a')], gap: u * 15, windows: 0 }, u * 4, hz - u * 3, 0.35, u),
            ],
            water: { top: hz - u * 3, color: hex('#3d6378') },
          };
        case 'asian-metropolis':
          return {
            layers: [
              make({ minW: u * 4, maxW: u * 8, roofs: ['flat', 'crown', 'spire'], palette: modern, gap: u, windows: 0.9 }, u * 34, hz, 0.7, u * 0.55),
              make({ minW: u * 5, maxW: u * 10, roofs: ['flat', 'crown'], palette: modern, gap: u, windows: 0.9 }, u * 20, hz + u * 2, 0.4, u * 0.6),
            ],
          };
        default:
          // downtown, skyline-dusk
          return {
            layers: [
              make({ minW: u * 5, maxW: u * 11, roofs: ['flat', 'flat', 'crown', 'spire'], palette: modern, gap: u * 2, windows: 0.85 }, u * 28, hz, 0.7, u * 0.6),
              make({ minW: u * 6, maxW: u * 12, roofs: ['flat', 'flat', 'gable'], palette: modern.concat(stone), gap: u * 2, windows: 0.85 }, u * 14, hz + u * 2, 0.35, u * 0.7),
            ],
          };
      }
    }
  }
}

export function drawBackdrop(img: Rgb, mask: Plane | null, horizonY: number, scene: string, seed: number, light: BackdropLight): void {
  const { w, h } = img;
  const { layers, water } = layersFor(scene, w, horizonY, h, light, seed);
  const haze = light.horizon;
  const d = img.d;
  const put = (x: number, y: number, c: Rgb3, a: number) => {
    const i = y * w + x;
    const m = (mask ? mask.d[i] : 1) * a;
    if (m <= 0) return;
    const j = i * 3;
    d[j] += (c[0] - d[j]) * m;
    d[j + 1] += (c[1] - d[j + 1]) * m;
    d[j + 2] += (c[2] - d[j + 2]) * m;
  };
  if (water) {
    for (let y = Math.max(0, Math.floor(water.top)); y < h; y++) {
      const t = (y - water.top) / (h * 0.2);
      for (let x = 0; x < w; x++) {
        const glint = Math.max(0, fbm(x * 0.02, y * 0.6, seed, 3)) * 0.25;
        const c = mix3(mix3(haze, water.color.map((v) => v * (0.35 + 0.65 * light.daylight)) as Rgb3, Math.min(1, 0.4 + t)), haze, glint);
        put(x, y, c, 1);
      }
    }
  }
  for (const layer of layers) {
    for (let x = 0; x < w; x++) {
      const top = layer.top(x + 0.5);
      if (!Number.isFinite(top)) continue;
      const y0 = Math.max(0, Math.floor(top));
      // Each layer reaches down to the horizon band (or to the water line).
      const y1 = Math.min(h - 1, Math.ceil(water ? water.top + 1 : horizonY + h * 0.05));
      for (let y = y0; y <= y1; y++) {
        const a = y === y0 ? Math.min(1, y + 1 - top) : 1;
        const c = layer.color(x, y, top);
        put(x, y, mix3(c, haze, layer.depth * 0.75), a);
      }
    }
  }
}
