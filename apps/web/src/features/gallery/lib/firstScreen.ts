import type { GalleryFirstScreenResponse, ImageGalleryMode } from '@atelier/contract';
import { galleryApi } from '../../../app/api/gallery';

type Dispatch = (action: unknown) => unknown;

export interface FirstScreenView {
  mode: ImageGalleryMode;
  /** The tz the gallery asks its day buckets with (the reply's timeZone keys the pages). */
  tz: string;
}

/**
 * Puts a first-screen reply where the gallery reads it: the day buckets' and the month pages'
 * cache entries, under the arguments its timeline asks them with. (Its thumbnails are already
 * loading: earlyFirstScreen.ts starts them when the reply arrives.)
 */
export async function primeGalleryFirstScreen(dispatch: Dispatch, reply: GalleryFirstScreenResponse, view: FirstScreenView): Promise<void> {
  const { mode, tz } = view;
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
