/**
 * Thumbnails fetched and decoded before their tiles exist (the first screen, while sign-in is
 * confirmed). Their tiles show them as soon as they are there, without the fade-in that
 * softens a thumbnail arriving while the user scrolls.
 */
const preloaded = new Set<string>();
// Held so the decoded images stay in memory until their tiles show them.
const held: HTMLImageElement[] = [];

export function isThumbnailPreloaded(src: string): boolean {
  return preloaded.has(src);
}

export function preloadThumbnails(srcs: readonly string[]): Promise<void> {
  return Promise.all(
    srcs.map(async (src) => {
      if (preloaded.has(src)) return;
      preloaded.add(src);
      const img = new Image();
      img.decoding = 'async';
      img.fetchPriority = 'high';
      img.src = src;
      held.push(img);
      try {
        await img.decode();
      } catch {
        // A thumbnail that fails here loads (and fails) in its tile as usual.
      }
    }),
  ).then(() => undefined);
}
