import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { explorePaths, GALLERY_MESSAGES, IMAGE_ERROR_CODES, publicNameOf, type ExploreImage, type ExploreResponse, type MyExploreResponse, type SharedImage } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { generatedImages } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import { StorageNotFoundError } from '../../providers/storage/index.js';
import { findUserById } from '../auth/index.js';
import { createInputImageFromBytes, readGeneratedImageBytes, type GeneratedImageRow } from '../images/index.js';

/**
 * Explore: the images their owners made public, from everyone, newest shared first, visible to
 * visitors who are not signed in. Public files are served by their own route, which checks on
 * every request that the image is still public (never by signed URLs, which would outlive a
 * change of mind). Index: generated_images_public_idx (published_at DESC, id DESC) WHERE
 * is_public AND deleted_at IS NULL.
 */

const isPublicNow: SQL = and(
  eq(generatedImages.isPublic, true),
  isNull(generatedImages.deletedAt),
  eq(generatedImages.status, 'COMPLETED'),
)!;

/** Cursors are `<published_at in epoch microseconds>_<id>`: exact, so keyset pages never skip or repeat. */
function parseCursor(cursor: string | undefined): { micros: string; id: number } | null {
  if (!cursor) return null;
  const m = /^(\d{1,16})_(\d{1,10})$/.exec(cursor);
  if (!m) return null;
  return { micros: m[1], id: Number(m[2]) };
}

/** GET /explore/images: public images, newest shared first, keyset-paginated. */
export async function listExplore(
  ctx: Pick<AppContext, 'db'>,
  viewerId: number | null,
  query: { cursor?: string; limit: number },
): Promise<ExploreResponse> {
  const after = parseCursor(query.cursor);
  const conditions: SQL[] = [isPublicNow];
  if (after) {
    conditions.push(
      sql`(${generatedImages.publishedAt}, ${generatedImages.id}) < ('epoch'::timestamptz + ${after.micros}::bigint * interval '1 microsecond', ${after.id}::int)`,
    );
  }
  const rows = await ctx.db
    .select({
      id: generatedImages.id,
      userId: generatedImages.userId,
      publishedAt: generatedImages.publishedAt,
      publishedMicros: sql<string>`(extract(epoch from ${generatedImages.publishedAt}) * 1000000)::bigint::text`,
      width: generatedImages.width,
      height: generatedImages.height,
    })
    .from(generatedImages)
    .where(and(...conditions))
    .orderBy(desc(generatedImages.publishedAt), desc(generatedImages.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  // Owners' names through the auth module (one lookup per distinct owner on the page).
  const ownerIds = [...new Set(page.map((r) => r.userId))];
  const owners = new Map(
    await Promise.all(ownerIds.map(async (id) => [id, publicNameOf(await findUserById(ctx.db, id))] as const)),
  );
  const images: ExploreImage[] = page.map((r) => ({
    id: r.id,
    ownerName: owners.get(r.userId) ?? 'An architect',
    publishedAt: (r.publishedAt ?? new Date(0)).toISOString(),
    width: r.width,
    height: r.height,
    thumbnailUrl: explorePaths.thumbnail(r.id),
    imageUrl: explorePaths.full(r.id),
    isMine: viewerId !== null && r.userId === viewerId,
  }));
  const last = page[page.length - 1];
  return { images, nextCursor: rows.length > query.limit && last ? `${last.publishedMicros}_${last.id}` : null };
}

/** The image if it is public right now (any owner), else 404 — the same answer as for an id that never existed. */
async function publicImage(db: Db, id: number): Promise<GeneratedImageRow> {
  const [row] = await db
    .select()
    .from(generatedImages)
    .where(and(eq(generatedImages.id, id), isPublicNow))
    .limit(1);
  if (!row) throw notFound(GALLERY_MESSAGES.imageNotFound);
  return row;
}

/** GET /explore/images/{id}: a public image's share page: the picture, its prompt and the author's display name (publicNameOf, as on Explore). */
export async function getSharedImage(ctx: Pick<AppContext, 'db'>, id: number): Promise<SharedImage> {
  const row = await publicImage(ctx.db, id);
  const owner = await findUserById(ctx.db, row.userId);
  return {
    id: row.id,
    prompt: row.prompt?.trim() || null,
    authorFirstName: publicNameOf(owner),
    publishedAt: (row.publishedAt ?? new Date(0)).toISOString(),
    width: row.width,
    height: row.height,
    thumbnailUrl: explorePaths.thumbnail(row.id),
    imageUrl: explorePaths.full(row.id),
  };
}

/** GET /explore/mine: the caller's own public images (at most 200, newest shared first) and how many there are. */
export async function listMyShared(ctx: Pick<AppContext, 'db'>, userId: number): Promise<MyExploreResponse> {
  const rows = await ctx.db
    .select()
    .from(generatedImages)
    .where(and(isPublicNow, eq(generatedImages.userId, userId)))
    .orderBy(desc(generatedImages.publishedAt), desc(generatedImages.id))
    .limit(200);
  const [{ total }] = await ctx.db
    .select({ total: sql<number>`count(*)::int` })
    .from(generatedImages)
    .where(and(isPublicNow, eq(generatedImages.userId, userId)));
  return {
    total,
    images: rows.map((row) => ({
      id: row.id,
      prompt: row.prompt?.trim() || null,
      publishedAt: (row.publishedAt ?? new Date(0)).toISOString(),
      width: row.width,
      height: row.height,
      thumbnailUrl: explorePaths.thumbnail(row.id),
      imageUrl: explorePaths.full(row.id),
    })),
  };
}

/** GET /explore/images/{id}/{thumbnail|full}: the file's key, checked public on this request. */
export async function publicFileKey(ctx: Pick<AppContext, 'db'>, id: number, variant: 'thumbnail' | 'full'): Promise<string> {
  const row = await publicImage(ctx.db, id);
  const full = row.processedKey ?? row.imageKey;
  const key = variant === 'thumbnail' ? (row.thumbnailKey ?? full) : full;
  if (!key) throw notFound(GALLERY_MESSAGES.imageNotFound);
  return key;
}

/** Reads a public file; a file that is gone is a 404 like a private image. */
export async function readPublicFile(ctx: Pick<AppContext, 'db' | 'storage'>, id: number, variant: 'thumbnail' | 'full') {
  const key = await publicFileKey(ctx, id, variant);
  try {
    if (ctx.storage.stream) return { key, ...(await ctx.storage.stream(key)) };
    const bytes = await ctx.storage.get(key);
    return { key, body: bytes, size: bytes.length };
  } catch (err) {
    if (err instanceof StorageNotFoundError) throw new AppError(404, IMAGE_ERROR_CODES.notFound, GALLERY_MESSAGES.imageNotFound);
    throw err;
  }
}

/**
 * POST /explore/images/{id}/use-as-input: a new input image for the caller with a copy of a
 * public image's bytes, read from storage on the server (a client URL is never fetched).
 */
export async function useAsInput(
  ctx: Pick<AppContext, 'db' | 'storage' | 'urls'>,
  userId: number,
  id: number,
): Promise<{ inputImageId: number }> {
  const image = await publicImage(ctx.db, id);
  const bytes = await readGeneratedImageBytes(ctx, image);
  const row = await createInputImageFromBytes(ctx, {
    userId,
    bytes,
    fileName: `explore_${image.id}.jpg`,
    uploadSource: 'CREATE_MODULE',
    // Only the owner's own copy records where it came from; another user's input stays unlinked.
    sourceGeneratedImageId: image.userId === userId ? image.id : null,
  });
  return { inputImageId: row.id };
}
