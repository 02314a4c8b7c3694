import type { RenderType } from '@atelier/contract';

/**
 * The surface classes the region classifier tells apart (the evaluation set's classes, in its
 * order). Façade, window, door and roof are exterior; wall, floor and ceiling are interior
 * surfaces; interior windows are `window`.
 */
export const REGION_CLASSES = ['sky', 'facade', 'window', 'door', 'roof', 'vegetation', 'ground', 'water', 'people_vehicles', 'wall', 'floor', 'ceiling'] as const;
export type RegionClass = (typeof REGION_CLASSES)[number];

const EXTERIOR: RegionClass[] = ['sky', 'facade', 'window', 'door', 'roof', 'vegetation', 'ground', 'water', 'people_vehicles'];
const INTERIOR: RegionClass[] = ['wall', 'floor', 'ceiling', 'window', 'door'];

/** The classes a render type may name: an interior has walls, floor and ceiling; the others sky, façade, roof… */
export function classScope(renderType: RenderType | undefined): Uint8Array {
  const allowed = renderType === 'interior' ? INTERIOR : EXTERIOR;
  return Uint8Array.from(REGION_CLASSES, (c) => (allowed.includes(c) ? 1 : 0));
}

/** The coarse evaluation class `building`: any of these. */
export const BUILDING_CLASSES: RegionClass[] = ['facade', 'window', 'door', 'roof'];
