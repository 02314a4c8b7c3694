import type { AppContext } from '../../context.js';
import { getOwnedInputImage, readInputImageBytes } from '../images/index.js';
import { readMasksForRender, type MaskForRender } from './masks.hook.js';

/**
 * The input image and mask regions of a batch's variations, read once for the batch: its
 * variations are prepared together (two run, the next are held ready), and each read its own copy
 * of the same file and rows before. One batch sees one state of the masks, as it was when its
 * first variation was prepared. Kept 30 s after the read, for at most MAX_BATCHES batches (an
 * input can be tens of MB).
 */
export interface BatchInputs {
  bytes: Buffer;
  masks: MaskForRender[];
}

const KEEP_MS = 30_000;
const MAX_BATCHES = 8;
const reads = new Map<string, Promise<BatchInputs>>();

export function readBatchInputs(ctx: AppContext, userId: number, batchId: number, inputImageId: number): Promise<BatchInputs> {
  const key = `${userId}:${batchId}`;
  const known = reads.get(key);
  if (known) return known;
  const read = (async () => {
    const [bytes, masks] = await Promise.all([
      getOwnedInputImage(ctx.db, userId, inputImageId).then((input) => readInputImageBytes(ctx, input)),
      readMasksForRender(ctx, userId, inputImageId),
    ]);
    return { bytes, masks };
  })();
  reads.set(key, read);
  if (reads.size > MAX_BATCHES) reads.delete(reads.keys().next().value!);
  const forget = () => {
    if (reads.get(key) === read) reads.delete(key);
  };
  // A failed read is not kept (the next variation tries again).
  read.then(() => setTimeout(forget, KEEP_MS).unref(), forget);
  return read;
}
