import {
  DEFAULT_TWEAK_NEGATIVE_PROMPT,
  TWEAK_ERROR_CODES,
  TWEAK_LIMITS,
  TWEAK_MESSAGES,
  type AddImageFields,
  type InpaintRequestParsed,
  type OutpaintRequestParsed,
  type TweakBounds,
  type TweakOperationResponse,
  type UploadMaskResponse,
} from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { forgetTweakFile, touchTweakFile } from './tweak.cleanup.js';
import { describeMask, maskKeyOfUrl, orientedSize, readTweakFile, storeMask, storeOverlay } from './tweak.files.js';
import { openTweakBatch, requirePlan, resolveBases } from './tweak-batch.js';
import { findTweakImage, readTweakImageBytes, sessionRoot } from './tweak-images.js';

// The three tweak operations (outpaint, inpaint, add image) and the inpaint mask upload.

// ---- outpaint ----

/** The outpainted image's size in pixels: the canvas in canvas units, scaled like the original bounds to the image. */
export function outpaintOutputSize(image: { width: number; height: number }, canvas: TweakBounds, original: TweakBounds): { width: number; height: number } {
  const sx = image.width / original.width;
  const sy = image.height / original.height;
  return { width: Math.max(1, Math.round(canvas.width * sx)), height: Math.max(1, Math.round(canvas.height * sy)) };
}

/** 400 unless the canvas holds the original bounds and reaches at least one image pixel beyond them; 400 when the result would be too large. */
export function checkOutpaintBounds(image: { width: number; height: number }, canvas: TweakBounds, original: TweakBounds): { width: number; height: number } {
  const sx = image.width / original.width;
  const sy = image.height / original.height;
  // Half an image pixel of slack for rounding on the client.
  const slackX = 0.5 / sx;
  const slackY = 0.5 / sy;
  const left = original.x - canvas.x;
  const top = original.y - canvas.y;
  const right = canvas.x + canvas.width - (original.x + original.width);
  const bottom = canvas.y + canvas.height - (original.y + original.height);
  if (left < -slackX || top < -slackY || right < -slackX || bottom < -slackY) {
    throw new AppError(400, 'VALIDATION_ERROR', TWEAK_MESSAGES.boundsContain, { field: 'canvasBounds' });
  }
  if (Math.max(left * sx, right * sx, top * sy, bottom * sy) < 1) {
    throw new AppError(400, TWEAK_ERROR_CODES.notExpanded, TWEAK_MESSAGES.boundsNotExpanded, { field: 'canvasBounds' });
  }
  const out = outpaintOutputSize(image, canvas, original);
  if (out.width > TWEAK_LIMITS.outpaintMaxSide || out.height > TWEAK_LIMITS.outpaintMaxSide || out.width * out.height > TWEAK_LIMITS.outpaintMaxPixels) {
    throw new AppError(
      400,
      TWEAK_ERROR_CODES.canvasTooLarge,
      `canvasBounds: the expanded image would be ${out.width} × ${out.height} px; it may be at most ${TWEAK_LIMITS.outpaintMaxSide} px a side and ${TWEAK_LIMITS.outpaintMaxPixels / 1_000_000} megapixels.`,
      { field: 'canvasBounds' },
    );
  }
  return out;
}

/** POST /tweak/outpaint */
export async function startOutpaint(ctx: AppContext, userId: number, body: OutpaintRequestParsed): Promise<TweakOperationResponse> {
  const bases = await resolveBases(ctx, userId, body);
  await requirePlan(ctx, userId);
  const output = checkOutpaintBounds(bases.size, body.canvasBounds, body.originalImageBounds);
  return openTweakBatch(ctx, {
    userId,
    operationType: 'outpaint',
    bases,
    prompt: body.prompt?.trim() ?? '',
    variations: body.variations,
    output,
    extra: { canvasBounds: body.canvasBounds, originalImageBounds: body.originalImageBounds },
    label: 'Tweak outpaint',
    message: TWEAK_MESSAGES.outpaintStarted,
  });
}

// ---- inpaint ----

/** POST /tweak/inpaint: the mask must be the caller's uploaded mask, painted, with the base image's proportions. */
export async function startInpaint(ctx: AppContext, userId: number, body: InpaintRequestParsed): Promise<TweakOperationResponse> {
  const maskKey = maskKeyOfUrl(ctx, userId, body.maskImageUrl);
  const bases = await resolveBases(ctx, userId, body);
  await touchTweakFile(ctx.db, userId, 'mask', maskKey);
  const maskBytes = await readTweakFile(ctx, maskKey).catch(async (err: unknown) => {
    // Removed by the cleanup meanwhile: the row touchTweakFile made names nothing.
    await forgetTweakFile(ctx.db, userId, maskKey);
    throw err;
  });
  const mask = await describeMask(maskBytes);
  await requirePlan(ctx, userId);
  if (!mask.painted) throw new AppError(400, TWEAK_ERROR_CODES.maskEmpty, TWEAK_MESSAGES.maskEmpty, { field: 'maskImageUrl' });
  const baseRatio = bases.size.width / bases.size.height;
  const maskRatio = mask.width / mask.height;
  if (Math.abs(maskRatio - baseRatio) / baseRatio > 0.02) {
    throw new AppError(400, TWEAK_ERROR_CODES.invalidMask, `${TWEAK_MESSAGES.maskProportions} (${bases.size.width} × ${bases.size.height}; the mask is ${mask.width} × ${mask.height})`, {
      field: 'maskImageUrl',
    });
  }
  const negativePrompt = body.negativePrompt?.trim() ? body.negativePrompt.trim() : DEFAULT_TWEAK_NEGATIVE_PROMPT;
  return openTweakBatch(ctx, {
    userId,
    operationType: 'inpaint',
    bases,
    prompt: body.prompt.trim(),
    variations: body.variations,
    output: bases.size,
    extra: {
      negativePrompt,
      ...(body.maskKeyword?.trim() ? { maskKeyword: body.maskKeyword.trim() } : {}),
      maskImageUrl: body.maskImageUrl,
      maskKey,
    },
    label: 'Tweak inpaint',
    masks: [maskBytes],
    message: TWEAK_MESSAGES.inpaintStarted,
  });
}

// ---- add image ----

/** POST /tweak/add-image: the picture is checked and stored, then composited by a one-variation job. */
export async function startAddImage(ctx: AppContext, userId: number, fields: AddImageFields, picture: Buffer): Promise<TweakOperationResponse> {
  const selected = await findTweakImage(ctx, userId, fields.baseImageId, fields.baseImageType);
  const bytes = await readTweakImageBytes(ctx, selected);
  const size = await orientedSize(bytes);
  await requirePlan(ctx, userId);
  const { x, y } = fields.position;
  const { width, height } = fields.size;
  if (x >= size.width || y >= size.height || x + width <= 0 || y + height <= 0) {
    throw new AppError(400, 'VALIDATION_ERROR', TWEAK_MESSAGES.overlayOutside, { field: 'position' });
  }
  const overlay = await storeOverlay(ctx, userId, picture);
  try {
    return await openTweakBatch(ctx, {
      userId,
      operationType: 'add_image',
      bases: { selected, root: sessionRoot(selected), bytes, size },
      prompt: fields.prompt?.trim() ?? '',
      variations: 1,
      output: size,
      extra: { overlayKey: overlay.key, position: { x, y }, size: { width, height }, rotation: fields.rotation },
      label: 'Tweak add image',
      message: TWEAK_MESSAGES.addImageStarted,
    });
  } catch (err) {
    // Refused (credits): the stored picture is not needed.
    await ctx.storage.delete(overlay.key).catch(() => undefined);
    await forgetTweakFile(ctx.db, userId, overlay.key).catch(() => undefined);
    throw err;
  }
}

// ---- masks ----

/** POST /tweak/upload/mask */
export async function uploadMask(ctx: AppContext, userId: number, bytes: Buffer): Promise<UploadMaskResponse> {
  const stored = await storeMask(ctx, userId, bytes);
  return { success: true, message: TWEAK_MESSAGES.maskUploaded, url: ctx.urls.sign(stored.key), width: stored.width, height: stored.height };
}
