import { rgbToLab } from '../pixels/color.js';
import { boxBlurPlane, erodePlane } from '../pixels/filters.js';
import { boxWhere, cropPlane, cropRgb, luminance, newPlane, placePlane, resizePlane, smoothstep, windowAround, type Plane, type Rgb } from '../pixels/image.js';

/**
 * Gaps of sky between the twigs of a bare crown, at full resolution (Washington's crown: its old
 * sky, lilac-white and brighter than the sky beside it, was left as a pale block). A gap is of the
 * solid sky's hue, no brighter than the brightest sky around, has a dark twig within a few pixels,
 * and its neighbourhood holds only sky and twigs: a window reflecting the sky in a pale wall, or a
 * white stone, has wall around it, neither sky-coloured nor dark. `zone` marks the pixels asked
 * about; the answer is 0..1 per pixel. `skyColor` is at the working resolution.
 */
export function crownGaps(img: Rgb, lum: Plane, skyColor: Rgb, skyMax: Plane, zone: Plane): Plane {
  const { w, h } = lum;
  const box = boxWhere(w, h, (i) => zone.d[i] > 0.02);
  if (!box) return newPlane(w, h);
  // Only the zone is asked about, and each answer reads a twig's and a wall's reach around it.
  const win = windowAround(box, TWIG_R + 2 * WALL_R, w, h);
  const sky = [...labPlanes(skyColor), luminance(skyColor)].map((c) => cropPlane(resizePlane(c, w, h), win));
  return placePlane(gapsIn(cropRgb(img, win), cropPlane(lum, win), sky, cropPlane(skyMax, win), cropPlane(zone, win)), win, w, h);
}

/** crownGaps on one window: `sky` holds the sky's Lab L, a, b and luminance per pixel. */
function gapsIn(img: Rgb, lum: Plane, sky: Plane[], skyMax: Plane, zone: Plane): Plane {
  const { w, h } = lum;
  const [skyL, skyA, skyB, skyLum] = sky;
  const twig = erodePlane(lum, TWIG_R);
  const near = newPlane(w, h);
  // Only pixels that could be a gap by their lightness (and the walls around them) need a colour:
  // the Lab conversion of the whole reach is most of this step's time.
  const maybe = newPlane(w, h);
  for (let i = 0; i < w * h; i++)
    if (zone.d[i] > 0.02 && lum.d[i] <= skyMax.d[i] + BRIGHTER && lum.d[i] >= skyLum.d[i] - TWIG_DARKER_LUM && lum.d[i] - twig.d[i] > TWIG_CONTRAST) maybe.d[i] = 1;
  const asked = boxBlurPlane(maybe, WALL_R);
  // 1 = a wall: neither of the sky's hue nor a twig.
  const other = newPlane(w, h);
  const p = [0, 0, 0];
  const q = [0, 0, 0];
  for (let i = 0; i < w * h; i++) {
    if (zone.d[i] <= 0.02 || asked.d[i] <= 0) continue;
    // Brighter than any sky around: a wall, whatever its hue.
    if (lum.d[i] > skyMax.d[i] + BRIGHTER) {
      other.d[i] = 1;
      continue;
    }
    // Far darker than the sky: a twig (no need of its colour).
    if (lum.d[i] < skyLum.d[i] - TWIG_DARKER_LUM) continue;
    const j = i * 3;
    rgbToLab(img.d[j], img.d[j + 1], img.d[j + 2], p);
    q[0] = skyL.d[i];
    q[1] = skyA.d[i];
    q[2] = skyB.d[i];
    // A grey sky's hue tells nothing from a grey wall's.
    const tinted = smoothstep(NEUTRAL, NEUTRAL * 1.5, Math.hypot(q[1], q[2]));
    const hue = smoothstep(HUE_FAR, HUE_NEAR, Math.hypot(p[1] - q[1], p[2] - q[2])) * tinted;
    const skyLike = p[0] >= q[0] - LIGHT_BELOW ? hue : 0;
    const dark = p[0] < q[0] - TWIG_DARKER ? 1 : 0;
    other.d[i] = dark ? 0 : 1 - hue;
    if (maybe.d[i]) near.d[i] = skyLike;
  }
  const walls = boxBlurPlane(other, WALL_R);
  const out = newPlane(w, h);
  for (let i = 0; i < w * h; i++) out.d[i] = near.d[i] * smoothstep(WALL_MAX, WALL_MAX / 2, walls.d[i]);
  return out;
}

function labPlanes(img: Rgb): Plane[] {
  const out = [newPlane(img.w, img.h), newPlane(img.w, img.h), newPlane(img.w, img.h)];
  const p = [0, 0, 0];
  for (let i = 0; i < img.w * img.h; i++) {
    rgbToLab(img.d[i * 3], img.d[i * 3 + 1], img.d[i * 3 + 2], p);
    for (let c = 0; c < 3; c++) out[c].d[i] = p[c];
  }
  return out;
}

/** A twig is within this many pixels of a gap, darker than the gap by this much (luminance). */
const TWIG_R = 3;
const TWIG_CONTRAST = 0.12;
/** A twig is this much darker (Lab L) than the sky. */
const TWIG_DARKER = 15;
/** The same in luminance, a little further (a shortcut before the colour is converted). */
const TWIG_DARKER_LUM = 0.2;
/** A gap's hue (Lab a, b) this close to the sky's is sky, beyond the far one not. */
const HUE_NEAR = 3;
const HUE_FAR = 6;
/** A sky less chromatic than this (Lab chroma) has no gaps told by hue. */
const NEUTRAL = 4;
/** A gap may be this much darker (Lab L) than the sky's local mean (a thin gap mixes with its twigs)… */
const LIGHT_BELOW = 2;
/** …and no brighter than the brightest sky nearby by more than this (luminance). */
const BRIGHTER = 0.02;
/** Within WALL_R pixels around a gap, at most this share is wall (neither sky nor twig). */
const WALL_R = 4;
const WALL_MAX = 0.2;
