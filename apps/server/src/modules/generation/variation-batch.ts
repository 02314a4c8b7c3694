import crypto from 'node:crypto';
import { and, eq, max, sql } from 'drizzle-orm';
import { GENERATION_MESSAGES } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import type { EngineAdmission, RequestSize } from '../../engines/index.js';
import type { Tx } from '../../db/client.js';
import { batches, generatedImages, type ModuleType } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { getBalance, InsufficientCreditsError, requireDebit } from '../credits/index.js';
import type { GeneratedImageRow } from '../images/index.js';
import { passKindsOf } from '../passes/index.js';
import { emit, type VariationJobData } from './variation.job.js';
import { currentActor } from '../../lib/request-actor.js';

/**
 * Opening a batch of paid variations, for every module (Create, Refine, …): one transaction
 * debits one credit per variation (key batch:<id>, or batch:<id>:more:<uuid> when extending),
 * creates (or extends) the batch and its PROCESSING images and enqueues one job per image on
 * `queue`; after the commit the queue's workers are woken and generation_started goes out. The
 * variation jobs (variation.job.ts) then fill the images in, or fail and refund them.
 */

type NewGeneratedImage = typeof generatedImages.$inferInsert;

/** The columns a module sets per variation (the rest are the batch's). */
export type VariationColumns = Partial<
  Pick<NewGeneratedImage, 'baseImageId' | 'operationType' | 'prompt' | 'seed' | 'settingsSnapshot' | 'maskMaterialMappings' | 'contextSelection' | 'aiMaterials'>
>;

export interface VariationBatchSpec {
  userId: number;
  moduleType: ModuleType;
  operationType: string | null;
  inputImageId: number | null;
  /** Tweak/refine: the generated image the work starts from. */
  baseGeneratedImageId?: number | null;
  prompt: string | null;
  /** Stored on the batch (what restoring its settings reads). */
  settings: Record<string, unknown>;
  variations: number;
  /** The job queue of the variations (its handler is a variation job). */
  queue: string;
  /** Adds the variations to this batch of the caller's (numbering on) instead of opening one. */
  existingBatchId?: number | null;
  /** The module's name in the ledger: "<label>: 2 variations (batch 7)". */
  label: string;
  /** The columns of variation `index` (0-based). */
  variation(index: number): VariationColumns;
  /**
   * The images the engine will be sent (photo and masks). With an engine that has a request
   * limit (RunPod) they are measured before the charge: 413 when they cannot fit, else the size
   * sent is kept in every variation's settingsSnapshot as `request`.
   */
  requestImages?(): Promise<{ image: Buffer; masks: Buffer[] }>;
  /** Runs in the transaction after the images exist (for example to record the settings used). */
  inTransaction?(tx: Tx, batchId: number): Promise<void>;
}

export interface StartedBatch {
  batchId: number;
  runpodId: string;
  images: GeneratedImageRow[];
  remainingCredits: number;
}

async function admissionOf(ctx: AppContext, spec: VariationBatchSpec): Promise<EngineAdmission> {
  if (spec.moduleType === 'REFINE') {
    const output = spec.settings.output as { width?: unknown; height?: unknown } | undefined;
    const size = typeof output?.width === 'number' && typeof output.height === 'number' ? { width: output.width, height: output.height } : undefined;
    return { operation: 'upscale', output: size };
  }
  if (spec.moduleType === 'TWEAK') {
    const op = spec.operationType;
    return { operation: op === 'inpaint' || op === 'outpaint' ? op : 'add_image' };
  }
  // A view sent with a depth pass needs the depth ControlNet (GPU engines check it before any charge).
  const depth = !!ctx.engine.admit && spec.inputImageId !== null && (await passKindsOf(ctx, spec.userId, spec.inputImageId)).includes('depth');
  return { operation: 'render', depth };
}

async function measureRequest(ctx: AppContext, spec: VariationBatchSpec, admission: EngineAdmission): Promise<RequestSize | undefined> {
  if (!ctx.engine.measureRequest || !spec.requestImages || admission.operation === 'add_image') return undefined;
  const { image, masks } = await spec.requestImages();
  return ctx.engine.measureRequest({ operation: admission.operation, image, masks });
}

function withRequestSize(columns: VariationColumns, request: RequestSize | undefined): VariationColumns {
  if (!request) return columns;
  return { ...columns, settingsSnapshot: { ...(columns.settingsSnapshot ?? {}), request } };
}

/** Checks the credits (402 before anything is written), then opens the batch as described above. */
export async function startVariationBatch(ctx: AppContext, spec: VariationBatchSpec): Promise<StartedBatch> {
  // An operation the engine must fail (a model missing on the GPU server, a result it cannot return) is refused before any charge.
  const admission = await admissionOf(ctx, spec);
  ctx.engine.admit?.(admission);
  const request = await measureRequest(ctx, spec, admission);
  const n = spec.variations;
  // In a team workspace the member who asked is recorded on the debit (and checked against their cap).
  const actorId = currentActor() ?? spec.userId;
  const balance = await getBalance(ctx.db, spec.userId);
  if (balance < n) throw new InsufficientCreditsError(balance, n);

  const started = await ctx.db.transaction(async (tx) => {
    // The debit comes first: it locks the user's row before anything here references it, so
    // concurrent requests of one user queue up on that lock instead of deadlocking.
    let batchId: number;
    let debitKey: string;
    if (spec.existingBatchId) {
      batchId = spec.existingBatchId;
      debitKey = `batch:${batchId}:more:${crypto.randomUUID()}`;
    } else {
      const { rows: seq } = (await tx.execute(
        sql`SELECT nextval(pg_get_serial_sequence('batches', 'id'))::int AS id`,
      )) as unknown as { rows: Array<{ id: number }> };
      batchId = Number(seq[0].id);
      debitKey = `batch:${batchId}`;
    }
    const debit = await requireDebit(tx, {
      userId: spec.userId,
      actorUserId: actorId,
      amount: n,
      idempotencyKey: debitKey,
      description: `${spec.label}: ${n} variation${n === 1 ? '' : 's'} (batch ${batchId})`,
      refType: 'batch',
      refId: batchId,
    });
    let batch: typeof batches.$inferSelect;
    let firstNumber = 1;
    if (spec.existingBatchId) {
      const [locked] = await tx
        .select()
        .from(batches)
        .where(and(eq(batches.id, batchId), eq(batches.userId, spec.userId), eq(batches.moduleType, spec.moduleType)))
        .for('update')
        .limit(1);
      if (!locked) throw notFound(GENERATION_MESSAGES.batchNotFound);
      const [{ last }] = await tx
        .select({ last: max(generatedImages.variationNumber) })
        .from(generatedImages)
        .where(eq(generatedImages.batchId, locked.id));
      firstNumber = (last ?? 0) + 1;
      [batch] = await tx
        .update(batches)
        .set({ status: 'PROCESSING', totalVariations: locked.totalVariations + n, completedAt: null, updatedAt: new Date() })
        .where(eq(batches.id, locked.id))
        .returning();
    } else {
      [batch] = await tx
        .insert(batches)
        .values({
          id: batchId,
          userId: spec.userId,
          inputImageId: spec.inputImageId,
          baseGeneratedImageId: spec.baseGeneratedImageId ?? null,
          moduleType: spec.moduleType,
          operationType: spec.operationType,
          status: 'PROCESSING',
          prompt: spec.prompt,
          settings: spec.settings,
          totalVariations: n,
          debitKey,
          runpodId: `${ctx.engine.name}-${batchId}`,
        })
        .returning();
    }
    const rows = await tx
      .insert(generatedImages)
      .values(
        Array.from({ length: n }, (_, i): NewGeneratedImage => ({
          userId: spec.userId,
          batchId: batch.id,
          inputImageId: spec.inputImageId,
          variationNumber: firstNumber + i,
          status: 'PROCESSING',
          runpodStatus: 'SUBMITTED',
          moduleType: spec.moduleType,
          operationType: spec.operationType,
          prompt: spec.prompt,
          ...withRequestSize(spec.variation(i), request),
          jobQueue: spec.queue,
          jobId: crypto.randomUUID(),
          debitKey,
        })),
      )
      .returning();
    await ctx.jobs.sendMany<VariationJobData>(
      spec.queue,
      rows.map((row) => ({ id: row.jobId as string, data: { imageId: row.id, userId: spec.userId, actorId, batchId: batch.id } })),
      { tx },
    );
    await spec.inTransaction?.(tx, batch.id);
    return { batchId: batch.id, runpodId: batch.runpodId ?? `${ctx.engine.name}-${batch.id}`, images: rows, remainingCredits: debit.balance };
  });
  ctx.jobs.notify(spec.queue);

  await emit(ctx, spec.userId, {
    type: 'generation_started',
    batchId: started.batchId,
    inputImageId: spec.inputImageId,
    totalVariations: started.images.length,
    imageIds: started.images.map((i) => i.id),
    remainingCredits: started.remainingCredits,
    moduleType: spec.moduleType,
    operationType: spec.operationType,
  });
  return started;
}
