import { GALLERY_COLUMNS, type GalleryImageSize, type GalleryLayout } from '@atelier/contract';

/** Gaps between tiles by image size. */
export const TILE_GAPS: Record<GalleryImageSize, number> = { small: 8, medium: 12, large: 16 };
/** Horizontal padding of the grid. */
export const GRID_PADDING_X = 32;
/** Height of a day header row. */
export const DAY_HEADER_HEIGHT = 60;
/** Height of the caption under each image in the full layout. */
export const FULL_CAPTION_HEIGHT = 40;
/** Narrow windows drop columns rather than make tiles smaller than this. */
const MIN_TILE_WIDTH = 112;

export interface GridGeometry {
  columns: number;
  gap: number;
  tileWidth: number;
  tileHeight: number;
  rowHeight: number;
  headerHeight: number;
}

/**
 * Tile sizes from the container width and the view customiser: square layout 6/5/4 columns of
 * square crops, full layout 5/4/3 columns of whole images (4:3 mats) with a caption (spec §9).
 */
export function gridGeometry(containerWidth: number, layout: GalleryLayout, size: GalleryImageSize): GridGeometry {
  const gap = TILE_GAPS[size];
  const inner = Math.max(240, containerWidth - 2 * GRID_PADDING_X);
  const columns = Math.max(1, Math.min(GALLERY_COLUMNS[layout][size], Math.floor((inner + gap) / (MIN_TILE_WIDTH + gap))));
  const tileWidth = (inner - gap * (columns - 1)) / columns;
  const frame = layout === 'square' ? tileWidth : (tileWidth * 3) / 4;
  const tileHeight = Math.round(frame + (layout === 'full' ? FULL_CAPTION_HEIGHT : 0));
  return { columns, gap, tileWidth, tileHeight, rowHeight: tileHeight + gap, headerHeight: DAY_HEADER_HEIGHT };
}

/** Batch modes: the size of each image of a batch row. */
export const BATCH_THUMB_SIZES: Record<GalleryImageSize, number> = { small: 88, medium: 120, large: 156 };
export const BATCH_ROW_PADDING = 12;
export const BATCH_ROW_GAP = 8;

export function batchRowHeight(size: GalleryImageSize): number {
  return BATCH_THUMB_SIZES[size] + 2 * BATCH_ROW_PADDING + BATCH_ROW_GAP;
}
