import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  setRenderCost,
  VIEW_SET_MESSAGES,
  type RenderSetQuote,
  type RenderSetRequestParsed,
  type SetRender,
  type ViewSetResponse,
  type ViewSetSummary,
} from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { setRenderViews, setRenders } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { getBalance, InsufficientCreditsError } from '../credits/index.js';
import { getBatchStatus, inputFromRequest, randomSeed, startGeneration } from '../generation/index.js';
import { listViewSetImages, listViewSets, presentInputImage } from '../images/index.js';
import { materialsByName, mappingsForView } from './materials-by-name.js';
import { settleSetRender } from './set-completion.js';

/** GET /images/input-images/sets: the caller's view sets, most recently pushed first. */
export async function getViewSets(ctx: AppContext, userId: number): Promise<ViewSetSummary[]> {
  const sets = await listViewSets(ctx.db, userId);
  return sets.map((s) => {
    const cover = presentInputImage(ctx, s.first);
    return { name: s.name, viewCount: s.viewCount, coverUrl: cover.thumbnailUrl ?? cover.imageUrl, updatedAt: s.updatedAt.toISOString() };
  });
}

/** GET /images/input-images/sets/:name: the set's views in push order (404 when the caller has none in it). */
export async function getViewSet(ctx: AppContext, userId: number, name: string): Promise<ViewSetResponse> {
  const views = await listViewSetImages(ctx.db, userId, name);
  return { name, views: views.map((v) => presentInputImage(ctx, v)) };
}

/** GET /images/input-images/sets/:name/quote: what rendering the set costs now, and whether the pool covers it. */
export async function quoteSetRender(ctx: AppContext, userId: number, name: string, variations: number): Promise<RenderSetQuote> {
  const [views, balance] = await Promise.all([listViewSetImages(ctx.db, userId, name), getBalance(ctx.db, userId)]);
  const cost = setRenderCost(views.length, variations);
  return { set: name, views: views.length, variations, cost, balance, enough: balance >= cost };
}

/**
 * POST /runpod/render-set: every view of the set with one look. The whole cost (one credit per
 * view and variation) is checked first: 402 with nothing charged when the pool is short. Then one
 * Create batch per view, each charged as Create charges it, all with the same seeds, settings,
 * prompt and the materials of `fromInputImageId`'s regions given to the regions of the same name.
 * The set render is STARTING while its batches open and PROCESSING after, so set.completed cannot
 * go out before the last view has its batch. Should a view be refused once others started (the
 * pool spent meanwhile by someone else), the started views stay as the set render and the refusal
 * is answered.
 */
export async function renderSet(ctx: AppContext, userId: number, body: RenderSetRequestParsed): Promise<SetRender> {
  const views = await listViewSetImages(ctx.db, userId, body.set);
  const base = inputFromRequest({ ...body, inputImageId: views[0].id, existingBatchId: null });
  const cost = setRenderCost(views.length, base.variations);
  const balance = await getBalance(ctx.db, userId);
  if (balance < cost) throw new InsufficientCreditsError(balance, cost);
  const byName = await materialsByName(ctx, userId, body.fromInputImageId, base.maskMaterialMappings, base.maskPrompts);
  const seeds = Array.from({ length: base.variations }, () => randomSeed());
  const [row] = await ctx.db
    .insert(setRenders)
    .values({
      userId,
      viewSet: body.set,
      seeds,
      variations: base.variations,
      cost,
      look: { prompt: base.prompt, mode: base.mode, renderType: base.renderType, selections: base.selections },
    })
    .returning();
  let started = 0;
  try {
    for (const [position, view] of views.entries()) {
      const mapped = await mappingsForView(ctx, userId, view.id, byName);
      await startGeneration(ctx, userId, { ...base, inputImageId: view.id, ...mapped }, {
        seeds,
        inTransaction: async (tx, batchId) => {
          await tx.insert(setRenderViews).values({ setRenderId: row.id, userId, position, inputImageId: view.id, batchId });
        },
      });
      started++;
    }
  } catch (err) {
    if (started === 0) await ctx.db.delete(setRenders).where(and(eq(setRenders.id, row.id), eq(setRenders.userId, userId)));
    else await activate(ctx, userId, row.id);
    throw err;
  }
  await activate(ctx, userId, row.id);
  return getSetRender(ctx, userId, row.id);
}

async function activate(ctx: AppContext, userId: number, id: number): Promise<void> {
  await ctx.db
    .update(setRenders)
    .set({ status: 'PROCESSING' })
    .where(and(eq(setRenders.id, id), eq(setRenders.userId, userId), eq(setRenders.status, 'STARTING')));
  // Views whose batch finished while the others were opening are settled now.
  await settleSetRender(ctx, userId, id);
}

async function present(ctx: AppContext, userId: number, rows: Array<typeof setRenders.$inferSelect>): Promise<SetRender[]> {
  if (rows.length === 0) return [];
  const viewRows = await ctx.db
    .select()
    .from(setRenderViews)
    .where(and(eq(setRenderViews.userId, userId), inArray(setRenderViews.setRenderId, rows.map((r) => r.id))))
    .orderBy(asc(setRenderViews.setRenderId), asc(setRenderViews.position));
  const inputs = new Map<number, { fileName: string; thumbnailUrl: string | null }>();
  for (const r of rows) {
    try {
      for (const v of await listViewSetImages(ctx.db, userId, r.viewSet)) {
        const shown = presentInputImage(ctx, v);
        inputs.set(v.id, { fileName: v.fileName, thumbnailUrl: shown.thumbnailUrl ?? shown.imageUrl });
      }
    } catch {
      // The set's views were deleted since: the renders stay listed without their inputs' thumbnails.
    }
  }
  const views = await Promise.all(
    viewRows.map(async (v) => {
      const batch = await getBatchStatus(ctx, userId, v.batchId).catch(() => null);
      return {
        setRenderId: v.setRenderId,
        view: {
          inputImageId: v.inputImageId,
          fileName: inputs.get(v.inputImageId)?.fileName ?? `View ${v.position + 1}`,
          inputThumbnailUrl: inputs.get(v.inputImageId)?.thumbnailUrl ?? null,
          batchId: v.batchId,
          status: v.status,
          images: (batch?.images ?? []).map((i) => ({ id: i.id, variationNumber: i.variationNumber, status: i.status, imageUrl: i.url, thumbnailUrl: i.thumbnailUrl })),
        },
      };
    }),
  );
  return rows.map((r) => ({
    id: r.id,
    set: r.viewSet,
    status: r.status === 'COMPLETED' ? 'COMPLETED' : 'PROCESSING',
    seeds: r.seeds,
    variations: r.variations,
    cost: r.cost,
    look: r.look,
    createdAt: r.createdAt.toISOString(),
    completedAt: r.completedAt ? r.completedAt.toISOString() : null,
    views: views.filter((v) => v.setRenderId === r.id).map((v) => v.view),
  }));
}

/** GET /runpod/set-renders/:id: a set render with each view's batch, status and images (its progress). */
export async function getSetRender(ctx: AppContext, userId: number, id: number): Promise<SetRender> {
  const rows = await ctx.db.select().from(setRenders).where(and(eq(setRenders.id, id), eq(setRenders.userId, userId))).limit(1);
  if (rows.length === 0) throw notFound(VIEW_SET_MESSAGES.setRenderNotFound);
  return (await present(ctx, userId, rows))[0];
}

/** GET /runpod/set-renders: the caller's set renders, newest first (the gallery's rows, one per look). */
export async function listSetRenders(ctx: AppContext, userId: number): Promise<SetRender[]> {
  const rows = await ctx.db
    .select()
    .from(setRenders)
    .where(and(eq(setRenders.userId, userId), sql`${setRenders.status} <> 'STARTING'`))
    .orderBy(desc(setRenders.createdAt), desc(setRenders.id))
    .limit(30);
  return present(ctx, userId, rows);
}
