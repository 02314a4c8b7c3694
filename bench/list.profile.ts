/**
 * Where a read path's time goes, next to its floor: the list bench's shipped process (`npm start`,
 * shipped.ts) and floors (list.bench.ts) in alternating rounds (PROFILE_ROUNDS, default 8, of
 * PROFILE_SECONDS, default 1.5, 10 connections), printing each server's main-thread CPU time per
 * request (Linux: /proc/<pid>/task/<pid>/stat; the server's own process, the floor's in this one)
 * and the floor/server ratio of it per round. The load generator runs in its own thread and
 * PostgreSQL in its own processes, so this is each Node server's own cost per request, which the
 * machine's load moves far less than req/s.
 *
 *   npm run build -w apps/web && npx tsx bench/list.profile.ts [app|floor|both]
 *
 * PGlite, or PostgreSQL when DATABASE_URL is set; PROFILE_PATHS=0,2 picks paths by index;
 * PROFILE_ENV='{"LOG_LEVEL":"warn"}' starts the server with settings added (to weigh one). With
 * PROFILE_OUT=dir the server runs with --cpu-prof into dir (written when it stops: start-up and
 * every round) and this process records each floor round to dir/<label>-<path>-r<round>-floor.cpuprofile.
 */
import fs from 'node:fs';
import inspector from 'node:inspector/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import { mainThreadCpuSeconds, startFloor } from './floor.js';
import { listPaths, seedListData } from './list.bench.js';
import { startShipped } from './shipped.js';

/** The profile's report is its standard output. */
const say = (line: string) => process.stdout.write(`${line}\n`);

const seconds = Number(process.env.PROFILE_SECONDS ?? 1.5);
const which = process.argv[2] ?? 'both';

interface Measured {
  requests: number;
  cpuSeconds: number;
  p99: number;
}

async function measure(pid: number, url: string, headers: Record<string, string>): Promise<Measured> {
  const cpuBefore = mainThreadCpuSeconds(pid);
  const result = await autocannon({ url, headers, connections: 10, duration: seconds, workers: 1 });
  const cpu = mainThreadCpuSeconds(pid) - cpuBefore;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const requests = result.requests.total;
  return { requests, cpuSeconds: cpu, p99: result.latency.p99 };
}

const session = process.env.PROFILE_OUT ? new inspector.Session() : null;
session?.connect();

async function profiled<T>(name: string, run: () => Promise<T>): Promise<T> {
  if (!session) return run();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    fs.mkdirSync(process.env.PROFILE_OUT!, { recursive: true });
    fs.writeFileSync(path.join(process.env.PROFILE_OUT!, `${name}.cpuprofile`), JSON.stringify(profile));
  }
}

const rounds = Number(process.env.PROFILE_ROUNDS ?? 8);

const out = process.env.PROFILE_OUT ? path.resolve(process.env.PROFILE_OUT) : undefined;
const { server, seeded } = await startShipped(seedListData, {
  env: process.env.PROFILE_ENV ? (JSON.parse(process.env.PROFILE_ENV) as Record<string, string>) : {},
  nodeArgs: out ? ['--cpu-prof', `--cpu-prof-dir=${out}`] : undefined,
});
const label = server.label;
try {
  const paths = await listPaths(server.baseUrl, seeded);
  const picked = process.env.PROFILE_PATHS ? process.env.PROFILE_PATHS.split(',').map(Number) : paths.map((_, i) => i);
  for (const i of picked) {
    const p = paths[i];
    const floor = await startFloor(server.floorDatabase, p.floor);
    try {
      const size = async (url: string, headers: Record<string, string>) => {
        const res = await fetch(url, { headers });
        const body = await res.arrayBuffer();
        const headerBytes = [...res.headers].reduce((n, [k, v]) => n + k.length + v.length + 4, 0);
        return `${body.byteLength} B body, ~${headerBytes} B headers`;
      };
      say(`${p.name} (${label}): npm start ${await size(p.url, p.headers)}; floor ${await size(floor.url, {})}`);
      // Warm-up (JIT, pools, plan caches).
      await autocannon({ url: p.url, headers: p.headers, connections: 10, duration: 1, workers: 1 });
      await autocannon({ url: floor.url, connections: 10, duration: 1, workers: 1 });
      const app: Measured[] = [];
      const bare: Measured[] = [];
      // Alternating rounds, so both see the same load on average.
      for (let r = 0; r < rounds; r++) {
        if (which !== 'floor') app.push(await measure(server.pid, p.url, p.headers));
        if (which !== 'app') bare.push(await profiled(`${label}-${i}-r${r}-floor`, () => measure(process.pid, floor.url, {})));
      }
      const sum = (ms: Measured[]) =>
        ms.length
          ? {
              cpuUsPerRequest: Math.round((ms.reduce((n, m) => n + m.cpuSeconds, 0) / ms.reduce((n, m) => n + m.requests, 0)) * 1e6),
              rate: Math.round(ms.reduce((n, m) => n + m.requests, 0) / (ms.length * seconds)),
              p99: ms.map((m) => m.p99).sort((x, y) => x - y)[Math.floor(ms.length / 2)],
            }
          : null;
      const [a, f] = [sum(app), sum(bare)];
      const fmt = (r: typeof a) => (r ? `${r.cpuUsPerRequest} µs CPU/req (${r.rate} req/s, p99 ${r.p99} ms)` : '-');
      say(`  npm start: ${fmt(a)}\n  floor:     ${fmt(f)}`);
      if (a && f) {
        // Each round's pair on its own (the load changes between rounds), then the median.
        const perRound = app.map((m, r) => bare[r].cpuSeconds / bare[r].requests / (m.cpuSeconds / m.requests));
        const median = [...perRound].sort((x, y) => x - y)[Math.floor(perRound.length / 2)];
        say(
          `  floor/npm start CPU per request: ${median.toFixed(2)} (median of rounds: ${perRound.map((x) => x.toFixed(2)).join(' ')}), req/s ${(a.rate / f.rate).toFixed(2)}`,
        );
      }
    } finally {
      await floor.close();
    }
  }
} finally {
  await server.close();
}
process.exit(0);
