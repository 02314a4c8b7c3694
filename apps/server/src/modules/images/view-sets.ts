import { and, asc, count, eq, inArray, isNotNull, isNull, max, min, sql } from 'drizzle-orm';
import { VIEW_SET_MESSAGES } from '@atelier/contract';
import { inputImages } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import type { Executor, InputImageRow } from './owned-images.js';

/**
 * View sets (issue 31 part 5): the caller's input images grouped by the set their push named
 * (index input_images_user_view_set_idx). Deleted views are not part of a set.
 */
export interface ViewSetRow {
  name: string;
  viewCount: number;
  firstId: number;
  updatedAt: Date;
}

const ofSet = (userId: number) => and(eq(inputImages.userId, userId), isNull(inputImages.deletedAt), isNotNull(inputImages.viewSet));

/** The caller's sets, most recently pushed first. */
export async function listViewSets(db: Executor, userId: number): Promise<Array<ViewSetRow & { first: InputImageRow }>> {
  const groups = await db
    .select({ name: sql<string>`${inputImages.viewSet}`, viewCount: count(), firstId: min(inputImages.id), updatedAt: max(inputImages.createdAt) })
    .from(inputImages)
    .where(ofSet(userId))
    .groupBy(inputImages.viewSet)
    .orderBy(sql`max(${inputImages.createdAt}) DESC`, inputImages.viewSet)
    .limit(200);
  if (groups.length === 0) return [];
  const ids = groups.map((g) => Number(g.firstId));
  const firsts = await db
    .select()
    .from(inputImages)
    .where(and(eq(inputImages.userId, userId), inArray(inputImages.id, ids)));
  const byId = new Map(firsts.map((r) => [r.id, r]));
  return groups.map((g) => ({
    name: g.name,
    viewCount: Number(g.viewCount),
    firstId: Number(g.firstId),
    updatedAt: g.updatedAt instanceof Date ? g.updatedAt : new Date(String(g.updatedAt)),
    first: byId.get(Number(g.firstId))!,
  }));
}

/** The views of the caller's set `name`, in push order; 404 when the caller has no view in it. */
export async function listViewSetImages(db: Executor, userId: number, name: string): Promise<InputImageRow[]> {
  const rows = await db
    .select()
    .from(inputImages)
    .where(and(ofSet(userId), eq(inputImages.viewSet, name)))
    .orderBy(asc(inputImages.id))
    .limit(100);
  if (rows.length === 0) throw notFound(VIEW_SET_MESSAGES.setNotFound);
  return rows;
}
