import type { AppContext } from '../../context.js';

/**
 * How generation reads an input image's mask regions. The masks module (later) registers its
 * reader here; until then there are no masks, so renders have no regions.
 */
export interface MaskForRender {
  /** The mask region id: its mapping and prompt are keyed mask_{id}. */
  id: number;
  /** PNG, white = region, the size of the input image. */
  mask: Buffer;
  /** The region's name (Generate Regions' label or the user's): tells a roof from a wall. */
  label?: string;
}

export type MaskReader = (ctx: AppContext, userId: number, inputImageId: number) => Promise<MaskForRender[]>;

const noMasks: MaskReader = async () => [];
let reader: MaskReader = noMasks;

/** The masks module calls this once at start-up; returns a function that removes it again. */
export function registerMaskReader(fn: MaskReader): () => void {
  reader = fn;
  return () => {
    if (reader === fn) reader = noMasks;
  };
}

export function readMasksForRender(ctx: AppContext, userId: number, inputImageId: number): Promise<MaskForRender[]> {
  return reader(ctx, userId, inputImageId);
}
