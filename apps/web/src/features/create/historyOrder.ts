import type { GeneratedImage } from '@atelier/contract';

const time = (iso: string) => {
  const t = Date.parse(iso);
  return Number.isFinite(t) ? t : 0;
};

/**
 * The History strip (spec §2): COMPLETED and PROCESSING images only, processing first, then
 * newest first. The variations of one batch read 1, 2, 3, 4 from left to right.
 */
export function historyItems(images: readonly GeneratedImage[]): GeneratedImage[] {
  return images
    .filter((i) => i.status === 'COMPLETED' || i.status === 'PROCESSING')
    .sort((a, b) => {
      const processing = Number(b.status === 'PROCESSING') - Number(a.status === 'PROCESSING');
      if (processing) return processing;
      if (a.batchId !== b.batchId) {
        const newer = time(b.createdAt) - time(a.createdAt);
        return newer || b.batchId - a.batchId;
      }
      return a.variationNumber - b.variationNumber || a.id - b.id;
    });
}

/** A create batch displays 4 slots (spec §2). */
export const BATCH_SLOTS = 4;

export type HistorySlot =
  | { kind: 'image'; image: GeneratedImage }
  /** A free slot of the newest batch: one more variation with the batch's settings. `first` is the first free one. */
  | { kind: 'free'; batchId: number; first: boolean };

/**
 * The strip's slots: the images in history order, and the newest batch filled up to 4 slots
 * with free ones right after its images (a failed variation frees its slot again). While a new
 * batch is only submitted (its placeholders have no batch id yet) no slot is free.
 */
export function historySlots(items: readonly GeneratedImage[]): HistorySlot[] {
  const slots: HistorySlot[] = items.map((image) => ({ kind: 'image', image }));
  if (items.length === 0 || items.some((i) => i.batchId < 0)) return slots;
  const newest = Math.max(...items.map((i) => i.batchId));
  const taken = items.filter((i) => i.batchId === newest).length;
  const free = Math.max(0, BATCH_SLOTS - taken);
  let last = -1;
  items.forEach((i, index) => {
    if (i.batchId === newest) last = index;
  });
  slots.splice(last + 1, 0, ...Array.from({ length: free }, (_, n): HistorySlot => ({ kind: 'free', batchId: newest, first: n === 0 })));
  return slots;
}

/**
 * Spec §2: variant buttons are disabled while a variant generation runs, and for slots after the
 * first unless other images are processing.
 */
export function variantSlotEnabled(slot: { first: boolean }, { variantRunning, othersProcessing }: { variantRunning: boolean; othersProcessing: boolean }): boolean {
  if (variantRunning) return false;
  return slot.first || othersProcessing;
}

/** A newly completed image is auto-selected once if it completed under 60 s ago (spec §2, §9). */
export const AUTO_SELECT_RECENCY_MS = 60_000;
/** …after 200 ms (spec §4). */
export const AUTO_SELECT_DELAY_MS = 200;

/** The newest COMPLETED image that finished within the last minute and was not auto-selected yet. */
export function autoSelectCandidate(images: readonly GeneratedImage[], handled: ReadonlySet<number>, now: number): GeneratedImage | null {
  let best: GeneratedImage | null = null;
  for (const image of images) {
    if (image.status !== 'COMPLETED' || handled.has(image.id) || !image.imageUrl) continue;
    const doneAt = time(image.updatedAt);
    if (now - doneAt > AUTO_SELECT_RECENCY_MS) continue;
    if (!best || doneAt > time(best.updatedAt) || (doneAt === time(best.updatedAt) && image.id > best.id)) best = image;
  }
  return best;
}

/** Whether a render runs: the Create button is disabled meanwhile (spec §2). */
export function isGenerating(images: readonly GeneratedImage[]): boolean {
  return images.some((i) => i.status === 'PROCESSING');
}
