import {
  GALLERY_PAGE_SIZES,
  type GalleryFilters,
  type GalleryFirstScreenPage,
  type GalleryFirstScreenResponse,
  type ImageGalleryMode,
} from '@atelier/contract';
import { filtersOf } from './gallery.filters.js';
import { listDays, listRangeImages, type GalleryContext } from './gallery.service.js';

/** The first and last day of a month YYYY-MM: the range the web's timeline asks for that month. */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/**
 * GET /gallery/first-screen: the day buckets, then page 1 (both with the gallery's filters) of the newest months' ranges until
 * they hold a full page of images, so the first screen of tiles needs one round trip. The pages
 * are exactly those GET /gallery/images answers for the same month, page and limit.
 */
export async function firstScreen(
  ctx: GalleryContext,
  userId: number,
  query: { mode: ImageGalleryMode; tz: string } & GalleryFilters,
): Promise<GalleryFirstScreenResponse> {
  const filters = filtersOf(query);
  const days = await listDays(ctx, userId, query);
  const limit = GALLERY_PAGE_SIZES.images;
  const months: string[] = [];
  let covered = 0;
  for (const day of days.days) {
    if (covered >= limit) break;
    const month = day.date.slice(0, 7);
    if (months.at(-1) !== month) months.push(month);
    covered += day.count;
  }
  const pages: GalleryFirstScreenPage[] = [];
  for (const month of months) {
    const range = monthRange(month);
    const page = await listRangeImages(ctx, userId, { mode: query.mode, tz: days.timeZone, ...range, page: 1, limit, ...filters });
    pages.push({ ...page, ...range, page: 1, limit });
  }
  return { days, pages };
}
