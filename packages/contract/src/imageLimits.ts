// No zod here on purpose: the web's store imports these at start-up, and a zod-free module keeps
// zod out of the first JS of every screen (issue #19). images.ts re-exports them.

/** Upload limits; the web checks the size before sending, the server checks everything by the bytes. */
export const IMAGE_UPLOAD_LIMITS = {
  maxBytes: 25 * 1024 * 1024,
  maxPixels: 50_000_000,
  /** Long side of the web-sized ("processed") copy. */
  processedLongSide: 2048,
  /** Long side of the WEBP thumbnail. */
  thumbnailLongSide: 400,
  types: ['image/jpeg', 'image/png', 'image/webp'],
  /** For an <input type="file" accept>. */
  accept: 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp',
} as const;

/** Page sizes of spec §9. */
export const IMAGE_PAGE_SIZES = {
  inputImages: 50,
  inputImagesBySource: 50,
  allUserImages: 100,
  tweakHistory: 100,
  max: 100,
} as const;
