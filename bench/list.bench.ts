/**
 * GET /api/images/input-images (page 1 of 50, every URL signed) for a user with 50 images,
 * under autocannon over real HTTP: requests per second and p99 latency, on PGlite and, when
 * DATABASE_URL is set, on PostgreSQL. autocannon runs in the same process as the server, so on
 * a 2-core machine the figures are a floor.
 *
 *   npx tsx bench/list.bench.ts            (BENCH_DURATION=10 seconds, BENCH_CONNECTIONS=10)
 */
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { createTestApp } from '../apps/server/test/helpers/app.js';
import { createInputImageFromBytes } from '../apps/server/src/modules/images/index.js';
import { createImagesUser, makeJpeg } from '../apps/server/src/modules/images/images.test-helpers.js';

export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  target?: string;
}

async function benchOn(label: string, databaseUrl: string | undefined): Promise<BenchResult[]> {
  // The test helper picks PostgreSQL when DATABASE_URL is set, PGlite otherwise.
  const saved = process.env.DATABASE_URL;
  if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
  else delete process.env.DATABASE_URL;
  const t = await createTestApp().finally(() => {
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
  });
  try {
    const user = await createImagesUser(t.app, 'Bench Lister');
    const bytes = await makeJpeg(320, 240, { paint: (x, y) => [(x * 3) % 256, (y * 5) % 256, 128] });
    for (let i = 0; i < 50; i++)
      await createInputImageFromBytes(t.app.ctx, { userId: user.id, bytes, fileName: `view-${i}.jpg`, uploadSource: 'CREATE_MODULE' });
    // Some other users' images in the same table, so the filter by user matters.
    for (let u = 0; u < 3; u++) {
      const other = await createImagesUser(t.app, `Other ${u}`);
      for (let i = 0; i < 10; i++)
        await createInputImageFromBytes(t.app.ctx, { userId: other.id, bytes, fileName: `o-${i}.jpg`, uploadSource: 'TWEAK_MODULE' });
    }
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const url = `http://127.0.0.1:${port}/api/images/input-images`;
    const check = await fetch(url, { headers: user.headers });
    const body = (await check.json()) as { inputImages: unknown[] };
    if (check.status !== 200 || body.inputImages.length !== 50) throw new Error(`unexpected list reply ${check.status}`);

    const result = await autocannon({
      url,
      headers: user.headers,
      connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
      duration: Number(process.env.BENCH_DURATION ?? 10),
      // The load generator runs in its own thread, so it does not share the server's event loop.
      workers: 1,
    });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx replies, ${result.errors} errors`);
    return [
      { name: `list 50 input images (${label}) throughput`, value: Math.round(result.requests.average), unit: 'req/s', target: '≥ 2000 req/s (PostgreSQL)' },
      { name: `list 50 input images (${label}) p99 latency`, value: result.latency.p99, unit: 'ms', target: '≤ 50 ms (PostgreSQL)' },
    ];
  } finally {
    await t.close();
  }
}

export async function run(): Promise<BenchResult[]> {
  const results = await benchOn('PGlite', undefined);
  if (process.env.DATABASE_URL) results.push(...(await benchOn('PostgreSQL', process.env.DATABASE_URL)));
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run()
    .then((results) => {
      for (const r of results) console.log(`${r.name}: ${r.value} ${r.unit}${r.target ? `  (target ${r.target})` : ''}`);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
