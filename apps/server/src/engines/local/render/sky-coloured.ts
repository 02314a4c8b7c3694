import { rgbToLab } from '../pixels/color.js';
import type { Plane, Rgb } from '../pixels/image.js';

/** Lab distance within which a pixel has the colour of the sky in its row. */
const SKY_DE = 6;
/** How many times farther from the surface's own colour than from the sky's such a pixel must be. */
const APART = 3;
/** A blue sky (mean Lab b below BLUE_SKY_B) over a surface that is not blue (b above BLUE_SURFACE_B): pixels bluer than BLUE_B and BLUE_APART from the surface are sky. */
const BLUE_B = -15;
const BLUE_SKY_B = -8;
const BLUE_SURFACE_B = -5;
const BLUE_APART = 25;
/**
 * The sky's colour tells only where the sky has one (Lab chroma at least this): under a white or
 * grey overcast, white plaster has the sky's colour (Nagoya's walls were kept out).
 */
const MIN_SKY_CHROMA = 8;
/** Fewest confident sky pixels for a row to have a sky colour of its own. */
const MIN_ROW_SKY = 8;

/**
 * The pixels of a region that show the sky rather than the surface: the sky between a bare tree's
 * twigs or a palm's fronds in front of the wall, which the sky detection leaves to the scene (it
 * cannot matte every gap) and the region took in with the tree. A pixel is sky coloured when it is
 * close to the colour of the detected sky in its row (in rows that have sky) and much farther
 * from the surface's own median colour; a wall the colour of the sky (white stone under a white
 * sky) keeps its pixels.
 */
export function skyColouredPixels(img: Rgb, sky: Plane, region: Uint8Array): Uint8Array {
  const { w, h } = img;
  const out = new Uint8Array(w * h);
  const rowSky = skyColourByRow(img, sky);
  const surface = rowSky && medianLab(img, region);
  if (!rowSky || !surface) return out;
  // A deep blue sky darkens toward a corner (Lab L 48 there, 82 in the open): blue well apart
  // from a surface that is not blue is sky too.
  const blueSky = surface[2] > BLUE_SURFACE_B && meanSkyB(rowSky) < BLUE_SKY_B;
  const lab = [0, 0, 0];
  for (let y = 0; y < h; y++) {
    const s = y * 3;
    if (rowSky[s] > 1e5) continue;
    const chromaticSky = Math.hypot(rowSky[s + 1], rowSky[s + 2]) >= MIN_SKY_CHROMA;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!region[i]) continue;
      rgbToLab(img.d[i * 3], img.d[i * 3 + 1], img.d[i * 3 + 2], lab);
      // Square roots, not Math.hypot: this runs for every pixel of the region.
      const toSky = Math.sqrt((lab[0] - rowSky[s]) ** 2 + (lab[1] - rowSky[s + 1]) ** 2 + (lab[2] - rowSky[s + 2]) ** 2);
      const toSurface = Math.sqrt((lab[0] - surface[0]) ** 2 + (lab[1] - surface[1]) ** 2 + (lab[2] - surface[2]) ** 2);
      if (toSky < SKY_DE && chromaticSky ? toSurface > toSky * APART : blueSky && lab[2] < BLUE_B && toSurface > BLUE_APART) out[i] = 1;
    }
  }
  return out;
}

function meanSkyB(rows: Float32Array): number {
  let sum = 0;
  let n = 0;
  for (let y = 0; y < rows.length; y += 3)
    if (rows[y] < 1e5) {
      sum += rows[y + 2];
      n++;
    }
  return n ? sum / n : 0;
}

/** Mean Lab of the confident sky per row (rows without enough sky: none); null without sky. */
function skyColourByRow(img: Rgb, sky: Plane): Float32Array | null {
  const { w, h } = img;
  const rows = new Float32Array(h * 3);
  const lab = [0, 0, 0];
  let last: number[] | null = null;
  for (let y = 0; y < h; y++) {
    let n = 0;
    const sum = [0, 0, 0];
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (sky.d[i] < 0.9) continue;
      rgbToLab(img.d[i * 3], img.d[i * 3 + 1], img.d[i * 3 + 2], lab);
      for (let c = 0; c < 3; c++) sum[c] += lab[c];
      n++;
    }
    if (n >= MIN_ROW_SKY) last = sum.map((v) => v / n);
    // Rows without sky of their own have none to compare with: a colour nothing is near. (Carried
    // down below the skyline, the horizon's pale colour took pale paving and the blue of shop
    // windows.)
    const colour = n >= MIN_ROW_SKY && last ? last : [1e6, 1e6, 1e6];
    for (let c = 0; c < 3; c++) rows[y * 3 + c] = colour[c];
  }
  return last ? rows : null;
}

/** Per-channel median Lab of the region's pixels (sampled), or null for an empty region. */
function medianLab(img: Rgb, region: Uint8Array): number[] | null {
  const ch: number[][] = [[], [], []];
  const lab = [0, 0, 0];
  const step = Math.max(1, Math.floor(region.length / 40000));
  for (let i = 0; i < region.length; i += step) {
    if (!region[i]) continue;
    rgbToLab(img.d[i * 3], img.d[i * 3 + 1], img.d[i * 3 + 2], lab);
    for (let c = 0; c < 3; c++) ch[c].push(lab[c]);
  }
  if (ch[0].length === 0) return null;
  return ch.map((v) => v.sort((a, b) => a - b)[v.length >> 1]);
}
