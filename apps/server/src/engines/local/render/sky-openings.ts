import { rgbToLab } from '../pixels/color.js';
import { pixelBox, type Plane, type Rgb } from '../pixels/image.js';
import { deltaE2, forNeighbours, rowSkyColour } from './sky-crown-pockets.js';

/**
 * Sky seen through an opening the building encloses (between columns under an entablature, under
 * an arch): the flood fill from the top edge cannot reach it, so it stayed old sky beside the new
 * (Brandenburg Gate: 81 % of its true sky replaced). An opening is accepted on the evidence of its
 * blue: a pocket of the flood fill's smooth candidates, joined by its step rule, that touches no
 * border of the picture, is not a speck, is blue, and is close to the colour of the sky in its own
 * rows (glass reflecting the sky is darker than it; white stone is not blue). It is then taken
 * whole, as its *area*: the sky-coloured pixels reached from it through small colour steps — its
 * clouds and its pale horizon down to the trees, columns or ground seen through it. Replacing only
 * the blue pocket left the old clouds below it, with a ragged seam across the opening. An area that
 * reaches a border of the picture or the sky is not enclosed by the building, and is left whole.
 * Then every other enclosed area whose colours are nearly all the accepted openings' colours is an
 * opening too (a narrow gap between two columns has no smooth pocket; another is paler).
 * In place, on the working resolution's 0/1 sky; returns the openings (0/1), or null when there are none.
 */
export function addOpenings(sky: Uint8Array, cand: Uint8Array, lab: Float32Array, w: number, h: number): Uint8Array | null {
  const n = w * h;
  const rowSky = rowSkyColour(sky, lab, w, h);
  const enclosed = (region: number[]) => !touchesBorder(region, w, h) && !touchesSky(region, sky, w, h);
  const areaStep = (i: number, j: number) => !sky[j] && skyLike(lab, j) && deltaE2(lab, i, j) <= AREA_STEP * AREA_STEP;
  const seen = new Uint8Array(n);
  const taken = new Uint8Array(n);
  let any = false;
  for (let s = 0; s < n; s++) {
    if (sky[s] || seen[s] || taken[s] || !cand[s]) continue;
    const pocket = grow(s, seen, (i, j) => !sky[j] && cand[j] > 0 && deltaE2(lab, i, j) <= 36, w, h);
    if (pocket.length < POCKET_MIN * n || touchesBorder(pocket, w, h)) continue;
    if (meanDeltaE(pocket, lab, rowSky, w) > POCKET_DE || meanB(pocket, lab) > POCKET_MAX_B) continue;
    let area = grow(s, new Uint8Array(n), areaStep, w, h);
    if (!enclosed(area)) continue;
    if (boxFill(area, w) < OPENING_FILL) {
      if (!wideOpening(pocket, area, n)) continue;
      // Through a wide opening only the smooth sky: what stands in it is textured, and the small
      // colour steps of the area's growth run on through its shaded stone.
      area = grow(s, new Uint8Array(n), (i, j) => cand[j] > 0 && areaStep(i, j), w, h);
      // Its rim, where the stone's edge makes the sky beside it textured, by the colour steps alone.
      area = widen(area, RIM, areaStep, w, h);
    }
    for (const i of area) taken[i] = 1;
    any = true;
  }
  if (!any) return null;
  const palette = new Set<number>();
  for (let i = 0; i < n; i++) if (taken[i]) palette.add(colourKey(lab, i));
  const tried = new Uint8Array(n);
  for (let s = 0; s < n; s++) {
    if (sky[s] || taken[s] || tried[s] || !skyLike(lab, s)) continue;
    const area = grow(s, tried, areaStep, w, h);
    if (area.length < SIBLING_MIN * n || meanB(area, lab) > SIBLING_MAX_B || !enclosed(area) || boxFill(area, w) < OPENING_FILL) continue;
    let known = 0;
    for (const i of area) if (nearPalette(palette, lab, i)) known++;
    if (known < SIBLING_SHARE * area.length) continue;
    for (const i of area) taken[i] = 1;
  }
  for (let i = 0; i < n; i++) if (taken[i]) sky[i] = 1;
  return taken;
}

/**
 * An opening fills most of its bounding box (a gap between columns, an arch: 0.9 and more); the
 * panes of a glazed front that reflect the sky join into a sparse grid through their bright frames
 * (0.3 on the shop fronts and the curtain wall of the evaluation renders, which turned into sky;
 * a window reflecting the sky on slab-block 0.69). One of Arles' arches, half hidden, is 0.6-0.72 and stays old.
 */
const OPENING_FILL = 0.72;

/**
 * A wide opening with something standing in it (a tower seen up through a tall arch: its box is
 * half filled, 0.45) is for the most part one smooth sky; a glazed front's panes join into their
 * area through frames and mixed pixels, few of them smooth sky.
 */
function wideOpening(pocket: number[], area: number[], n: number): boolean {
  return area.length >= WIDE_OPENING_MIN * n && pocket.length >= WIDE_POCKET_SHARE * area.length;
}

const WIDE_OPENING_MIN = 0.1;
const WIDE_POCKET_SHARE = 0.7;
/**
 * A wide opening grown through smooth pixels stops short of its frame by the width of the
 * texture filter's reach (working pixels): Qutub Minar's arch kept a band of old dark-blue sky
 * along its inner edge.
 */
const RIM = 3;

/** `region` grown by up to `steps` 4-connected rings through the pixels `step(from, to)` admits. */
function widen(region: number[], steps: number, step: (i: number, j: number) => boolean, w: number, h: number): number[] {
  const inside = new Uint8Array(w * h);
  for (const i of region) inside[i] = 1;
  const out = [...region];
  let ring = region;
  for (let k = 0; k < steps && ring.length; k++) {
    const next: number[] = [];
    for (const i of ring) {
      const x = i % w;
      for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i - w, i + w]) {
        if (j < 0 || j >= w * h || inside[j] || !step(i, j)) continue;
        inside[j] = 1;
        next.push(j);
      }
    }
    out.push(...next);
    ring = next;
  }
  return out;
}

function boxFill(region: number[], w: number): number {
  const { x0, x1, y0, y1 } = pixelBox(region, w);
  return region.length / ((x1 - x0 + 1) * (y1 - y0 + 1));
}

/** A pocket is at least this share of the picture… */
const POCKET_MIN = 0.001;
/** …within this ΔE of the sky's mean colour in its rows… */
const POCKET_DE = 10;
/** …and at least this blue (mean Lab b): white stone and warm light through an arch are not. */
const POCKET_MAX_B = -4;
/** An opening's area is at least this light (Lab L: trees, dark columns and people seen through it are darker)… */
const AREA_MIN_L = 40;
/** …at most this far from grey (lit stone is yellow or red)… */
const AREA_MAX_A = 12;
const AREA_MAX_B = 8;
/**
 * …and reached from the pocket through colour steps no larger than this ΔE: a cloud's soft edge,
 * not the step to a pale stone pier (at 16 Arles' arch ran into its grey stone; at 8 Brandenburg's
 * pale horizon was cut off below its clouds).
 */
const AREA_STEP = 12;
/** Another opening is at least this share of the picture, blue on the whole (mean Lab b)… */
const SIBLING_MIN = 0.0005;
const SIBLING_MAX_B = -2;
/** …and this share of its pixels lies within a bin of an accepted opening's colours. */
const SIBLING_SHARE = 0.8;
/** Size of a bin of the openings' palette (Lab units). */
const BIN = 4;

function skyLike(lab: Float32Array, i: number): boolean {
  return lab[i * 3] >= AREA_MIN_L && Math.abs(lab[i * 3 + 1]) <= AREA_MAX_A && lab[i * 3 + 2] <= AREA_MAX_B;
}

function colourKey(lab: Float32Array, i: number, dl = 0, da = 0, db = 0): number {
  const L = Math.floor(lab[i * 3] / BIN) + dl;
  const a = Math.floor(lab[i * 3 + 1] / BIN) + 64 + da;
  const b = Math.floor(lab[i * 3 + 2] / BIN) + 64 + db;
  return (L * 128 + a) * 128 + b;
}

function nearPalette(palette: Set<number>, lab: Float32Array, i: number): boolean {
  for (let dl = -1; dl <= 1; dl++)
    for (let da = -1; da <= 1; da++) for (let db = -1; db <= 1; db++) if (palette.has(colourKey(lab, i, dl, da, db))) return true;
  return false;
}

function meanB(region: number[], lab: Float32Array): number {
  let b = 0;
  for (const i of region) b += lab[i * 3 + 2] / region.length;
  return b;
}

/** ΔE between the region's mean colour and the mean of `rowColour` over its pixels' rows. */
function meanDeltaE(region: number[], lab: Float32Array, rowColour: Float32Array, w: number): number {
  const mean = [0, 0, 0];
  const ref = [0, 0, 0];
  for (const i of region) {
    const y = Math.floor(i / w);
    for (let c = 0; c < 3; c++) {
      mean[c] += lab[i * 3 + c] / region.length;
      ref[c] += rowColour[y * 3 + c] / region.length;
    }
  }
  return Math.hypot(mean[0] - ref[0], mean[1] - ref[1], mean[2] - ref[2]);
}

/** The 4-connected region from `s` through the pixels `step(from, to)` admits; marks `seen`. */
function grow(s: number, seen: Uint8Array, step: (i: number, j: number) => boolean, w: number, h: number): number[] {
  const out = [s];
  seen[s] = 1;
  for (let k = 0; k < out.length; k++) {
    const i = out[k];
    forNeighbours(i, w, h, (j) => {
      if (seen[j] || !step(i, j)) return;
      seen[j] = 1;
      out.push(j);
    });
  }
  return out;
}

function touchesBorder(region: number[], w: number, h: number): boolean {
  // A wide opening may reach the bottom edge: the sky seen up through a tall arch runs down past
  // what stands in it.
  const bottomAllowed = region.length >= WIDE_OPENING_MIN * w * h;
  for (const i of region) {
    const x = i % w;
    if (x === 0 || x === w - 1 || i < w || (i >= w * (h - 1) && !bottomAllowed)) return true;
  }
  return false;
}

function touchesSky(region: number[], sky: Uint8Array, w: number, h: number): boolean {
  let touches = false;
  for (const i of region)
    forNeighbours(i, w, h, (j) => {
      if (sky[j]) touches = true;
    });
  return touches;
}

/**
 * For the matte (sky-matte.ts): ΔE from a full-resolution pixel's Lab to the nearest colour of an
 * opening's sky within OPENING_REACH working pixels of it, or Infinity away from the openings. An
 * opening is narrow, so most of it lies in the matte's skyline band, where each pixel is compared
 * with the old sky's local colour, an average that is neither the cloud nor the blue beside it:
 * pieces of the old clouds were left along the columns. Compared with the opening's own colours
 * there, a cloud is sky and a column (warm stone, or dark) is not.
 */
export function openingColourDistance(small: Rgb, openings: Plane, W: number, H: number): (i: number, lab: ArrayLike<number>) => number {
  const { w, h } = openings;
  const lab = new Float32Array(w * h * 3);
  for (let i = 0; i < w * h; i++) if (openings.d[i] > 0.5) rgbToLab(small.d[i * 3], small.d[i * 3 + 1], small.d[i * 3 + 2], lab, i * 3);
  return (i, p) => {
    const cx = Math.min(w - 1, Math.floor(((i % W) + 0.5) * (w / W)));
    const cy = Math.min(h - 1, Math.floor((Math.floor(i / W) + 0.5) * (h / H)));
    let best = Infinity;
    for (let y = Math.max(0, cy - OPENING_REACH); y <= Math.min(h - 1, cy + OPENING_REACH); y++)
      for (let x = Math.max(0, cx - OPENING_REACH); x <= Math.min(w - 1, cx + OPENING_REACH); x++) {
        const j = y * w + x;
        if (openings.d[j] < 0.5) continue;
        best = Math.min(best, (p[0] - lab[j * 3]) ** 2 + (p[1] - lab[j * 3 + 1]) ** 2 + (p[2] - lab[j * 3 + 2]) ** 2);
      }
    return Math.sqrt(best);
  };
}

/** How far (working pixels) the matte looks for an opening's colours around a pixel. */
const OPENING_REACH = 2;
