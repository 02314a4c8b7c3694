import { GALLERY_PAGE_SIZES, type GalleryFirstScreenResponse, type GalleryImageSize, type GalleryLayout, type ImageGalleryMode } from '@atelier/contract';
import { galleryApi } from '../../../app/api/gallery';
import { gridGeometry } from './geometry';
import { buildTimeline, locateTile } from './timeline';
import { preloadThumbnails } from './thumbnailPreload';

type Dispatch = (action: unknown) => unknown;

export interface FirstScreenView {
  mode: ImageGalleryMode;
  /** The tz the gallery asks its day buckets with (the reply's timeZone keys the pages). */
  tz: string;
  layout: GalleryLayout;
  size: GalleryImageSize;
  /** The grid's area, about: the first screen's thumbnails are decoded ahead. */
  width: number;
  height: number;
}

/**
 * Puts a first-screen reply where the gallery reads it (the day buckets' and the month pages'
 * cache entries, under the arguments its timeline asks them with), and starts fetching and
 * decoding the thumbnails of the tiles within `height` of the top. Resolves once the cache
 * holds the reply (not the thumbnails).
 */
export async function primeGalleryFirstScreen(dispatch: Dispatch, reply: GalleryFirstScreenResponse, view: FirstScreenView): Promise<void> {
  const { mode, tz } = view;
  void preloadThumbnails(firstScreenThumbnails(reply, view));
  const tzOfPages = reply.days.timeZone;
  await Promise.all([
    dispatch(galleryApi.util.upsertQueryData('getGalleryDays', { mode, tz }, reply.days)),
    ...reply.pages.map((p) =>
      dispatch(
        galleryApi.util.upsertQueryData(
          'getGalleryImages',
          { mode, tz: tzOfPages, from: p.from, to: p.to, page: p.page, limit: p.limit },
          { images: p.images, pagination: p.pagination },
        ),
      ),
    ),
  ]);
}

/** The thumbnails of the tiles the timeline places within the first `height` pixels. */
export function firstScreenThumbnails(reply: GalleryFirstScreenResponse, view: Pick<FirstScreenView, 'layout' | 'size' | 'width' | 'height'>): string[] {
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
