import { GALLERY_PAGE_SIZES, type GalleryFirstScreenResponse, type GalleryImageSize, type GalleryLayout } from '@atelier/contract';
import { gridGeometry } from './geometry';
import { buildTimeline, locateTile } from './timeline';

// No Redux or React here: the start-up code (main.tsx) names these thumbnails before the app loads.
export interface FirstScreenArea {
  layout: GalleryLayout;
  size: GalleryImageSize;
  /** The grid's area, about. */
  width: number;
  height: number;
}

/** The thumbnails of the tiles the timeline places within the first `height` pixels. */
export function firstScreenThumbnails(reply: GalleryFirstScreenResponse, view: FirstScreenArea): string[] {
  const timeline = buildTimeline(reply.days.days, gridGeometry(view.width, view.layout, view.size));
  const pages = new Map(reply.pages.map((p) => [`${p.from.slice(0, 7)}:${p.page}`, p]));
  const srcs: string[] = [];
  for (const row of timeline.rows) {
    if (row.start >= view.height) break;
    if (row.kind !== 'tiles') continue;
    const day = timeline.days.get(row.date)!;
    for (let k = 0; k < row.length; k++) {
      const at = locateTile(day, row.first + k, GALLERY_PAGE_SIZES.images);
      const src = pages.get(`${at.month}:${at.page}`)?.images[at.index]?.thumbnailUrl;
      if (src) srcs.push(src);
    }
  }
  return srcs;
}
