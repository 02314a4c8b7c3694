import { z } from 'zod';

/** What a render shows (spec §1 "Render types"; issue 28): it steers the prompts and the region labels. Its own file so generation.ts, masks.ts and prompts.ts read it without an import cycle. A render made before the render type existed counts as exterior. */
export const RENDER_TYPES = ['exterior', 'interior', 'aerial', 'elevation'] as const;
export type RenderType = (typeof RENDER_TYPES)[number];
export const DEFAULT_RENDER_TYPE: RenderType = 'exterior';
/** The render type of a request field, refused with a message naming the field. */
export const renderTypeSchema = (field = 'renderType') =>
  z.enum(RENDER_TYPES, { error: `${field} must be one of ${RENDER_TYPES.join(', ')}` });
/** A stored render type (a settings snapshot, a batch's settings), exterior when missing or unknown. */
export function storedRenderType(value: unknown): RenderType {
  return (RENDER_TYPES as readonly unknown[]).includes(value) ? (value as RenderType) : DEFAULT_RENDER_TYPE;
}

