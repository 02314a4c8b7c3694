import { and, eq, isNull } from 'drizzle-orm';
import { IMAGE_MESSAGES } from '@atelier/contract';
import { inputImages } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { getOwnedInputImage, type Executor, type InputImageRow } from './owned-images.js';

// Changes to the caller's input images: soft delete, saved settings, kept prompts.

/** Soft delete: the image disappears from every list at once; its files stay until cleanupDeletedFiles. */
export async function softDeleteInputImage(db: Executor, userId: number, id: number): Promise<void> {
  const now = new Date();
  const updated = await db
    .update(inputImages)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(inputImages.id, id), eq(inputImages.userId, userId), isNull(inputImages.deletedAt)))
    .returning({ id: inputImages.id });
  if (updated.length === 0) throw notFound(IMAGE_MESSAGES.inputNotFound);
}

/** Writes a patch on the caller's input image (not deleted); 404 'Input image not found' if there is none. */
async function updateOwnedInputImage(
  db: Executor,
  userId: number,
  id: number,
  patch: Partial<typeof inputImages.$inferInsert>,
): Promise<InputImageRow> {
  const [updated] = await db
    .update(inputImages)
    .set(patch)
    .where(and(eq(inputImages.id, id), eq(inputImages.userId, userId), isNull(inputImages.deletedAt)))
    .returning();
  if (!updated) throw notFound(IMAGE_MESSAGES.inputNotFound);
  return updated;
}

const cleanPrompt = (v: string | null) => (v === null || v.trim() === '' ? null : v.trim());

/**
 * Saves the customization settings last used with an input image (merged over what it had;
 * a prompt also becomes its generatedPrompt). Inputs made from its renders copy both.
 */
export async function saveInputImageSettings(
  db: Executor,
  userId: number,
  id: number,
  settings: Record<string, unknown> & { generatedPrompt?: string | null },
): Promise<InputImageRow> {
  const row = await getOwnedInputImage(db, userId, id);
  const patch: Partial<typeof inputImages.$inferInsert> = {
    settings: { ...(row.settings ?? {}), ...settings },
    updatedAt: new Date(),
  };
  // A blank or null prompt clears the saved one (the user cleared it); a settings save without it keeps it.
  if (settings.generatedPrompt !== undefined) patch.generatedPrompt = cleanPrompt(settings.generatedPrompt);
  return updateOwnedInputImage(db, userId, id, patch);
}

/**
 * Sets the prompts kept with an input image: `generatedPrompt` (the prompt saved for it; blank
 * clears it) and `aiPrompt` (the last prompt written by the AI prompt writer). Fields left out
 * keep their value. Used by the prompts module (its only way to write them).
 */
export async function setInputImagePrompts(
  db: Executor,
  userId: number,
  id: number,
  prompts: { generatedPrompt?: string | null; aiPrompt?: string | null },
): Promise<InputImageRow> {
  const patch: Partial<typeof inputImages.$inferInsert> = { updatedAt: new Date() };
  if (prompts.generatedPrompt !== undefined) patch.generatedPrompt = cleanPrompt(prompts.generatedPrompt);
  if (prompts.aiPrompt !== undefined) patch.aiPrompt = cleanPrompt(prompts.aiPrompt);
  return updateOwnedInputImage(db, userId, id, patch);
}
