/**
 * Create, end to end: POST /api/runpod/generate for 4 variations of a 1024×768 input image,
 * until the socket has received the 4th variation_completed — through real HTTP, the job queue,
 * the local engine, file storage and the live socket. Median of N runs after one warm-up.
 *
 * Next to each run, in turn, the engine's own time for the same four renders (the same inputs and
 * settings, called directly with the queue's concurrency): the ratio of the two is what the
 * queue, storage, thumbnails and events add (aim ≤ 1.3×). Where that time goes: from the POST to
 * the engine's first render, the engine's idle time between one render's end and the start of the
 * render that takes its place (the 3rd and 4th of a batch), and the time from the last render's
 * end to the 4th variation_completed.
 *
 *   npx tsx bench/create.bench.ts        (BENCH_CREATE_RUNS=10 by default; DATABASE_URL for PostgreSQL)
 */
import { pathToFileURL } from 'node:url';
import {
  connectLive,
  createInputImage,
  createSubscribedUser,
} from '../apps/server/src/modules/generation/generation.test-helpers.js';
import { median, round1, startBenchApp, type BenchApp, type BenchResult } from './bench-app.js';
import { renderRequestFor } from '../apps/server/src/modules/generation/render.job.js';
import { getOwnedGeneratedImage } from '../apps/server/src/modules/images/index.js';
import { printResults } from './print.js';

/** The batch's four renders again, straight on the engine, RENDER_CONCURRENCY at a time: wall time in ms. */
async function engineAlone(b: BenchApp, userId: number, batchId: number): Promise<number> {
  const ctx = b.app.ctx;
  const { rows } = await b.database.query('SELECT id FROM generated_images WHERE batch_id = $1 ORDER BY variation_number', [batchId]);
  const images = await Promise.all(rows.map((r) => getOwnedGeneratedImage(ctx.db, userId, Number(r.id))));
  const requests = await Promise.all(images.map((image) => renderRequestFor(ctx, image)));
  const started = performance.now();
  const queue = [...requests];
  const worker = async () => {
    for (let r = queue.shift(); r; r = queue.shift()) await ctx.engine.render(r);
  };
  await Promise.all(Array.from({ length: ctx.config.RENDER_CONCURRENCY }, worker));
  return performance.now() - started;
}

export async function run(): Promise<BenchResult[]> {
  const runs = Math.max(1, Number(process.env.BENCH_CREATE_RUNS ?? 10));
  const b = await startBenchApp();
  try {
    const user = await createSubscribedUser(b.app, { credits: 4 * (runs + 1) });
    const inputImageId = await createInputImage(b.app, user.id, 1024, 768);
    const live = await connectLive(b.baseUrl, user.token);
    await live.waitFor('connected');
    // The app's renders, timed where the job calls the engine.
    const engine0 = b.app.ctx.engine;
    const renders: Array<{ start: number; end: number }> = [];
    const render = engine0.render.bind(engine0);
    engine0.render = async (req) => {
      const r = { start: performance.now(), end: 0 };
      try {
        return await render(req);
      } finally {
        r.end = performance.now();
        renders.push(r);
      }
    };

    const once = async () => {
      renders.length = 0;
      const started = performance.now();
      const res = await fetch(`${b.baseUrl}/api/runpod/generate`, {
        method: 'POST',
        headers: { ...user.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ inputImageId, variations: 4, prompt: 'brick villa at dusk', settings: { creativity: 3, expressivity: 2, resemblance: 3 } }),
      });
      if (res.status !== 200) throw new Error(`generate failed: ${res.status} ${await res.text()}`);
      const { batchId } = (await res.json()) as { batchId: number };
      const accepted = performance.now() - started;
      const done = new Set<number>();
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`batch ${batchId} did not complete within 60 s`)), 60_000);
        const check = () => {
          for (const m of live.messages) {
            if (m.type === 'variation_completed' && m.batchId === batchId) done.add(m.imageId);
            if (m.type === 'variation_failed' && m.batchId === batchId) return reject(new Error(`variation failed: ${m.error}`));
          }
          if (done.size === 4) {
            clearTimeout(timer);
            live.ws.off('message', check);
            resolve();
          }
        };
        live.ws.on('message', check);
        check();
      });
      const completed = performance.now();
      // Renders 3 and 4 take the places of the first two to end.
      const ends = renders.map((r) => r.end).sort((x, y) => x - y);
      const starts = renders.map((r) => r.start).sort((x, y) => x - y);
      const handoffs = [starts[2] - ends[0], starts[3] - ends[1]];
      return { total: completed - started, accepted, batchId, firstRender: starts[0] - started, handoffs, tail: completed - ends[3] };
    };

    await once(); // warm-up: sharp and the engine load, pg-boss prepares its statements
    const totals: number[] = [];
    const accepts: number[] = [];
    const engine: number[] = [];
    const firstRenders: number[] = [];
    const handoffs: number[] = [];
    const tails: number[] = [];
    for (let i = 0; i < runs; i++) {
      const r = await once();
      totals.push(r.total);
      accepts.push(r.accepted);
      firstRenders.push(r.firstRender);
      handoffs.push(...r.handoffs);
      tails.push(r.tail);
      engine.push(await engineAlone(b, user.id, r.batchId));
    }
    await live.close();
    return [
      {
        name: `create 4 variations of 1024×768, POST → 4th variation_completed, median of ${runs} (${b.label})`,
        value: Math.round(median(totals)),
        unit: 'ms',
        target: '≤ 2000 ms on 2 cores',
      },
      { name: `create: the engine alone, same 4 renders, median of ${runs} (${b.label})`, value: Math.round(median(engine)), unit: 'ms' },
      {
        name: `create: POST → 4th variation_completed / engine alone (${b.label})`,
        value: Math.round((median(totals) / median(engine)) * 100) / 100,
        unit: '×',
        target: '≤ 1.3×',
      },
      { name: `create: POST → the engine's first render, median (${b.label})`, value: Math.round(median(firstRenders)), unit: 'ms' },
      {
        name: `create: engine idle from a render's end to the start of the one taking its place, median (${b.label})`,
        value: Math.round(median(handoffs)),
        unit: 'ms',
      },
      { name: `create: last render's end → 4th variation_completed, median (${b.label})`, value: Math.round(median(tails)), unit: 'ms' },
      { name: `create 4 variations, slowest run (${b.label})`, value: Math.round(Math.max(...totals)), unit: 'ms' },
      { name: `create: POST answered (batch created, paid, 4 jobs queued), median (${b.label})`, value: round1(median(accepts)), unit: 'ms' },
    ];
  } finally {
    await b.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run()
    .then((results) => {
      printResults(results);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
