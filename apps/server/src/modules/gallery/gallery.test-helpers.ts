// Factories for the gallery tests and bench: rows inserted in bulk straight into the tables
// (listing needs no files), with chosen creation times.
import type { App } from '../../types.js';
import { batches, generatedImages, type ModuleType } from '../../db/schema/index.js';

const PROMPTS = [
  'A timber pavilion in a birch forest, soft morning light',
  'Brick terraced houses along a canal at dusk, warm window light',
  'Concrete museum extension with a cantilevered gallery, overcast sky',
  'Glass atrium of a university library, winter afternoon',
  'Coastal villa in white render with deep loggias, midday sun',
  'Corten steel visitor centre on a hillside, autumn colours',
];

export interface SeedImage {
  createdAt: Date;
  moduleType?: ModuleType;
  status?: 'PROCESSING' | 'COMPLETED' | 'FAILED';
  deleted?: boolean;
  isPublic?: boolean;
  operationType?: string;
  /** The settings snapshot's renderType; none (a render from before render types) when absent. */
  renderType?: string;
}

/**
 * One batch per `perBatch` images (same module and time as its first image), then the images,
 * inserted 1000 rows per statement. Completed rows get fake file keys (listing signs keys; it
 * never reads files). Returns the ids in insertion order.
 */
export async function seedImages(
  app: App,
  userId: number,
  images: SeedImage[],
  perBatch = 4,
  /** Real stored files to point the completed rows at, in turn (benches and screenshots). */
  files?: ReadonlyArray<{ imageKey: string; thumbnailKey: string; width: number; height: number }>,
): Promise<number[]> {
  const db = app.ctx.db;
  const groups: SeedImage[][] = [];
  for (let i = 0; i < images.length; i += perBatch) groups.push(images.slice(i, i + perBatch));
  const batchIds: number[] = [];
  for (let i = 0; i < groups.length; i += 1000) {
    const rows = await db
      .insert(batches)
      .values(
        groups.slice(i, i + 1000).map((g, j) => ({
          userId,
          moduleType: g[0].moduleType ?? 'CREATE',
          status: 'COMPLETED' as const,
          prompt: PROMPTS[(i + j) % PROMPTS.length],
          settings: { variations: g.length, creativity: 3, expressivity: 2, resemblance: 3, selectedStyle: 'photorealistic' },
          totalVariations: g.length,
          createdAt: g[0].createdAt,
          updatedAt: g[0].createdAt,
        })),
      )
      .returning({ id: batches.id });
    batchIds.push(...rows.map((r) => r.id));
  }
  let n = 0;
  const values = groups.flatMap((g, gi) =>
    g.map((img, vi) => {
      const status = img.status ?? 'COMPLETED';
      const key = `u/${userId}/generated/seed-${gi}-${vi}`;
      const file = files?.length ? files[n++ % files.length] : null;
      return {
        userId,
        batchId: batchIds[gi],
        variationNumber: vi + 1,
        moduleType: img.moduleType ?? g[0].moduleType ?? 'CREATE',
        status,
        runpodStatus: status === 'COMPLETED' ? 'COMPLETED' : 'SUBMITTED',
        imageKey: status === 'COMPLETED' ? (file?.imageKey ?? `${key}/image.jpg`) : null,
        thumbnailKey: status === 'COMPLETED' ? (file?.thumbnailKey ?? `${key}/thumb.webp`) : null,
        width: file?.width ?? 1024,
        height: file?.height ?? 768,
        prompt: PROMPTS[gi % PROMPTS.length],
        operationType: img.operationType ?? null,
        settingsSnapshot: img.renderType ? { renderType: img.renderType } : null,
        isPublic: img.isPublic ?? false,
        publishedAt: img.isPublic ? img.createdAt : null,
        deletedAt: img.deleted ? new Date() : null,
        createdAt: img.createdAt,
        updatedAt: img.createdAt,
      };
    }),
  );
  const ids: number[] = [];
  for (let i = 0; i < values.length; i += 1000) {
    const rows = await db.insert(generatedImages).values(values.slice(i, i + 1000)).returning({ id: generatedImages.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/**
 * `count` creation times spread over about `days` days before `end`, newest first, a few per
 * hour at irregular minutes, so every day and both sides of midnight are covered.
 */
export function spreadTimes(count: number, days: number, end = new Date('2025-06-30T21:00:00Z')): Date[] {
  const span = days * 24 * 3600 * 1000;
  const step = span / count;
  return Array.from({ length: count }, (_, i) => new Date(end.getTime() - Math.round(i * step + ((i * 7919) % 997) * 1000)));
}
