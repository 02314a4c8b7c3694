/**
 * `npm run bench`: every benchmark, on PGlite (the embedded default) and, when DATABASE_URL is
 * set, again on PostgreSQL; prints one table. Benchmarks print figures, they never pass or fail
 * on timing. BENCH_ONLY=create,sockets runs a subset.
 *
 * Each bench file exports `run(): Promise<Array<{ name, value, unit, target? }>>`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import os from 'node:os';
import type { BenchResult } from './bench-app.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const BENCHES = ['first-js', 'create', 'sockets', 'upload', 'list', 'refine', 'gallery', 'segmentation', 'inpaint', 'material', 'geometry', 'sky-matte', 'perspective', 'preview-goals'];

interface Row extends BenchResult {
  bench: string;
}

async function runAll(): Promise<{ rows: Row[]; failures: string[] }> {
  const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim()).filter(Boolean);
  const postgresUrl = process.env.DATABASE_URL;
  const databases: Array<string | undefined> = postgresUrl ? [undefined, postgresUrl] : [undefined];
  const rows: Row[] = [];
  const failures: string[] = [];
  for (const url of databases) {
    if (url) process.env.DATABASE_URL = url;
    else delete process.env.DATABASE_URL;
    for (const bench of BENCHES) {
      if (only && !only.includes(bench)) continue;
      // Segmentation and the fill touch no database: once is enough.
      if (url && (bench === 'segmentation' || bench === 'inpaint' || bench === 'material' || bench === 'geometry' || bench === 'sky-matte' || bench === 'perspective' || bench === 'preview-goals')) continue;
      const file = path.join(here, `${bench}.bench.ts`);
      if (!fs.existsSync(file)) continue;
      const label = `${bench} (${url ? 'PostgreSQL' : 'PGlite'})`;
      process.stderr.write(`running ${label} …\n`);
      try {
        const mod = (await import(pathToFileURL(file).href)) as { run?: () => Promise<BenchResult[]> };
        if (typeof mod.run !== 'function') throw new Error(`${bench}.bench.ts exports no run()`);
        for (const r of await mod.run()) rows.push({ bench, ...r });
      } catch (err) {
        failures.push(`${label}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }
  if (postgresUrl) process.env.DATABASE_URL = postgresUrl;
  return { rows, failures };
}

function table(rows: Row[]): string {
  const head = ['Benchmark', 'Value', 'Target'];
  const body = rows.map((r) => [r.name, `${r.value} ${r.unit}`, r.target ?? '']);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 1 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
  const sep = `|${widths.map((w, i) => (i === 1 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [line(head), sep, ...body.map(line)].join('\n');
}

const started = Date.now();
// The list bench runs `npm start`'s process, which serves the built web app (npm start builds it first).
if (!fs.existsSync(path.join(here, '../apps/web/dist/index.html'))) {
  process.stderr.write('building the web app (npm run build -w apps/web) …\n');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: path.join(here, '..'), stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('npm run build -w apps/web failed');
}
const { rows, failures } = await runAll();
console.log(`\nAtelier benchmarks — ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString()}\n`);
console.log(table(rows));
if (failures.length) {
  console.log('\nFailed to run:');
  for (const f of failures) console.log(`  ${f}`);
}
console.log(`\n(${Math.round((Date.now() - started) / 1000)} s)`);
process.exit(failures.length ? 1 : 0);
