import { TWEAK_LIMITS, type GeneratedImage } from '@atelier/contract';

export interface ResultBatch {
  batchId: number;
  operationType: string | null;
  createdAt: string;
  prompt: string | null;
  /** At least two slots (spec §2: a tweak batch displays 2), by variation number. */
  slots: Array<GeneratedImage | null>;
  processing: boolean;
}

/**
 * The session's results as batches, newest first, each with its slots in variation order. Only
 * finished and running variations are listed (spec §4): a failed one is its batch's status (the
 * pipeline's alert, its credit refunded), never a tile; a batch with nothing else left is not shown.
 */
export function groupResults(images: GeneratedImage[]): ResultBatch[] {
  const byBatch = new Map<number, GeneratedImage[]>();
  const order: number[] = [];
  for (const image of images) {
    if (image.status === 'FAILED') continue;
    if (!byBatch.has(image.batchId)) {
      byBatch.set(image.batchId, []);
      order.push(image.batchId);
    }
    byBatch.get(image.batchId)!.push(image);
  }
  const batches = order.map((batchId) => {
    const list = [...byBatch.get(batchId)!].sort((a, b) => a.variationNumber - b.variationNumber);
    const slots: Array<GeneratedImage | null> = [...list];
    while (slots.length < TWEAK_LIMITS.batchSlots) slots.push(null);
    const first = list[0];
    return {
      batchId,
      operationType: first.operationType,
      createdAt: list.reduce((a, b) => (a.createdAt < b.createdAt ? a : b)).createdAt,
      prompt: first.prompt,
      slots,
      processing: list.some((i) => i.status === 'PROCESSING'),
    };
  });
  return batches.sort((a, b) => (a.createdAt === b.createdAt ? b.batchId - a.batchId : a.createdAt < b.createdAt ? 1 : -1));
}

export const OPERATION_LABELS: Record<string, string> = { inpaint: 'Inpaint', outpaint: 'Outpaint', add_image: 'Add image' };

export function operationLabel(operationType: string | null | undefined): string {
  return (operationType && OPERATION_LABELS[operationType]) ?? 'Tweak';
}
