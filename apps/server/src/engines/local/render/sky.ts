import { rgbToLab } from '../pixels/color.js';
import { blurPlane, sobel } from '../pixels/filters.js';
import { fitSize, luminance, newPlane, newRgb, resizePlane, resizeRgb, smoothstep, type Plane, type Rgb } from '../pixels/image.js';
import { fbm, perlin, ridged } from '../pixels/noise.js';
import { hash2 } from '../pixels/prng.js';
import type { SkyLook } from './looks.js';
import { closeCloudSeams, cloudBanks } from './sky-cloud-banks.js';
import { addCrownPockets, lowestSkyRow } from './sky-crown-pockets.js';
import { dropLevelBlocks } from './sky-level-blocks.js';
import { dropGroundPlane } from './sky-ground-plane.js';
import { dropWindowedWalls } from './sky-facades.js';
import { matteSky } from './sky-matte.js';
import { addOpenings } from './sky-openings.js';

export interface SkyDetection {
  /** Soft mask, full resolution, 1 = sky. */
  mask: Plane;
  /** Fraction of the image that is sky. */
  coverage: number;
  /** Row (full resolution) where the sky meets the scene, for gradients and haze. */
  horizonY: number;
  /** The original sky's local colour per pixel (sRGB), for edge decontamination. */
  color: Rgb;
  /** Sky seen through openings the building encloses, 0/1 at the detection's working side (256 px); absent when there are none. */
  openings?: Plane;
}

/** No sky in the picture: an empty mask and a horizon a little below the middle. */
export function noSky(img: Rgb): SkyDetection {
  return { mask: newPlane(img.w, img.h), coverage: 0, horizonY: Math.round(img.h * 0.6), color: newRgb(img.w, img.h) };
}

/**
 * Sky detection: bright or bluish, low-texture pixels connected to the top edge through
 * smooth colour steps; matted at full resolution against the old sky's local colour (sky-matte.ts).
 */
export function detectSky(img: Rgb): SkyDetection {
  const ws = fitSize(img.w, img.h, 256);
  const small = resizeRgb(img, ws.w, ws.h);
  const w = ws.w;
  const h = ws.h;
  const n = w * h;
  const lab = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) rgbToLab(small.d[i * 3], small.d[i * 3 + 1], small.d[i * 3 + 2], lab, i * 3);
  const lum = luminance(small);
  const tex = blurPlane(sobel(blurPlane(lum, 0.7)).mag, 1.2);
  const cand = new Uint8Array(n);
  const skyColoured = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const L = lab[i * 3];
    const a = lab[i * 3 + 1];
    const b = lab[i * 3 + 2];
    const smooth = tex.d[i] < 0.022;
    const green = a < GREEN_MAX_A && b > GREEN_MIN_B;
    const skyColour = !green && ((L > 42 && b < 6 && a < 12 && a > -12) || (L > 72 && Math.abs(a) < 10 && b < 22));
    const deepBlue = L > DEEP_BLUE_MIN_L && b < DEEP_BLUE_MAX_B && a > -12 && a < 20;
    const light = L > LIGHT_GROW_MIN_L;
    skyColoured[i] = skyColour ? 1 : 0;
    cand[i] = smooth ? (skyColour ? SEED : deepBlue || (light && !green) ? GROW_ONLY : 0) : 0;
  }
  // Flood fill from the top row through candidates with small colour steps.
  const sky = new Uint8Array(n);
  const stack: number[] = [];
  for (let x = 0; x < w; x++)
    if (cand[x] === SEED) {
      sky[x] = 1;
      stack.push(x);
    }
  while (stack.length) {
    const i = stack.pop()!;
    const x = i % w;
    const y = (i - x) / w;
    for (let q = 0; q < 4; q++) {
      const j = q === 0 ? (x > 0 ? i - 1 : -1) : q === 1 ? (x < w - 1 ? i + 1 : -1) : q === 2 ? (y > 0 ? i - w : -1) : y < h - 1 ? i + w : -1;
      if (j < 0 || sky[j] || !cand[j]) continue;
      const dl = lab[i * 3] - lab[j * 3];
      const da = lab[i * 3 + 1] - lab[j * 3 + 1];
      const db = lab[i * 3 + 2] - lab[j * 3 + 2];
      if (dl * dl + da * da + db * db > 36) continue;
      sky[j] = 1;
      stack.push(j);
    }
  }
  dropWindowedWalls(sky, lab, w, h);
  // Smooth sky the flood fill could not reach past the twigs of a bare crown.
  addCrownPockets(sky, cand, skyColoured, lab, w, h);
  for (let k = 0; k < 2; k++) cloudEdges(sky, lab, w, h);
  fillClouds(sky, lab, tex.d, w, h);
  // A bank joined to the sky leaves the cloud edge between them as a thin line of scene.
  const banks = cloudBanks(sky, lab, tex.d, fineTexture(img, w, h), w, h);
  if (banks) {
    for (let k = 0; k < BANK_EDGE_STEPS; k++) cloudEdges(sky, lab, w, h);
    closeCloudSeams(sky, lab, w, h);
    // Pieces of the bank its smoothness test left out are islands in the sky now.
    fillClouds(sky, lab, tex.d, w, h);
  }
  dropGroundPlane(sky, lab, w, h);
  const walls = dropLevelBlocks(sky, lab, w, h);
  // Sky seen through openings the building encloses (between columns, under arches).
  const openings = addOpenings(sky, cand, lab, w, h);
  let count = 0;
  for (let i = 0; i < n; i++) count += sky[i];
  if (count < n * 0.02) return noSky(img);

  // Horizon: 85th percentile of each column's lowest sky row.
  const bottom = lowestSkyRow(sky, w, h);
  const hz = bottom >= 0 ? bottom : h * 0.6;
  const horizonY = Math.round(((hz + 1) / h) * img.h);

  const low = newPlane(w, h);
  for (let i = 0; i < n; i++) low.d[i] = sky[i];
  let bankPlane: Plane | undefined;
  if (banks) {
    bankPlane = newPlane(w, h);
    for (let i = 0; i < n; i++) bankPlane.d[i] = banks[i];
  }
  let openPlane: Plane | undefined;
  if (openings) {
    openPlane = newPlane(w, h);
    for (let i = 0; i < n; i++) openPlane.d[i] = openings[i];
  }
  let wallPlane: Plane | undefined;
  if (walls) {
    wallPlane = newPlane(w, h);
    for (let i = 0; i < n; i++) wallPlane.d[i] = walls[i];
  }
  const { mask: alpha, color } = matteSky(img, low, bankPlane, openPlane, wallPlane);
  return { mask: alpha, coverage: count / n, horizonY, color, openings: openPlane };
}

/**
 * A deep blue sky (the zenith of a clear day) is this light at least, and at least this blue (Lab b).
 * It is sky only when reached from a lighter sky along the top edge: a twilight sky with no light
 * part is left whole, as its dark clouds cannot be told from the dusk silhouettes, and replacing
 * only its blue would leave them as dark islands in the new sky.
 */
const DEEP_BLUE_MIN_L = 30;
/**
 * A smooth pixel this light (Lab L) extends the sky whatever its hue: a pale cyan or a warm haze
 * near the horizon (Rang Ghar's sky was left as an old pale block above the roof, 71 % of it
 * replaced). Darker, a warm sunset sky cannot be told from a warm façade it meets at a faint edge.
 */
const LIGHT_GROW_MIN_L = 65;
/**
 * A green this strong (Lab a) and no bluer than this (b) is never sky: copper patina, a lit lawn.
 * A sky's hue runs from warm to cyan, and a cyan sky is blue as well as green. Berlin's pale
 * patina dome was flooded as sky through its lit shoulder.
 */
const GREEN_MAX_A = -8;
const GREEN_MIN_B = -4;
/** Candidate kinds of the flood fill: a sky colour seeds it along the top edge; a deep blue only extends it. */
const SEED = 1;
const GROW_ONLY = 2;
const DEEP_BLUE_MAX_B = -14;

/** A cloud island is at least this light (Lab L) on average, and at most this red (a) or yellow (b)… */
const CLOUD_MIN_L = 55;
const CLOUD_MAX_A = 10;
const CLOUD_MAX_B = 12;
/** …and at least this green-blue (a pale cyan sky the flood fill did not reach is sky too). */
const CLOUD_MIN_A = -16;

/** An island touching a side of the picture (in its upper half) is a cloud only this light and at most this yellow. */
const SIDE_CLOUD_MIN_L = 72;
const SIDE_CLOUD_MAX_B = 4;
/** …and smoother than a tree crown (mean gradient at the working resolution). */
const SIDE_CLOUD_MAX_TEXTURE = 0.045;
/** Sky on both sides of a cloud's edge differs by at least this much in Lab L. */
const CLOUD_EDGE_SPREAD = 8;

/**
 * A cloud's edge: the flood fill leaves thin lines of textured pixels between the blue sky and a
 * white cloud. A scene pixel next to the sky whose lightness lies between the darkest and the
 * lightest sky around it (5 x 5), those differing clearly, and whose colour is a cloud's, is the
 * edge of a cloud, not a spire (a spire has the same sky on both sides and is lighter or darker
 * than it) nor a branch (darker than all of it). One pixel deep per call, in place.
 */
function cloudEdges(sky: Uint8Array, lab: Float32Array, w: number, h: number): void {
  const add: number[] = [];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (sky[i]) continue;
      const L = lab[i * 3];
      if (L < CLOUD_MIN_L || Math.abs(lab[i * 3 + 1]) > CLOUD_MAX_A || lab[i * 3 + 2] > CLOUD_MAX_B) continue;
      let lo = Infinity;
      let hi = -Infinity;
      for (let yy = Math.max(0, y - 2); yy <= Math.min(h - 1, y + 2); yy++)
        for (let xx = Math.max(0, x - 2); xx <= Math.min(w - 1, x + 2); xx++) {
          const j = yy * w + xx;
          if (!sky[j]) continue;
          lo = Math.min(lo, lab[j * 3]);
          hi = Math.max(hi, lab[j * 3]);
        }
      if (hi - lo >= CLOUD_EDGE_SPREAD && L >= lo && L <= hi) add.push(i);
    }
  for (const i of add) sky[i] = 1;
}

/**
 * Clouds into the sky region: the flood fill stops at a cloud's textured edge, leaving a hole.
 * Every island of scene that touches neither the bottom edge nor a side edge in the lower half of the picture, and is as light and
 * grey as a cloud (whiter and smoother when it touches a side), becomes sky (a building, a tree or a
 * person stands on the bottom edge or enters from a side). In place, on the working-resolution 0/1 sky.
 */
function fillClouds(sky: Uint8Array, lab: Float32Array, tex: Float32Array, w: number, h: number): void {
  const n = w * h;
  const seen = new Uint8Array(n);
  const stack: number[] = [];
  const members: number[] = [];
  for (let s0 = 0; s0 < n; s0++) {
    if (sky[s0] || seen[s0]) continue;
    members.length = 0;
    stack.push(s0);
    seen[s0] = 1;
    let grounded = false;
    let side = false;
    let sumL = 0;
    let sumA = 0;
    let sumB = 0;
    let sumT = 0;
    while (stack.length) {
      const i = stack.pop()!;
      members.push(i);
      const x = i % w;
      const y = (i - x) / w;
      if (y === h - 1 || ((x === 0 || x === w - 1) && y > h / 2)) grounded = true;
      if (x === 0 || x === w - 1) side = true;
      sumL += lab[i * 3];
      sumA += lab[i * 3 + 1];
      sumB += lab[i * 3 + 2];
      sumT += tex[i];
      for (let q = 0; q < 4; q++) {
        const j = q === 0 ? (x > 0 ? i - 1 : -1) : q === 1 ? (x < w - 1 ? i + 1 : -1) : q === 2 ? (y > 0 ? i - w : -1) : y < h - 1 ? i + w : -1;
        if (j < 0 || sky[j] || seen[j]) continue;
        seen[j] = 1;
        stack.push(j);
      }
    }
    const k = members.length;
    if (grounded || sumL / k < CLOUD_MIN_L || sumA / k < CLOUD_MIN_A || sumA / k > CLOUD_MAX_A || sumB / k > CLOUD_MAX_B) continue;
    // Entering from a side, only a white or bluish, smooth island is a cloud (a crown entering
    // there is darker, greener or more textured; an island touching no side cannot be a crown).
    if (side && (sumL / k < SIDE_CLOUD_MIN_L || sumB / k > SIDE_CLOUD_MAX_B || sumT / k > SIDE_CLOUD_MAX_TEXTURE)) continue;
    for (const i of members) sky[i] = 1;
  }
}

/** A bank's edge is as wide as the textured ring around it (sky-cloud-banks.ts' SKY_REACH). */
const BANK_EDGE_STEPS = 4;

/** Detail finer than the working resolution shows at this long side (stone joints, not JPEG noise). */
const FINE_SIDE = 512;

/** Mean gradient magnitude of the luminance at FINE_SIDE, averaged into each working pixel. */
function fineTexture(img: Rgb, w: number, h: number): Float32Array {
  const fs = fitSize(img.w, img.h, FINE_SIDE);
  return resizePlane(sobel(luminance(resizeRgb(img, fs.w, fs.h))).mag, w, h).d;
}

export interface SkyOptions {
  seed: number;
  /** Only pixels under this (full-resolution) mask need clouds; the rest get the gradient. */
  need?: Plane;
  horizonY: number;
  /** Horizontal cloud drift (variation). */
  offsetX: number;
  offsetY: number;
  /** Extra cloud coverage (variation), added. */
  coverageShift: number;
}

/**
 * A procedural sky: zenith-to-horizon gradient, sun or moon glow, perspective clouds shaded
 * toward the light, stars at night. Rendered at up to 640 px wide and upsampled (skies are
 * soft), with fine grain added back at full size by the caller's grain pass.
 */
export function renderSky(W: number, H: number, sky: SkyLook, o: SkyOptions): Rgb {
  const ws = fitSize(W, H, 480);
  const w = ws.w;
  const h = ws.h;
  const out = newRgb(w, h);
  let needLow: Uint8Array | null = null;
  if (o.need) {
    // Which working pixels touch the mask (dilated by one, for the bilinear upsampling).
    needLow = new Uint8Array(w * h);
    const sx = w / W;
    const sy = h / H;
    for (let y = 0; y < H; y += 2)
      for (let x = 0; x < W; x += 2) {
        if (o.need.d[y * W + x] <= 0.01) continue;
        const lx = Math.min(w - 1, Math.floor(x * sx));
        const ly = Math.min(h - 1, Math.floor(y * sy));
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) {
            const xx = lx + dx;
            const yy = ly + dy;
            if (xx >= 0 && yy >= 0 && xx < w && yy < h) needLow[yy * w + xx] = 1;
          }
      }
  }
  const hz = Math.max(h * 0.25, (o.horizonY / H) * h);
  const sunX = sky.sunX * w;
  const sunY = hz - sky.sunElevation * hz * 0.95;
  const cover = Math.max(0, Math.min(1, sky.clouds + o.coverageShift));
  const th = 0.7 - cover * 0.48;
  const seed = o.seed;
  const aspect = w / h;
  for (let y = 0; y < h; y++) {
    const t = Math.min(1, Math.max(0, y / hz));
    const g = Math.pow(t, 1.7);
    const above = Math.max(0.0, (hz - y) / h);
    const z = 1 / (above + 0.06);
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      let r = sky.zenith[0] + (sky.horizon[0] - sky.zenith[0]) * g;
      let gg = sky.zenith[1] + (sky.horizon[1] - sky.zenith[1]) * g;
      let b = sky.zenith[2] + (sky.horizon[2] - sky.zenith[2]) * g;
      // Sun glow: a wide halo and a tight core.
      const dx = (x - sunX) / w;
      const dy = (y - sunY) / w;
      const d = Math.sqrt(dx * dx + dy * dy);
      // A wide halo, and a tight core only when the sun itself is in the picture.
      const halo = sky.glow * (Math.exp(-d * 4) * 0.55 + (sky.sun > 0.45 ? Math.exp(-d * 18) * 0.5 : 0));
      r += sky.sunColor[0] * halo;
      gg += sky.sunColor[1] * halo;
      b += sky.sunColor[2] * halo;
      if (sky.stars > 0) {
        const hs = hash2(x, y, seed ^ 0x51a7);
        if (hs > 0.9975) {
          const s = (hs - 0.9975) * 400 * sky.stars * smoothstep(0.05, 0.35, above);
          r += s;
          gg += s;
          b += s * 1.05;
        }
      }
      // Clouds.
      let dens = 0;
      if (sky.cloudType !== 'none' && cover > 0.01 && y < hz + 2 && (!needLow || needLow[y * w + x])) {
        const cx = ((x / w - 0.5) * aspect * z * 0.45 + o.offsetX) * 1.0;
        const cy = z * 0.9 + o.offsetY;
        let nv: number;
        let shade: number;
        const lx = (sunX / w - x / w) * 0.08;
        const ly = -Math.max(-0.06, Math.min(0.06, ((sunY - y) / h) * 0.4));
        switch (sky.cloudType) {
          case 'stratus': {
            const warp = fbm(cx * 0.4, cy * 0.6, seed ^ 11, 2) * 0.7;
            nv = fbm(cx * 0.9 + warp, cy * 1.3, seed, 5) * 0.5 + 0.5;
            const n2 = fbm(cx * 0.9 + warp + lx, cy * 1.3 + ly, seed, 3) * 0.5 + 0.5;
            dens = smoothstep(th - 0.22, th + 0.22, nv);
            shade = 0.5 + (nv - n2) * 3;
            break;
          }
          case 'cirrus': {
            const warp = fbm(cx * 0.5, cy * 0.5, seed ^ 3, 3);
            nv = ridged(cx * 0.7 + warp, cy * 5, seed, 4);
            dens = smoothstep(th + 0.05, th + 0.35, nv * 0.9) * 0.75;
            shade = 0.7;
            break;
          }
          case 'storm': {
            const warp = fbm(cx * 0.6, cy * 0.6, seed ^ 9, 2) * 0.8;
            nv = fbm(cx * 1.1 + warp, cy * 1.1, seed, 5) * 0.5 + 0.5;
            const n2 = fbm(cx * 1.1 + warp + lx, cy * 1.1 + ly - 0.05, seed, 3) * 0.5 + 0.5;
            dens = smoothstep(th - 0.15, th + 0.12, nv);
            shade = 0.35 + (nv - n2) * 4 - (1 - t) * 0.1;
            break;
          }
          default: {
            const warp = fbm(cx * 0.7, cy * 0.7, seed ^ 5, 2) * 0.6;
            nv = fbm(cx * 1.3 + warp, cy * 2.2, seed, 5) * 0.5 + 0.5;
            const billow = 1 - Math.abs(perlin(cx * 3.1, cy * 5, seed ^ 7)) * 0.25;
            nv *= billow + 0.12;
            const n2 = fbm(cx * 1.3 + warp + lx, cy * 2.2 + ly, seed, 3) * 0.5 + 0.5;
            dens = smoothstep(th, th + 0.13, nv);
            shade = 0.55 + (nv - n2 * (billow + 0.12)) * 5;
          }
        }
        // Clouds thin out into the horizon haze.
        dens *= smoothstep(0.0, 0.07, above);
        const s = Math.max(0, Math.min(1, shade));
        const cr = sky.cloudShade[0] + (sky.cloudLight[0] - sky.cloudShade[0]) * s;
        const cg = sky.cloudShade[1] + (sky.cloudLight[1] - sky.cloudShade[1]) * s;
        const cb = sky.cloudShade[2] + (sky.cloudLight[2] - sky.cloudShade[2]) * s;
        // Silver lining near the sun.
        const rim = halo * 0.8 * dens * (1 - dens);
        r += (cr + sky.sunColor[0] * rim - r) * dens;
        gg += (cg + sky.sunColor[1] * rim - gg) * dens;
        b += (cb + sky.sunColor[2] * rim - b) * dens;
      }
      // Sun or moon disc.
      if (sky.sun > 0.45) {
        const disc = smoothstep(0.018, 0.014, d) * (1 - dens * 0.85);
        if (disc > 0) {
          const moon = sky.moon;
          const crater = moon ? 0.9 + perlin(x * 0.3, y * 0.3, seed) * 0.08 : 1;
          const k = disc * sky.sun * (moon ? 1 : 1.3);
          r += ((moon ? 0.93 : 1.0) * crater - r) * Math.min(1, k);
          gg += ((moon ? 0.94 : 0.97) * crater - gg) * Math.min(1, k);
          b += ((moon ? 0.9 : 0.88) * crater - b) * Math.min(1, k);
        }
      }
      out.d[i] = r;
      out.d[i + 1] = gg;
      out.d[i + 2] = b;
    }
  }
  return w === W && h === H ? out : resizeRgb(out, W, H);
}
