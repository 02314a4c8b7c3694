/**
 * Upload of a 12-megapixel JPEG through POST /api/images/upload-input until it is stored as
 * original + processed + thumbnail and the row written (the reply is sent after all of that):
 * the median of N runs after one warm-up. Through app.inject, so the figure is the server's
 * work (multipart parsing, byte checks, sharp, storage, database) without the network.
 *
 *   npx tsx bench/upload.bench.ts          (BENCH_UPLOAD_RUNS=7 by default)
 */
import { pathToFileURL } from 'node:url';
import { createTestApp } from '../apps/server/test/helpers/app.js';
import {
  createImagesUser,
  makePhotoJpeg,
  multipartBody,
  storedFiles,
} from '../apps/server/src/modules/images/images.test-helpers.js';
import { printResults } from './print.js';

export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  target?: string;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export async function run(): Promise<BenchResult[]> {
  const runs = Math.max(1, Number(process.env.BENCH_UPLOAD_RUNS ?? 7));
  const t = await createTestApp();
  try {
    const user = await createImagesUser(t.app, 'Bench Uploader');
    const jpeg = await makePhotoJpeg(4000, 3000);
    const body = multipartBody([
      { name: 'file', filename: 'site-photo.jpg', contentType: 'image/jpeg', data: jpeg },
      { name: 'uploadSource', value: 'CREATE_MODULE' },
    ]);
    const upload = async () => {
      const started = performance.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/images/upload-input',
        headers: { ...user.headers, ...body.headers },
        payload: body.payload,
      });
      const ms = performance.now() - started;
      if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
      const thumb = res.json().thumbnailUrl as string;
      if (!thumb) throw new Error('no thumbnail in the reply');
      return ms;
    };
    await upload(); // warm-up (sharp's first use loads libvips)
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push(await upload());
    const files = storedFiles(t.dataDir).filter((f) => f.startsWith(`u/${user.id}/`)).length;
    if (files !== (runs + 1) * 3) throw new Error(`expected ${(runs + 1) * 3} stored files, found ${files}`);
    const db = t.app.ctx.database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
    return [
      {
        name: `upload 12 MP JPEG (${(jpeg.length / 1024 / 1024).toFixed(1)} MB) until stored with thumbnail, median of ${runs} (${db})`,
        value: Math.round(median(times)),
        unit: 'ms',
        target: '≤ 1000 ms on 2 cores',
      },
      { name: 'upload 12 MP JPEG, slowest run', value: Math.round(Math.max(...times)), unit: 'ms' },
    ];
  } finally {
    await t.close();
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
