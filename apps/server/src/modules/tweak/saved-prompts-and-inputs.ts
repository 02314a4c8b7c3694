import { and, eq } from 'drizzle-orm';
import {
  TWEAK_MESSAGES,
  type CreateInputFromTweakResponse,
  type SaveTweakPromptRequest,
  type TweakImageKind,
  type TweakPromptResponse,
} from '@atelier/contract';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { tweakPrompts } from '../../db/schema/index.js';
import { createInputFromGenerated, presentInputImage } from '../images/index.js';
import { findTweakImage, type TweakImageRef } from './tweak-images.js';

type Executor = Db | Tx;

// ---- inputs from results ----

/** POST /tweak/create-input-from-generated: a new TWEAK_MODULE input image from a generated image (masks copied), with the tweak settings kept beside it. */
export async function createInputFromTweak(
  ctx: AppContext,
  userId: number,
  body: {
    generatedImageUrl: string | number;
    originalInputImageId?: number | null;
    fileName?: string;
    tweakSettings?: Record<string, unknown> | null;
  },
): Promise<CreateInputFromTweakResponse> {
  const row = await createInputFromGenerated(ctx, userId, {
    generatedImageUrl: body.generatedImageUrl,
    originalInputImageId: body.originalInputImageId ?? null,
    fileName: body.fileName || null,
    uploadSource: 'TWEAK_MODULE',
  });
  const settings = body.tweakSettings ?? null;
  if (settings) {
    const prompt = typeof settings.prompt === 'string' ? settings.prompt.trim() : '';
    await upsertPrompt(ctx.db, userId, { type: 'input', id: row.id }, prompt, settings);
  }
  return { success: true, message: TWEAK_MESSAGES.inputCreated, data: presentInputImage(ctx, row) };
}

// ---- saved prompts ----

async function upsertPrompt(db: Executor, userId: number, image: TweakImageRef, prompt: string, settings?: Record<string, unknown> | null) {
  const now = new Date();
  const [row] = await db
    .insert(tweakPrompts)
    .values({ userId, imageType: image.type, imageId: image.id, prompt, settings: settings ?? null, updatedAt: now })
    .onConflictDoUpdate({
      target: [tweakPrompts.userId, tweakPrompts.imageType, tweakPrompts.imageId],
      set: { prompt, updatedAt: now, ...(settings ? { settings } : {}) },
    })
    .returning();
  return row;
}

/** POST /tweak/prompt: saves the prompt of one of the caller's images (404 otherwise). */
export async function saveTweakPrompt(ctx: AppContext, userId: number, body: SaveTweakPromptRequest & { inputImageId: number }): Promise<TweakPromptResponse> {
  const image = await findTweakImage(ctx, userId, body.inputImageId, body.imageType);
  const row = await upsertPrompt(ctx.db, userId, { type: image.type, id: image.id }, body.prompt.trim());
  return {
    success: true,
    message: TWEAK_MESSAGES.promptSaved,
    data: { imageId: image.id, imageType: image.type, prompt: row.prompt, source: 'saved', updatedAt: row.updatedAt.toISOString() },
  };
}

/** GET /tweak/prompt/{imageId}: the saved prompt, else the prompt a tweak result was made with, else ''. */
export async function getTweakPrompt(ctx: AppContext, userId: number, imageId: number, imageType?: TweakImageKind): Promise<TweakPromptResponse> {
  const image = await findTweakImage(ctx, userId, imageId, imageType);
  const [saved] = await ctx.db
    .select()
    .from(tweakPrompts)
    .where(and(eq(tweakPrompts.userId, userId), eq(tweakPrompts.imageType, image.type), eq(tweakPrompts.imageId, image.id)))
    .limit(1);
  const data = { imageId: image.id, imageType: image.type };
  if (saved) return { success: true, data: { ...data, prompt: saved.prompt, source: 'saved', updatedAt: saved.updatedAt.toISOString() } };
  if (image.type === 'generated' && image.row.moduleType === 'TWEAK' && image.row.prompt) {
    return { success: true, data: { ...data, prompt: image.row.prompt, source: 'result', updatedAt: null } };
  }
  return { success: true, data: { ...data, prompt: '', source: 'none', updatedAt: null } };
}
