import type { PassValues } from '../../engines/engine.js';
import { read16 } from './control-images.js';
import type { StoredPass } from './passes.service.js';

/**
 * The view's passes as values for the preview engine (issue 31 part 3): its region planes come
 * from the normals and depth, its light from the normals, its haze from the depth. Without a
 * normal pass there is no geometry to give (the depth alone places no plane).
 */
export async function passValuesOf(passes: StoredPass[]): Promise<PassValues | undefined> {
  const normal = passes.find((p) => p.kind === 'normal');
  if (!normal) return undefined;
  const depth = passes.find((p) => p.kind === 'depth' && p.width === normal.width && p.height === normal.height);
  return {
    width: normal.width,
    height: normal.height,
    normal: await read16(normal.png, 3),
    depth: depth ? await read16(depth.png, 1) : null,
    depthNear: depth?.depthNear ?? null,
    depthFar: depth?.depthFar ?? null,
    fovDeg: normal.fovDeg ?? depth?.fovDeg ?? null,
  };
}
