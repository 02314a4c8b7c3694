import type { RenderType } from '@atelier/contract';
import { blurPlane, sobel } from '../pixels/filters.js';
import { fitSize, luminance, resizePlane, resizeRgb, type Plane, type Rgb } from '../pixels/image.js';
import { detectSky } from '../render/sky.js';

/**
 * One sky for Generate Regions and the preview: the region called sky keeps only the pixels the
 * preview's sky detection (render/sky.ts `detectSky`, which the sky replacement uses) also takes
 * for sky. A hazy pale façade, a minaret's tip or a lit tower the classifier called sky returns
 * to the scene; the sky the preview replaces is then at least the sky region the user saw.
 * Only textured parts are given back: a smooth part is sky the detection leaves out on purpose
 * (a warm sunset sky near the horizon it cannot tell from a warm wall), and the classifier,
 * which sees the whole picture, is trusted there. Only the sky the detection sees through
 * openings the building encloses is added (addPreviewOpenings); nothing changes where the
 * detection finds no sky at all (a night sky it leaves whole) or indoors.
 *
 * 4-fold cross-validation on the training images (npm run cv:regions -- --sky-agreement off,on,
 * the same models): false sky mean 0.97 → 0.63 %; photographs over 1 % 7 → 2 (Louvre and
 * Notre-Dame at night, whose skies the detection leaves alone), the worst other one 3.46 → 0.86 %
 * (Taj Mahal's minaret tops and dome tip); sky IoU 0.950 → 0.945 (a thin rim along skylines and
 * the gaps of a bare crown, Schwerin 0.76 → 0.70), façade 0.649 → 0.650, building 0.735 → 0.737,
 * water 0.437 → 0.434, roof 0.152 → 0.150, the rest within 0.001. Letting a part go only where
 * the preview's alpha is under 0.2 (or 0.05): false sky 0.68 (0.71) %, sky IoU −0.002 (−0.001).
 * Detected at 256 px rather than at the evaluation images' 512 (an earlier version of this file,
 * texture at 512): false sky 0.63 against 0.68 %, sky IoU 0.945 against 0.947, in about half the time.
 */

/** Long side at which the preview's sky is detected for the regions (detectSky's flood fill runs at this side whatever the image's). */
const PREVIEW_SKY_SIDE = 256;
/** A part of the sky region is smooth below this mean texture: detectSky's own smoothness test, at the same side. */
const SMOOTH = 0.022;

export interface PreviewSky {
  /** detectSky's alpha at the working side, 1 = sky. */
  alpha: Plane;
  /** Local texture at the working side, as detectSky measures it. */
  texture: Plane;
  /** The sky detectSky found through openings the building encloses (0/1 at the working side), if any. */
  openings?: Plane;
}

/** The preview's sky for an image, or null where it has no say (interiors, no sky found). */
export function previewSky(img: Rgb, renderType?: RenderType): PreviewSky | null {
  if (renderType === 'interior') return null;
  const ws = fitSize(img.w, img.h, PREVIEW_SKY_SIDE);
  const small = ws.w === img.w && ws.h === img.h ? img : resizeRgb(img, ws.w, ws.h);
  const { mask, coverage, openings } = detectSky(small);
  if (coverage === 0) return null;
  return { alpha: mask, texture: blurPlane(sobel(blurPlane(luminance(small), 0.7)).mag, 1.2), openings };
}

/**
 * Pixels of region `sky` (in `labels`, `w`×`h`) that the preview does not take for sky, in
 * connected parts of textured pixels, move to the region `elsewhere(i)` names. In place;
 * returns how many moved.
 */
export function keepPreviewSky(labels: Uint8Array, w: number, h: number, sky: number, preview: PreviewSky, elsewhere: (i: number) => number): number {
  const n = w * h;
  const alpha = resizePlane(preview.alpha, w, h).d;
  const { w: tw, h: th, d: tex } = preview.texture;
  const texRow = Int32Array.from({ length: h }, (_, y) => Math.min(th - 1, Math.floor((y * th) / h)) * tw);
  const texCol = Int32Array.from({ length: w }, (_, x) => Math.min(tw - 1, Math.floor((x * tw) / w)));
  // 1: a sky pixel the preview does not take for sky, not yet reached; 2: reached.
  const state = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (labels[i] === sky && alpha[i] < 0.5) state[i] = 1;
  const stack = new Int32Array(n);
  const part: number[] = [];
  let moved = 0;
  for (let s = 0; s < n; s++) {
    if (state[s] !== 1) continue;
    state[s] = 2;
    let top = 0;
    stack[top++] = s;
    part.length = 0;
    let texture = 0;
    while (top) {
      const i = stack[--top];
      part.push(i);
      const x = i % w;
      const y = (i - x) / w;
      texture += tex[texRow[y] + texCol[x]];
      const push = (j: number) => {
        if (state[j] !== 1) return;
        state[j] = 2;
        stack[top++] = j;
      };
      if (x > 0) push(i - 1);
      if (x < w - 1) push(i + 1);
      if (y > 0) push(i - w);
      if (y < h - 1) push(i + w);
    }
    if (texture / part.length < SMOOTH) continue;
    for (const i of part) labels[i] = elsewhere(i);
    moved += part.length;
  }
  return moved;
}

/**
 * The sky the preview sees through openings the building encloses (under an arch, between
 * columns) joins region `sky`: the classifier's sky hangs from the top edge, so sky framed by
 * stone went to a façade or an unnamed region (Qutub Minar seen through a ruined arch: 0.12 of
 * its sky called sky). A pixel joins where the preview's alpha is 0.5 or more inside an opening.
 * In place; returns how many joined.
 */
export function addPreviewOpenings(labels: Uint8Array, w: number, h: number, sky: number, preview: PreviewSky): number {
  if (!preview.openings) return 0;
  const alpha = resizePlane(preview.alpha, w, h).d;
  const { w: ow, h: oh, d: open } = preview.openings;
  let joined = 0;
  for (let y = 0; y < h; y++) {
    const row = Math.min(oh - 1, Math.floor((y * oh) / h)) * ow;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (labels[i] === sky || alpha[i] < 0.5 || !open[row + Math.min(ow - 1, Math.floor((x * ow) / w))]) continue;
      labels[i] = sky;
      joined++;
    }
  }
  return joined;
}
