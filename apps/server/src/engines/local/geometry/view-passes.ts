import type { PassValues } from '../../engine.js';

/**
 * A view's depth and normal passes as the geometry code reads them (issue 31 parts 2 and 3), at
 * the size of the image it works on. Camera space is the image's: x right, y down, z forward
 * (the stored normal pass is Blender's camera frame — x right, y up, z towards the viewer — so
 * y and z change sign). Depth is the distance along the view axis (z), in metres.
 */
export interface ViewPasses {
  width: number;
  height: number;
  /** Unit normals, three a pixel; (0, 0, 0) where there is no surface. */
  normal: Float32Array;
  /** z in metres a pixel (NaN: no surface); null when the depth pass is missing or not in metres. */
  depth: Float32Array | null;
  /** Horizontal field of view (degrees) when the sender said it; else worked out from the passes. */
  fovDeg?: number | null;
}

/** The passes resampled (nearest pixel: no invented normals) to w × h; null without a normal pass. */
export function viewPassesAt(s: PassValues, w: number, h: number): ViewPasses | null {
  if (!s.normal) return null;
  const normal = new Float32Array(w * h * 3);
  const metric = s.depth && s.depthNear !== null && s.depthFar !== null && s.depthFar > s.depthNear;
  const depth = metric ? new Float32Array(w * h) : null;
  const step = metric ? (s.depthFar! - s.depthNear!) / 65535 : 0;
  for (let y = 0; y < h; y++) {
    const sy = Math.min(s.height - 1, Math.floor(((y + 0.5) * s.height) / h));
    for (let x = 0; x < w; x++) {
      const sx = Math.min(s.width - 1, Math.floor(((x + 0.5) * s.width) / w));
      const si = sy * s.width + sx;
      const i = y * w + x;
      const nx = (s.normal[si * 3] / 65535) * 2 - 1;
      const ny = (s.normal[si * 3 + 1] / 65535) * 2 - 1;
      const nz = (s.normal[si * 3 + 2] / 65535) * 2 - 1;
      const len = Math.hypot(nx, ny, nz);
      if (len >= 0.5) {
        normal[i * 3] = nx / len;
        normal[i * 3 + 1] = -ny / len;
        normal[i * 3 + 2] = -nz / len;
      }
      if (depth) depth[i] = s.depth![si] === 65535 ? NaN : s.depthNear! + s.depth![si] * step;
    }
  }
  return { width: w, height: h, normal, depth, fovDeg: s.fovDeg ?? null };
}
