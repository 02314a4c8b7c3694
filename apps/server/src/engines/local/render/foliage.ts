import { rgbToLab } from '../pixels/color.js';
import { dilatePlane, erodePlane, sobel } from '../pixels/filters.js';
import { fitSize, luminance, newPlane, resizePlane, resizeRgb, type Rgb } from '../pixels/image.js';
import { components } from '../segmentation/blobs.js';
import { median } from '../pixels/stats.js';

/** Work side: crowns are large, their outline is snapped to the photo's edges afterwards. */
const WORK_SIDE = 512;
/** Lab a below which (with b above half of -a) a pixel is leaf green, dark foliage included. */
const LEAF_A = -2;
/** Lab chroma distance from the surface's median colour a leaf keeps. */
const APART = 10;
/** Closing radius (work px) that joins a crown's leaves across the twigs and shade between them. */
const JOIN = 3;
/** Share of a crown's pixels that are leaves (the rest: shade, twigs and sky between them). */
const MIN_LEAFY = 0.4;
/** Leaf grain: a crown's mean luminance gradient over its mean luminance (leaves 0.16-0.27 on the training photos, lit stone and water 0.03-0.08). */
const MIN_GRAIN = 0.12;
/** A crown's share of the work image below which green specks are moss, a sign or a shutter. */
const MIN_CROWN = 0.0015;

/**
 * The foliage of a tree or a hedge in front of a region's surface: leaf-green pixels (far from the
 * surface's own colour) joined into crowns across the shade and twigs between their leaves, at
 * the region's size (1 = foliage). A region Generate Regions drew over a tree standing before the
 * wall (its crown split between the vegetation region and the wall's) would otherwise get the
 * material painted over the leaves, the crown's shading left on the brick. A green surface (a
 * painted wall, a lawn) has no foliage apart from itself: nothing is found.
 */
export function foliageInFront(img: Rgb, region: Uint8Array): Uint8Array {
  const { w: W, h: H } = img;
  const out = new Uint8Array(W * H);
  const ws = fitSize(W, H, WORK_SIDE);
  const { w, h } = ws;
  const small = w === W && h === H ? img : resizeRgb(img, w, h);
  const regionPlane = newPlane(W, H);
  for (let i = 0; i < W * H; i++) regionPlane.d[i] = region[i];
  const inRegion = w === W && h === H ? regionPlane : resizePlane(regionPlane, w, h);
  const n = w * h;
  const A = new Float32Array(n);
  const B = new Float32Array(n);
  const as: number[] = [];
  const bs: number[] = [];
  const lab = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    if (inRegion.d[i] <= 0.5) continue;
    rgbToLab(small.d[i * 3], small.d[i * 3 + 1], small.d[i * 3 + 2], lab);
    A[i] = lab[1];
    B[i] = lab[2];
    as.push(lab[1]);
    bs.push(lab[2]);
  }
  if (as.length < 100) return out;
  const mA = median(as);
  const mB = median(bs);
  if (isLeaf(mA, mB)) return out;
  const leaves = newPlane(w, h);
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (inRegion.d[i] <= 0.5 || !isLeaf(A[i], B[i]) || Math.hypot(A[i] - mA, B[i] - mB) < APART) continue;
    leaves.d[i] = 1;
    count++;
  }
  if (count < n * MIN_CROWN) return out;
  // Closed (leaves joined across the shade between them), then opened (lone green specks gone).
  const closed = erodePlane(dilatePlane(leaves, JOIN), JOIN);
  const crowns = dilatePlane(erodePlane(closed, 1), 1);
  const { comp, count: pieces } = components(Uint8Array.from(crowns.d, (v) => (v > 0.5 ? 1 : 0)), w, h);
  const area = new Int32Array(pieces);
  const leafy = new Int32Array(pieces);
  const grain = new Float64Array(pieces);
  const lumSmall = luminance(small);
  const edges = sobel(lumSmall).mag;
  const bright = new Float64Array(pieces);

  for (let i = 0; i < n; i++)
    if (comp[i] >= 0) {
      area[comp[i]]++;
      leafy[comp[i]] += leaves.d[i];
      grain[comp[i]] += edges.d[i];
      bright[comp[i]] += lumSmall.d[i];
    }
  // A crown is mostly leaves (green specks scattered over a wall, moss or lichen, joined by the
  // closing into a sparse net are not) and grained by them (stone lit yellow is smooth).
  const crown = (k: number) => area[k] >= n * MIN_CROWN && leafy[k] >= area[k] * MIN_LEAFY && grain[k] >= bright[k] * MIN_GRAIN;
  for (let i = 0; i < n; i++) if (comp[i] >= 0 && !crown(comp[i])) crowns.d[i] = 0;
  const full = w === W && h === H ? crowns : resizePlane(crowns, W, H);
  for (let i = 0; i < W * H; i++) out[i] = full.d[i] > 0.5 && region[i] ? 1 : 0;
  return out;
}

function isLeaf(a: number, b: number): boolean {
  return a < LEAF_A && b > -a * 0.5;
}
