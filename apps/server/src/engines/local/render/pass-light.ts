import { cross, dot, normalize, scale, type Vec3 } from '../geometry/linalg.js';
import type { ViewPasses } from '../geometry/view-passes.js';
import type { Plane, Rgb } from '../pixels/image.js';
import type { Look } from './looks.js';

/**
 * Light from a model's normals (issue 31 part 3): the sun of the look — its elevation by the time
 * of day (0 horizon … 1 overhead), from the side the variation chose, a little behind the camera —
 * lights each surface by the cosine of its normal to the sun (Lambert) over a sky ambient. The
 * factor is relative: the surfaces' mean brightness is kept, faces turned to the sun get lighter,
 * faces turned away darker, so the photo's exposure and the grade stay as they were.
 */
const AMBIENT = 0.6;

/** Toward the sun, camera space (x right, y down, z forward), from the view's vertical. */
export function sunDirection(up: Vec3, elevation01: number, side: number): Vec3 {
  const forward = normalize([0 - up[0] * up[2], 0 - up[1] * up[2], 1 - up[2] * up[2]]);
  const right = normalize(cross(scale(up, -1), forward));
  const el = (Math.max(0.02, Math.min(1, elevation01)) * Math.PI) / 2;
  // 60° round from behind the camera to the chosen side.
  const az = (60 * Math.PI) / 180;
  const horiz = normalize([
    right[0] * Math.sin(az) * side - forward[0] * Math.cos(az),
    right[1] * Math.sin(az) * side - forward[1] * Math.cos(az),
    right[2] * Math.sin(az) * side - forward[2] * Math.cos(az),
  ]);
  return normalize([horiz[0] * Math.cos(el) + up[0] * Math.sin(el), horiz[1] * Math.cos(el) + up[1] * Math.sin(el), horiz[2] * Math.cos(el) + up[2] * Math.sin(el)]);
}

/** Relights the surfaces of `img` by their normals; false when the look has no sun. */
export function lightFromNormals(img: Rgb, view: ViewPasses, up: Vec3, look: Look, side: number, sky: Plane): boolean {
  const strength = Math.min(1, look.sky.sun * 1.2) * (look.sky.moon ? 0.3 : 1);
  if (strength < 0.05 || look.sky.sunElevation <= 0) return false;
  const sun = sunDirection(up, look.sky.sunElevation, side);
  const n = img.w * img.h;
  const lambert = new Float32Array(n).fill(-1);
  let sum = 0;
  let count = 0;
  for (let i = 0; i < n; i++) {
    const nv: Vec3 = [view.normal[i * 3], view.normal[i * 3 + 1], view.normal[i * 3 + 2]];
    if (nv[0] === 0 && nv[1] === 0 && nv[2] === 0) continue;
    const l = AMBIENT + (1 - AMBIENT) * Math.max(0, dot(nv, sun));
    lambert[i] = l;
    sum += l;
    count++;
  }
  if (count === 0) return false;
  const mean = sum / count;
  const d = img.d;
  for (let i = 0; i < n; i++) {
    if (lambert[i] < 0) continue;
    const k = 1 + (lambert[i] / mean - 1) * strength * (1 - sky.d[i]);
    d[i * 3] *= k;
    d[i * 3 + 1] *= k;
    d[i * 3 + 2] *= k;
  }
  return true;
}
