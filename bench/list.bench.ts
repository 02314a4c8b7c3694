/**
 * The hot read paths of the process users run, each next to its floor (floor.ts) in the same run:
 * `npm start`'s own process (shipped.ts: tsx apps/server/src/main.ts, demo mode, the built web
 * app, its request log, its workers) on PGlite, or on PostgreSQL when DATABASE_URL is set, and a
 * bare node:http server on the same rows, loaded in alternating autocannon rounds with the same
 * settings.
 *
 * - GET /api/images/input-images: page 1 of a user's 50 input images, every URL signed;
 * - GET /api/gallery/images: the gallery's first page call (100 images of the newest month) for
 *   a user with 5,000 completed images;
 * - GET /api/runpod/status/:batchId: a batch of 4 completed variations (the Create page polls it).
 *
 * Each floor runs the SQL the reply needs (the page rows and the total, or the batch and its
 * images) and sends the rows as JSON. The targets are ratios: the shipped process ≥ 0.8× its floor.
 *
 *   npm run build -w apps/web && npx tsx bench/list.bench.ts     (BENCH_ROUNDS=3 rounds of BENCH_SECONDS=3 s, BENCH_CONNECTIONS=10)
 */
import { pathToFileURL } from 'node:url';
import type { BenchResult } from './bench-app.js';
import { compareWithFloor, startFloor, type FloorHandler } from './floor.js';
import { startShipped } from './shipped.js';
import type { Database } from '../apps/server/src/db/client.js';
import type { App } from '../apps/server/src/types.js';
import { createInputImageFromBytes } from '../apps/server/src/modules/images/index.js';
import { createImagesUser, makeJpeg, type ImagesTestUser } from '../apps/server/src/modules/images/images.test-helpers.js';
import { analyzeIfStale } from '../apps/server/src/modules/gallery/index.js';
import { seedImages, spreadTimes } from '../apps/server/src/modules/gallery/gallery.test-helpers.js';
import { printResults } from './print.js';

const GALLERY_IMAGES = 5000;
const TZ = 'Europe/Paris';

const inputImagesFloor = (userId: number): FloorHandler => async (query) => {
  const where = 'user_id = $1 AND deleted_at IS NULL';
  const [rows, [{ total }]] = await Promise.all([
    query(`SELECT * FROM input_images WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT 50 OFFSET 0`, [userId]),
    query(`SELECT count(*) AS total FROM input_images WHERE ${where}`, [userId]),
  ]);
  return { inputImages: rows, total: Number(total) };
};

const galleryPageFloor = (userId: number, from: string, to: string): FloorHandler => async (query) => {
  const where =
    "user_id = $1 AND status = 'COMPLETED' AND deleted_at IS NULL" +
    ' AND created_at >= (($2::date)::timestamp AT TIME ZONE $4) AND created_at < ((($3::date) + 1)::timestamp AT TIME ZONE $4)';
  const columns =
    'id, user_id, batch_id, module_type, operation_type, status, variation_number, created_at, width, height, ' +
    'image_key, processed_key, thumbnail_key, input_image_id, base_image_id, prompt, is_public, published_at';
  const params = [userId, from, to, TZ];
  const [rows, [{ total }]] = await Promise.all([
    query(`SELECT ${columns} FROM generated_images WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT 100 OFFSET 0`, params),
    query(`SELECT count(*) AS total FROM generated_images WHERE ${where}`, params),
  ]);
  return { images: rows, total: Number(total) };
};

const batchStatusFloor = (userId: number, batchId: number): FloorHandler => async (query) => {
  const [[batch], images] = await Promise.all([
    query('SELECT * FROM batches WHERE id = $1 AND user_id = $2 LIMIT 1', [batchId, userId]),
    query('SELECT * FROM generated_images WHERE batch_id = $1 AND user_id = $2 AND deleted_at IS NULL ORDER BY variation_number', [batchId, userId]),
  ]);
  return { batch, images };
};

export interface ListPath {
  name: string;
  url: string;
  headers: Record<string, string>;
  floor: FloorHandler;
  expect: (body: Record<string, unknown[]>) => boolean;
}

/** What the three read paths read: the users, their tokens and which rows each call asks for. */
export interface ListData {
  lister: ImagesTestUser;
  galleryUser: ImagesTestUser;
  batchId: number;
  from: string;
  to: string;
}

/** Seeds the three read paths' rows through the server's own code (an app that is not listening). */
export async function seedListData(app: App, database: Database): Promise<ListData> {
  const lister = await createImagesUser(app, 'Bench Lister');
  const bytes = await makeJpeg(320, 240, { paint: (x, y) => [(x * 3) % 256, (y * 5) % 256, 128] });
  for (let i = 0; i < 50; i++)
    await createInputImageFromBytes(app.ctx, { userId: lister.id, bytes, fileName: `view-${i}.jpg`, uploadSource: 'CREATE_MODULE' });
  // Other users' rows in the same tables, so the filter by user matters.
  for (let u = 0; u < 3; u++) {
    const other = await createImagesUser(app, `Other ${u}`);
    for (let i = 0; i < 10; i++)
      await createInputImageFromBytes(app.ctx, { userId: other.id, bytes, fileName: `o-${i}.jpg`, uploadSource: 'TWEAK_MODULE' });
    await seedImages(app, other.id, spreadTimes(400, 120).map((createdAt) => ({ createdAt })));
  }
  const galleryUser = await createImagesUser(app, 'Ada Architect');
  const imageIds = await seedImages(app, galleryUser.id, spreadTimes(GALLERY_IMAGES, 120).map((createdAt) => ({ createdAt })));
  await analyzeIfStale(database);

  // The gallery's first page call: the newest month, as the browser asks after /gallery/days.
  const days = (await app.inject({ method: 'GET', url: `/api/gallery/days?mode=organize&tz=${TZ}`, headers: galleryUser.headers })).json<{
    days: Array<{ date: string }>;
  }>();
  const month = days.days[0].date.slice(0, 7);
  const [{ batch_id: batchId }] = (await database.query('SELECT batch_id FROM generated_images WHERE id = $1', [imageIds[0]])).rows as Array<{
    batch_id: number;
  }>;
  return { lister, galleryUser, batchId, from: `${month}-01`, to: `${month}-28` };
}

/** The three read paths on a server at `baseUrl` holding `data`, each checked once. */
export async function listPaths(baseUrl: string, data: ListData): Promise<ListPath[]> {
  const { lister, galleryUser, batchId, from, to } = data;
  const paths: ListPath[] = [
    {
      name: 'list 50 input images',
      url: `${baseUrl}/api/images/input-images`,
      headers: lister.headers,
      floor: inputImagesFloor(lister.id),
      expect: (b) => b.inputImages?.length === 50,
    },
    {
      name: `gallery page of 100 (${GALLERY_IMAGES} images)`,
      url: `${baseUrl}/api/gallery/images?mode=organize&tz=${TZ}&from=${from}&to=${to}&page=1&limit=100`,
      headers: galleryUser.headers,
      floor: galleryPageFloor(galleryUser.id, from, to),
      expect: (b) => b.images?.length === 100,
    },
    {
      name: 'batch status (4 variations)',
      url: `${baseUrl}/api/runpod/status/${batchId}`,
      headers: galleryUser.headers,
      floor: batchStatusFloor(galleryUser.id, batchId),
      expect: (b) => b.images?.length === 4,
    },
  ];
  for (const p of paths) {
    const check = await fetch(p.url, { headers: p.headers });
    const body = (await check.json()) as Record<string, unknown[]>;
    if (check.status !== 200 || !p.expect(body)) throw new Error(`${p.name}: unexpected reply ${check.status} ${JSON.stringify(body).slice(0, 200)}`);
  }
  return paths;
}

/** The rows of every path; `onPath` gets each path's rows as soon as they are measured. */
export async function run(onPath: (rows: BenchResult[]) => void = () => {}): Promise<BenchResult[]> {
  // The process users run (npm start), seeded before it starts; its floor on the same rows.
  const { server, seeded } = await startShipped(seedListData);
  const results: BenchResult[] = [];
  try {
    const paths = await listPaths(server.baseUrl, seeded);
    for (const p of paths) {
      const floor = await startFloor(server.floorDatabase, p.floor);
      try {
        const rows = await compareWithFloor({ name: p.name, label: server.label, app: { url: p.url, headers: p.headers, pid: server.pid }, floor });
        results.push(...rows);
        onPath(rows);
      } finally {
        await floor.close();
      }
    }
    return results;
  } finally {
    await server.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // Rows are printed as each path is measured (a slow machine may not finish every path).
  const print = (rows: BenchResult[]) => {
    printResults(rows);
  };
  (async () => {
    const postgres = process.env.DATABASE_URL;
    // LIST_BENCH_DATABASES=postgres runs PostgreSQL only.
    if (process.env.LIST_BENCH_DATABASES !== 'postgres') {
      delete process.env.DATABASE_URL;
      await run(print);
    }
    if (postgres) {
      process.env.DATABASE_URL = postgres;
      await run(print);
    }
    process.exit(0);
  })().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
