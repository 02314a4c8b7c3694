import { z } from 'zod';
import { generationRequestSchema } from './generation.js';
import { imageStatusSchema, inputImageSchema } from './images.js';

// View sets (issue 31 part 5): the views a modelling tool pushed under one set name, listed
// together and rendered with one look (one seed, one style, the same materials per material
// name, the same sky and light), one batch per view, one credit per view and variation.

export const VIEW_SET_MESSAGES = {
  setNotFound: 'View set not found',
  setName: 'set must be 1 to 120 characters',
  setRenderNotFound: 'Set render not found',
  fetchSetsFailed: 'Failed to fetch view sets',
  renderSetFailed: 'Failed to render the set',
} as const;

export const viewSetNameSchema = z.string({ error: VIEW_SET_MESSAGES.setName }).trim().min(1, VIEW_SET_MESSAGES.setName).max(120, VIEW_SET_MESSAGES.setName);

export const viewSetSummarySchema = z.object({
  name: z.string(),
  viewCount: z.number().int(),
  /** The first view's thumbnail (else its image). */
  coverUrl: z.string().nullable(),
  /** The newest view's push. */
  updatedAt: z.string(),
});
export type ViewSetSummary = z.infer<typeof viewSetSummarySchema>;

export const viewSetsResponseSchema = z.object({ sets: z.array(viewSetSummarySchema) });
export type ViewSetsResponse = z.infer<typeof viewSetsResponseSchema>;

export const viewSetParamsSchema = z.object({ name: viewSetNameSchema });

/** A set's views in push order (the order of the cameras the add-on sent). */
export const viewSetResponseSchema = z.object({ name: z.string(), views: z.array(inputImageSchema) });
export type ViewSetResponse = z.infer<typeof viewSetResponseSchema>;

/**
 * POST /runpod/render-set: Create's request without its input image, for every view of `set`.
 * maskMaterialMappings are keyed by the regions of `fromInputImageId` (the view shown in Create)
 * and applied to the regions of the same material name in every view.
 */
export const renderSetRequestSchema = generationRequestSchema
  .omit({ inputImageId: true, existingBatchId: true })
  .extend({ set: viewSetNameSchema, fromInputImageId: z.coerce.number().int().min(1).max(2_147_483_647).optional() });
export type RenderSetRequest = z.input<typeof renderSetRequestSchema>;
export type RenderSetRequestParsed = z.output<typeof renderSetRequestSchema>;

export const renderSetQuoteQuerySchema = z.object({
  variations: generationRequestSchema.shape.variations,
});

/** The total before starting: one credit per view and variation (what POST /runpod/render-set charges). */
export const renderSetQuoteSchema = z.object({
  set: z.string(),
  views: z.number().int(),
  variations: z.number().int(),
  cost: z.number().int(),
  balance: z.number().int(),
  enough: z.boolean(),
});
export type RenderSetQuote = z.infer<typeof renderSetQuoteSchema>;

/** The cost rule both sides use: one credit per view and per variation. */
export function setRenderCost(views: number, variations: number): number {
  return views * variations;
}

export const SET_RENDER_STATUSES = ['PROCESSING', 'COMPLETED'] as const;
/** Per view: PROCESSING until its batch is done; COMPLETED with at least one image, FAILED with none (refunded). */
export const SET_VIEW_STATUSES = ['PROCESSING', 'COMPLETED', 'FAILED'] as const;

export const setRenderViewSchema = z.object({
  inputImageId: z.number().int(),
  fileName: z.string(),
  inputThumbnailUrl: z.string().nullable(),
  batchId: z.number().int(),
  status: z.enum(SET_VIEW_STATUSES),
  images: z.array(
    z.object({
      id: z.number().int(),
      variationNumber: z.number().int(),
      status: imageStatusSchema,
      imageUrl: z.string().nullable(),
      thumbnailUrl: z.string().nullable(),
    }),
  ),
});
export type SetRenderView = z.infer<typeof setRenderViewSchema>;

export const setRenderSchema = z.object({
  id: z.number().int(),
  set: z.string(),
  status: z.enum(SET_RENDER_STATUSES),
  /** One seed per variation, the same in every view. */
  seeds: z.array(z.number()),
  variations: z.number().int(),
  cost: z.number().int(),
  /** The look: prompt, mode, style and section selections shared by every view. */
  look: z.object({ prompt: z.string(), mode: z.string(), renderType: z.string(), selections: z.record(z.string(), z.unknown()) }),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  views: z.array(setRenderViewSchema),
});
export type SetRender = z.infer<typeof setRenderSchema>;

export const setRenderIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const setRendersResponseSchema = z.object({ setRenders: z.array(setRenderSchema) });
export type SetRendersResponse = z.infer<typeof setRendersResponseSchema>;
