/**
 * Refine / Upscale of a 1024×1024 photo-like image with every setting on (AI strength, clarity,
 * sharpness, resemblance, match colour), at 2× (2048×2048) and 4× (4096×4096):
 *  - the CPU engine's upscale call alone (decode, enhance in the pixel pool, Lanczos, JPEG);
 *  - end to end: POST /api/refine/generate until the socket's variation_completed (the job
 *    queue, the engine, storing the files and the thumbnail, the live message).
 * Median of N runs after one warm-up each.
 *
 *   npx tsx bench/refine.bench.ts        (BENCH_REFINE_RUNS=5 by default; DATABASE_URL for PostgreSQL)
 */
import { pathToFileURL } from 'node:url';
import { LocalEngine } from '../apps/server/src/engines/local/local-engine.js';
import { connectLive, createSubscribedUser } from '../apps/server/src/modules/generation/generation.test-helpers.js';
import { createInputImageFromBytes } from '../apps/server/src/modules/images/index.js';
import { makePhotoJpeg } from '../apps/server/src/modules/images/images.test-helpers.js';
import { median, startBenchApp, type BenchResult } from './bench-app.js';
import { printResults } from './print.js';

const SIZE = 1024;
const SETTINGS = { aiStrength: 25, resemblance: 12, clarity: 25, sharpness: 25, matchColor: true };
const TARGETS: Record<number, string> = { 2: '≤ 1500 ms on 2 cores', 4: '≤ 5000 ms on 2 cores' };

async function timeRuns(runs: number, once: () => Promise<void>): Promise<number[]> {
  await once(); // warm-up: the pixel workers start, sharp loads
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await once();
    times.push(performance.now() - started);
  }
  return times;
}

export async function run(): Promise<BenchResult[]> {
  const runs = Math.max(1, Number(process.env.BENCH_REFINE_RUNS ?? 5));
  const source = await makePhotoJpeg(SIZE, SIZE);
  const results: BenchResult[] = [];

  // The engine alone (independent of the database).
  const engine = new LocalEngine();
  try {
    for (const scale of [2, 4]) {
      let seed = 1;
      const times = await timeRuns(runs, async () => {
        await engine.upscale({ image: source, width: SIZE * scale, height: SIZE * scale, scaleFactor: scale, ...SETTINGS, seed: seed++, variationNumber: 1 });
      });
      results.push({
        name: `upscale ${scale}× of ${SIZE}×${SIZE} → ${SIZE * scale}×${SIZE * scale}, engine call, all settings on, median of ${runs}`,
        value: Math.round(median(times)),
        unit: 'ms',
        target: TARGETS[scale],
      });
    }
  } finally {
    await engine.close();
  }

  // End to end through the API, the job queue and the socket.
  const b = await startBenchApp();
  try {
    const user = await createSubscribedUser(b.app, { credits: 2 * (runs + 1) + 2 });
    const input = await createInputImageFromBytes(b.app.ctx, { userId: user.id, bytes: source, fileName: 'photo.jpg', uploadSource: 'REFINE_MODULE' });
    const live = await connectLive(b.baseUrl, user.token);
    await live.waitFor('connected');
    for (const scale of [2, 4]) {
      const times = await timeRuns(runs, async () => {
        const res = await fetch(`${b.baseUrl}/api/refine/generate`, {
          method: 'POST',
          headers: { ...user.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ imageId: input.id, resolution: { width: SIZE, height: SIZE }, scaleFactor: scale, ...SETTINGS, variations: 1 }),
        });
        if (res.status !== 200) throw new Error(`refine failed: ${res.status} ${await res.text()}`);
        const { batchId } = (await res.json()) as { batchId: number };
        await live.waitFor('variation_completed', (m) => m.batchId === batchId, 120_000);
      });
      results.push({
        name: `refine ${scale}× of ${SIZE}×${SIZE}, POST → variation_completed (stored, thumbnail), median of ${runs} (${b.label})`,
        value: Math.round(median(times)),
        unit: 'ms',
      });
    }
    await live.close();
  } finally {
    await b.close();
  }
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run()
    .then((rows) => {
      printResults(rows);
      process.exit(0);
    })
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
