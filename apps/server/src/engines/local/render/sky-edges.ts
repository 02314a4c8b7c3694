import { blurPlane, boxBlurPlane } from '../pixels/filters.js';
import { cropPlane, cropRgb, newPlane, pixelBox, placePlane, smoothstep, windowAround, type PixelWindow, type Plane, type Rgb } from '../pixels/image.js';

/**
 * The skyline's mixed pixels. The photo's own blur spreads the sky a few pixels into the scene,
 * where the matte's colour test gives little or no sky alpha: left as they are, those pixels keep
 * the old (often paler) sky, a light fringe around the building and the tree crowns once the sky
 * is replaced. Each pixel within a few pixels of the sky is read as a mix of the old sky's local
 * colour S and the colour F of the solid scene nearby (pixels with no sky alpha anywhere around,
 * averaged): its share of sky is its position on the line from F to S.
 */

/** Below this colour distance (sRGB 0..1) between the old sky and the scene beside it, a mix of the two cannot be told apart. */
const MIN_CONTRAST = 0.08;
/** Off the scene-to-sky line by this share of their distance, a pixel is its own colour, not a mix (a lit cornice, a lamp). */
const OFF_LINE_LO = 0.2;
const OFF_LINE_HI = 0.4;
/** Past this much sky, a pixel's own scene colour is too noisy to unmix: the solid scene's colour beside it takes over. */
const UNMIX_LO = 0.5;
const UNMIX_HI = 0.9;
/** Share of sky above which a pixel the matte gave no alpha is left as it is (sky the matte missed, not a mix)… */
const UNMATTED_LO = 0.6;
const UNMATTED_HI = 0.85;
/** …and at least this far (sRGB 0..1) from the old sky's local colour. */
const UNMATTED_FAR = 0.1;
/** How far (luminance) a mix may lie outside the span of its two parts: lighter by a camera's sharpening halo, darker by noise. */
const LIGHTER_SLACK = 0.12;
const DARKER_SLACK = 0.04;
/** Share of solid scene in the blur around a pixel below which there is none to read its colour from (a thin spire, a branch). */
const MIN_WEIGHT = 0.01;

export interface SkyEdge {
  /** Each pixel's share of the old sky (0 away from the skyline). */
  share: Plane;
  /** Colour of the solid scene near each pixel (sRGB), where `weight` > MIN_WEIGHT. */
  scene: [Plane, Plane, Plane];
  weight: Plane;
}

/** Pixels around the skyline at this image size: the photo's blur (lens, JPEG, resampling) spreads the sky over about this many. */
function edgeReach(w: number, h: number): number {
  return Math.max(4, Math.round(Math.max(w, h) / 160));
}

/**
 * The mixed pixels along the edge of `alpha` (sky alpha) against the old sky's local colour `sky`.
 * Worked out in the window around the skyline only (deep in the sky and far in the scene there is
 * nothing mixed, and no solid scene within a blur's reach of the sky's interior).
 */
export function skyEdge(img: Rgb, alpha: Plane, sky: Rgb): SkyEdge {
  const { w, h } = img;
  const reach = edgeReach(w, h);
  const win = skylineWindow(alpha, reach);
  if (!win) return skyEdgeIn(img, alpha, sky, reach);
  const part = skyEdgeIn(cropRgb(img, win), cropPlane(alpha, win), cropRgb(sky, win), reach);
  return {
    share: placePlane(part.share, win, w, h),
    scene: part.scene.map((p) => placePlane(p, win, w, h)) as [Plane, Plane, Plane],
    weight: placePlane(part.weight, win, w, h),
  };
}

/** Beyond the blurs' reach (the solid scene's, about 4 reach, and the band's) from the skyline. */
const WINDOW_MARGIN_REACHES = 6;

/**
 * The window around the skyline: the edge of the pixels with any sky alpha, grown by the blurs'
 * reach; null when it would be most of the picture anyway (or there is no skyline).
 */
function skylineWindow(alpha: Plane, reach: number): PixelWindow | null {
  const { w, h, d } = alpha;
  const edge: number[] = [];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const t = d[i] > 0.02;
      if ((x + 1 < w && d[i + 1] > 0.02 !== t) || (y + 1 < h && d[i + w] > 0.02 !== t)) edge.push(i);
    }
  if (edge.length === 0) return null;
  const win = windowAround(pixelBox(edge, w), WINDOW_MARGIN_REACHES * reach + 4, w, h);
  return win.w * win.h > 0.8 * w * h ? null : win;
}

function skyEdgeIn(img: Rgb, alpha: Plane, sky: Rgb, reach: number): SkyEdge {
  const { w, h, d } = img;
  const m = alpha.d;
  const c = sky.d;
  const touched = newPlane(w, h);
  const half = newPlane(w, h);
  for (let i = 0; i < w * h; i++) {
    touched.d[i] = m[i] > 0.02 ? 1 : 0;
    half.d[i] = m[i] > 0.5 ? 1 : 0;
  }
  const band = grow(half, reach);
  const near = grow(touched, reach);
  const { scene, weight } = nearestSceneColour(img, alpha, sky, grow(touched, reach + 3), solidSceneColour(img, near, reach));
  const share = newPlane(w, h);
  const I = [0, 0, 0];
  const S = [0, 0, 0];
  const F = [0, 0, 0];
  for (let i = 0; i < w * h; i++) {
    if (band.d[i] < 0.5 || m[i] >= 0.98 || weight.d[i] <= MIN_WEIGHT) continue;
    for (let k = 0; k < 3; k++) {
      I[k] = d[i * 3 + k];
      S[k] = c[i * 3 + k];
      F[k] = scene[k].d[i];
    }
    share.d[i] = Math.max(0, mixShare(I, F, S));
  }
  return { share, scene, weight };
}

/**
 * Takes the old sky out of the mixed pixels along the skyline, so the new sky, blended in by the
 * matte's alpha, leaves no light fringe: the sky's share (its place between the old sky and the
 * solid scene beside it) is taken out, and pixels mostly of sky take the solid scene's colour.
 * Thin structures with no solid scene nearby (a spire, a branch) are unmixed by the matte's alpha,
 * up to 80 % sky.
 * `photo` is the unedited photograph `img` was made from (the same size).
 */
export function decontaminateEdges(img: Rgb, sky: { coverage: number; mask: Plane; color: Rgb }, photo: Rgb = img): void {
  if (sky.coverage <= 0) return;
  const { w, h, d } = img;
  const m = sky.mask.d;
  const c = sky.color.d;
  // Read from the photo as it was, so a material painted into a region since does not spread
  // into the pixels beside it through the scene colour.
  const { share, scene, weight } = skyEdge(photo, sky.mask, sky.color);
  const beside = besideScene(sky.mask, share, weight);
  for (let i = 0; i < w * h; i++) {
    if (m[i] >= 0.98) continue;
    const j = i * 3;
    if (weight.d[i] > MIN_WEIGHT) {
      // The sky's part taken out along the line from the scene to the sky, so the pixel's own
      // detail stays and no division amplifies an error into the sky's complement (orange on
      // slate under blue); mostly-sky pixels take the solid scene's colour.
      // A pixel mostly of sky, unlike the old sky's local colour, that the matte left to the scene
      // lies in sky the matte did not reach (haze between a cloud and a tower): painting it as
      // scene would smear the tower. (Of the sky's very colour, it is the rim the matte spared.)
      const far = m[i] <= 0.02 && !beside.d[i] && Math.hypot(d[j] - c[j], d[j + 1] - c[j + 1], d[j + 2] - c[j + 2]) > UNMATTED_FAR;
      const t = share.d[i] * (far ? 1 - smoothstep(UNMATTED_LO, UNMATTED_HI, share.d[i]) : 1);
      if (t <= 0.02) continue;
      const toScene = smoothstep(UNMIX_LO, UNMIX_HI, t);
      for (let k = 0; k < 3; k++) {
        const F = scene[k].d[i];
        const v = d[j + k] - t * (c[j + k] - F);
        d[j + k] = Math.max(0, Math.min(1, v + (F - v) * toScene));
      }
      continue;
    }
    if (m[i] <= 0.02) continue;
    const a = Math.min(0.8, m[i] * 1.15);
    for (let k = 0; k < 3; k++) d[j + k] = Math.max(0, Math.min(1, (d[j + k] - a * c[j + k]) / (1 - a)));
  }
}

/**
 * The pixel's share of sky read as its position on the line from the scene colour F to the sky
 * colour S (0..1, damped as it strays off that line), or -1 when F and S are too alike to tell.
 */
function mixShare(I: number[], F: number[], S: number[]): number {
  let len2 = 0;
  let dot = 0;
  for (let k = 0; k < 3; k++) {
    len2 += (S[k] - F[k]) ** 2;
    dot += (I[k] - F[k]) * (S[k] - F[k]);
  }
  if (len2 < MIN_CONTRAST * MIN_CONTRAST) return -1;
  // A mix is as light as something between its two parts: a white cloud beside a dark tower
  // against blue is lighter than both, not a mix of them.
  const lf = lum(F);
  const ls = lum(S);
  const li = lum(I);
  if (li > Math.max(lf, ls) + LIGHTER_SLACK || li < Math.min(lf, ls) - DARKER_SLACK) return 0;
  const t = Math.max(0, Math.min(1, dot / len2));
  let off = 0;
  for (let k = 0; k < 3; k++) off += (I[k] - F[k] - t * (S[k] - F[k])) ** 2;
  return t * (1 - smoothstep(OFF_LINE_LO, OFF_LINE_HI, Math.sqrt(off / len2)));
}

function lum(p: number[]): number {
  return 0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2];
}

/** The colour of the solid scene around each pixel: a normalised blur of the pixels outside `near` (no sky alpha within reach). */
function solidSceneColour(img: Rgb, near: Plane, sigma: number): { scene: [Plane, Plane, Plane]; weight: Plane } {
  const { w, h, d } = img;
  const solid = newPlane(w, h);
  const ch: [Plane, Plane, Plane] = [newPlane(w, h), newPlane(w, h), newPlane(w, h)];
  for (let i = 0; i < w * h; i++) {
    const s = near.d[i] > 0.5 ? 0 : 1;
    solid.d[i] = s;
    for (let k = 0; k < 3; k++) ch[k].d[i] = d[i * 3 + k] * s;
  }
  const weight = blurPlane(solid, sigma);
  const scene = ch.map((p) => blurPlane(p, sigma)) as [Plane, Plane, Plane];
  for (let i = 0; i < w * h; i++) {
    const den = Math.max(1e-4, weight.d[i]);
    for (let k = 0; k < 3; k++) scene[k].d[i] /= den;
  }
  return { scene, weight };
}

/** sRGB distance from the old sky's local colour beyond which a pixel the matte left is plainly scene, not a mix. */
const PLAIN_SCENE = 0.3;
/** Share of the wide solid scene's distance from the sky that a plain scene pixel is at least as far. */
const PLAIN_SHARE = 0.85;
/** Weight of plain scene in that blur from which its colour replaces the wide solid scene's. */
const PLAIN_WEIGHT = 0.1;

/**
 * The scene a mixed pixel is blurred with is the scene right beside it: the dark coping of a
 * cornice, not the pale wall the wide solid-scene blur averages a few pixels further in (which
 * painted the sky's blur above the coping wall-coloured, a pale band along the roofline). Where
 * plain scene pixels (no sky alpha, far from the sky's colour) lie within a pixel or two, their
 * close blur is the scene colour when it is farther from the sky than the wide one (a blurred
 * edge's own pixels are nearer the sky than the scene behind them); elsewhere the wide one stays.
 */
function nearestSceneColour(img: Rgb, alpha: Plane, sky: Rgb, zone: Plane, wide: { scene: [Plane, Plane, Plane]; weight: Plane }): { scene: [Plane, Plane, Plane]; weight: Plane } {
  const { w, h, d } = img;
  const c = sky.d;
  const dist = (r: number, g: number, b: number, j: number) => Math.sqrt((r - c[j]) ** 2 + (g - c[j + 1]) ** 2 + (b - c[j + 2]) ** 2);
  // Plain pixels are few (about 1 % of a photo): their close blur is spread from each of them.
  const plain: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < w * h; i++) {
    if (zone.d[i] < 0.5 || alpha.d[i] > 0.02) continue;
    const j = i * 3;
    // Plain: as far from the sky as the wide scene is (a blurred edge's own mix is not).
    const wideFar = wide.weight.d[i] > MIN_WEIGHT ? dist(wide.scene[0].d[i], wide.scene[1].d[i], wide.scene[2].d[i], j) * PLAIN_SHARE : 0;
    const far = dist(d[j], d[j + 1], d[j + 2], j);
    if (far <= Math.max(PLAIN_SCENE, wideFar)) continue;
    // The farther from the sky, the surer a pixel is scene and not part of the blur.
    const weight = far * far * far * far;
    plain.push(i);
    values.push(1, weight, d[j] * weight, d[j + 1] * weight, d[j + 2] * weight);
  }
  const [near, sum, ...col] = spreadCloseBlur(plain, values, w, h);
  for (let i = 0; i < w * h; i++) {
    if (near.d[i] < PLAIN_WEIGHT) continue;
    const j = i * 3;
    const F = [col[0].d[i] / sum.d[i], col[1].d[i] / sum.d[i], col[2].d[i] / sum.d[i]];
    // A mix only moves toward the sky: of the two, the scene farther from it is the one blurred in.
    if (wide.weight.d[i] > MIN_WEIGHT && dist(F[0], F[1], F[2], j) <= dist(wide.scene[0].d[i], wide.scene[1].d[i], wide.scene[2].d[i], j)) continue;
    for (let k = 0; k < 3; k++) wide.scene[k].d[i] = F[k];
    wide.weight.d[i] = Math.max(wide.weight.d[i], near.d[i]);
  }
  return wide;
}

const CHANNELS = 5;

/**
 * What a blur over a pixel or two (two 3×3 box passes, edges clamped) makes of CHANNELS planes
 * that are zero but at `pixels` (`values` holds each one's CHANNELS values in a row): each pixel
 * spreads its values over the 5×5 pixels the two passes carry it to.
 */
export function spreadCloseBlur(pixels: number[], values: number[], w: number, h: number): Plane[] {
  const out = Array.from({ length: CHANNELS }, () => newPlane(w, h));
  const wx = new Float64Array(5);
  const wy = new Float64Array(5);
  for (let n = 0; n < pixels.length; n++) {
    const i = pixels[n];
    const x = i % w;
    const y = (i - x) / w;
    twoBoxWeights(x, w, wx);
    twoBoxWeights(y, h, wy);
    for (let dy = 0; dy < 5; dy++) {
      if (wy[dy] === 0) continue;
      const row = (y + dy - 2) * w;
      for (let dx = 0; dx < 5; dx++) {
        const k = wy[dy] * wx[dx];
        if (k === 0) continue;
        const o = row + x + dx - 2;
        for (let c = 0; c < CHANNELS; c++) out[c].d[o] += k * values[n * CHANNELS + c];
      }
    }
  }
  return out;
}

/**
 * The share of a one at `s` (of `n` samples) that two clamped 3-sample box passes leave at
 * s-2 … s+2 (into `out`; zero outside the line). At an edge the clamped samples add up.
 */
function twoBoxWeights(s: number, n: number, out: Float64Array): void {
  if (s >= 2 && s <= n - 3) {
    out.set(TENT);
    return;
  }
  for (let k = 0; k < 5; k++) {
    const o = s + k - 2;
    let sum = 0;
    if (o >= 0 && o < n)
      for (let t = -1; t <= 1; t++) {
        // One pass reads x's clamped neighbours; the other reads x = o + t, clamped.
        const x = Math.min(n - 1, Math.max(0, o + t));
        sum += Number(Math.max(0, x - 1) === s) + Number(x === s) + Number(Math.min(n - 1, x + 1) === s);
      }
    out[k] = sum / 9;
  }
}

/** Two 3-sample box passes away from the edges: a tent over five samples. */
const TENT = [1 / 9, 2 / 9, 3 / 9, 2 / 9, 1 / 9];

/** How close (px) to the solid scene a pixel the matte left is a mix at the building's edge, not sky the matte did not reach. */
const SCENE_SIDE = 2;

/**
 * Pixels within SCENE_SIDE of the solid scene (no sky alpha, hardly any sky share): the blurred
 * edge of a dome or a cornice is a ring a few pixels wide there, which the matte may leave whole;
 * left as they are, its lighter pixels keep the old sky, a light rim once the sky is replaced.
 */
function besideScene(mask: Plane, share: Plane, weight: Plane): Plane {
  const solid = newPlane(mask.w, mask.h);
  for (let i = 0; i < solid.d.length; i++) solid.d[i] = mask.d[i] <= 0.02 && share.d[i] < 0.3 && weight.d[i] > MIN_WEIGHT ? 1 : 0;
  return grow(solid, SCENE_SIDE);
}

/** A 0/1 mask grown by r pixels (square window): a box blur is O(n) whatever r, a grey-level dilation is not. */
function grow(mask: Plane, r: number): Plane {
  const out = boxBlurPlane(mask, r);
  const floor = 0.5 / (2 * r + 1) ** 2;
  for (let i = 0; i < out.d.length; i++) out.d[i] = out.d[i] > floor ? 1 : 0;
  return out;
}
