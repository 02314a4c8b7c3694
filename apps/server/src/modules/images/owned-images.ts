import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { IMAGE_MESSAGES } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { generatedImages, inputImages } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';

/**
 * The images module's rows and the one place each one's owner is checked. Every query on user
 * data carries the caller's id; an image of another user is "not found", never "forbidden".
 */

export type InputImageRow = typeof inputImages.$inferSelect;
export type GeneratedImageRow = typeof generatedImages.$inferSelect;
export type Executor = Db | Tx;

/** What the images functions need from the app context (AppContext has all of it). */
export type ImagesContext = Pick<AppContext, 'db' | 'storage' | 'urls'> & { log?: FastifyBaseLogger };

/** The caller's input image (not deleted), or AppError 404 'Input image not found'. */
export async function getOwnedInputImage(db: Executor, userId: number, inputImageId: number): Promise<InputImageRow> {
  const [row] = await db
    .select()
    .from(inputImages)
    .where(and(eq(inputImages.id, inputImageId), eq(inputImages.userId, userId), isNull(inputImages.deletedAt)))
    .limit(1);
  if (!row) throw notFound(IMAGE_MESSAGES.inputNotFound);
  return row;
}

/** The caller's generated image (not deleted), or AppError 404 'Generated image not found'. */
export async function getOwnedGeneratedImage(db: Executor, userId: number, id: number): Promise<GeneratedImageRow> {
  const [row] = await db
    .select()
    .from(generatedImages)
    .where(and(eq(generatedImages.id, id), eq(generatedImages.userId, userId), isNull(generatedImages.deletedAt)))
    .limit(1);
  if (!row) throw notFound(IMAGE_MESSAGES.generatedNotFound);
  return row;
}
