import type { GalleryFirstScreenResponse, GalleryImage } from '@atelier/contract';
import { describe, expect, it } from 'vitest';
import { galleryApi } from '../../../app/api/gallery';
import { makeStore } from '../../../app/store';
import { primeGalleryFirstScreen } from './firstScreen';
import { firstScreenThumbnails } from './firstScreenThumbnails';

const image = (id: number): GalleryImage => ({
  id,
  batchId: 1,
  moduleType: 'CREATE',
  operationType: null,
  status: 'COMPLETED',
  variationNumber: 1,
  createdAt: '2025-05-02T10:00:00.000Z',
  width: 1024,
  height: 768,
  thumbnailUrl: `/t/${id}.webp`,
  imageUrl: `/i/${id}.jpg`,
  inputImageId: null,
  baseImageId: null,
  prompt: null,
  isPublic: false,
  publishedAt: null,
  publicUrl: null,
});

// May: 3 images on the 2nd, 10 on the 1st (newest first); April: 2.
const reply: GalleryFirstScreenResponse = {
  days: {
    mode: 'organize',
    timeZone: 'Europe/Paris',
    unit: 'image',
    total: 15,
    days: [
      { date: '2025-05-02', count: 3 },
      { date: '2025-05-01', count: 10 },
      { date: '2025-04-30', count: 2 },
    ],
  },
  pages: [
    { from: '2025-05-01', to: '2025-05-31', page: 1, limit: 100, images: Array.from({ length: 13 }, (_, i) => image(i + 1)), pagination: { page: 1, limit: 100, total: 13, totalPages: 1 } },
    { from: '2025-04-01', to: '2025-04-30', page: 1, limit: 100, images: [image(14), image(15)], pagination: { page: 1, limit: 100, total: 2, totalPages: 1 } },
  ],
};

describe('gallery first screen', () => {
  it('names the thumbnails of the tiles the timeline places within the first screen', () => {
    // Large squares in 1356 px: 4 columns of 311 px, rows of 327 px, day headers of 60 px.
    // 0 header, 60 three tiles, 387 header, 447 four tiles, 774 is below 700.
    const srcs = firstScreenThumbnails(reply, { layout: 'square', size: 'large', width: 1356, height: 700 });
    expect(srcs).toEqual([1, 2, 3, 4, 5, 6, 7].map((id) => `/t/${id}.webp`));
  });

  it('puts the reply where the gallery reads it: the day buckets under the asked tz, the pages under the reply’s', async () => {
    const store = makeStore();
    await primeGalleryFirstScreen(store.dispatch, reply, { mode: 'organize', tz: 'Europe/Paris' });
    const state = store.getState();
    expect(galleryApi.endpoints.getGalleryDays.select({ mode: 'organize', tz: 'Europe/Paris' })(state).data).toEqual(reply.days);
    // The arguments ImageTimeline's rows ask with: mode, tz, the month's range, page and limit.
    const april = galleryApi.endpoints.getGalleryImages.select({ mode: 'organize', tz: 'Europe/Paris', from: '2025-04-01', to: '2025-04-30', page: 1, limit: 100 })(state);
    expect(april.data?.images.map((i) => i.id)).toEqual([14, 15]);
    expect(april.data?.pagination.total).toBe(2);
  });
});
