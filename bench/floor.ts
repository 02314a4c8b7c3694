/**
 * Floors: what a call costs at the least on this machine, this minute. A floor is a bare
 * node:http server in the bench's process on the server's data (a PGlite copy of it, or its own
 * pg pool on the same PostgreSQL database) that runs the SQL the reply needs and sends the rows
 * with JSON.stringify: no framework, no auth, no validation, no URL signing.
 *
 * On a shared 2-core machine absolute req/s swing by 5× from one minute to the next; a ratio of
 * server to floor measured side by side swings less. compareWithFloor alternates short autocannon
 * runs (server, floor, server, floor, …) with the same settings, so both see the same load, and
 * also reports each one's main-thread CPU time per request, which the machine's load moves least.
 */
import fs from 'node:fs';
import http from 'node:http';
import autocannon from 'autocannon';
import pg from 'pg';
import type { Database } from '../apps/server/src/db/client.js';
import { benchPort, median, type BenchResult } from './bench-app.js';

export type FloorQuery = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;
/** Answers one floor request: the JSON-able value to send, from the query runner. */
export type FloorHandler = (query: FloorQuery) => Promise<unknown>;

export interface Floor {
  url: string;
  close(): Promise<void>;
}

/** A bare node:http server answering every request with `handler` on the app's database. */
export async function startFloor(database: Database, handler: FloorHandler): Promise<Floor> {
  let query: FloorQuery;
  let end = async () => {};
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.connectionString, max: 10 });
    query = async (text, params) => (await pool.query(text, params)).rows;
    end = () => pool.end();
  } else {
    const pglite = database.pglite!;
    query = async (text, params) => (await pglite.query<Record<string, unknown>>(text, params)).rows;
  }
  const server = http.createServer((req, res) => {
    handler(query).then(
      (value) => {
        const body = JSON.stringify(value);
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      },
      (err: Error) => {
        res.writeHead(500);
        res.end(err.message);
      },
    );
  });
  // Its own port beside the app's (never the one the app listens on).
  await new Promise<void>((resolve) => server.listen(benchPort(1), '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('floor has no address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await end();
    },
  };
}

/** CPU seconds (user + system) of a process's main thread so far (Linux: /proc/<pid>/task/<pid>/stat). */
export function mainThreadCpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces), 1-based from field 3: utime is 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticksPerSecond = 100;
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

interface Run {
  requests: number;
  seconds: number;
  p99: number;
  /** Main-thread CPU seconds the server spent meanwhile. */
  cpu: number;
}

async function load(url: string, headers: Record<string, string>, seconds: number, pid: number): Promise<Run> {
  const cpuBefore = mainThreadCpuSeconds(pid);
  const result = await autocannon({
    url,
    headers,
    connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
    duration: seconds,
    // The load generator runs in its own thread, so it does not share the servers' event loop.
    workers: 1,
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx replies, ${result.errors} errors`);
  return { requests: result.requests.total, seconds: result.duration, p99: result.latency.p99, cpu: mainThreadCpuSeconds(pid) - cpuBefore };
}

/**
 * App and floor under the same autocannon settings, in alternating rounds (BENCH_ROUNDS, default
 * 3, of BENCH_SECONDS each, default 3). Prints rows: app req/s, floor req/s, ratio, and both p99s
 * (the median of the rounds' p99).
 */
export async function compareWithFloor(opts: {
  name: string;
  label: string;
  /** The server under test; `pid`, its process (its main thread's CPU is read). */
  app: { url: string; headers: Record<string, string>; pid: number };
  floor: Floor;
  floorPath?: string;
}): Promise<BenchResult[]> {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const seconds = Number(process.env.BENCH_SECONDS ?? 3);
  const floorUrl = `${opts.floor.url}${opts.floorPath ?? '/'}`;
  // Warm both (JIT, connection pools, plan caches) before anything is counted.
  const floorPid = process.pid;
  await load(opts.app.url, opts.app.headers, 1, opts.app.pid);
  await load(floorUrl, {}, 1, floorPid);
  const app: Run[] = [];
  const floor: Run[] = [];
  for (let i = 0; i < rounds; i++) {
    // Alternate which goes first, so neither always gets the quieter half of a round.
    if (i % 2 === 0) {
      app.push(await load(opts.app.url, opts.app.headers, seconds, opts.app.pid));
      floor.push(await load(floorUrl, {}, seconds, floorPid));
    } else {
      floor.push(await load(floorUrl, {}, seconds, floorPid));
      app.push(await load(opts.app.url, opts.app.headers, seconds, opts.app.pid));
    }
  }
  const rate = (runs: Run[]) => runs.reduce((s, r) => s + r.requests, 0) / runs.reduce((s, r) => s + r.seconds, 0);
  const appRate = rate(app);
  const floorRate = rate(floor);
  // CPU per request moves far less with the machine's load than requests per second do.
  const cpuPerRequest = (runs: Run[]) => runs.reduce((s, r) => s + r.cpu, 0) / runs.reduce((s, r) => s + r.requests, 0);
  const [appCpu, floorCpu] = [cpuPerRequest(app), cpuPerRequest(floor)];
  const name = `${opts.name} (${opts.label})`;
  return [
    { name: `${name}: npm start`, value: Math.round(appRate), unit: 'req/s' },
    { name: `${name}: floor (node:http + same SQL)`, value: Math.round(floorRate), unit: 'req/s' },
    { name: `${name}: npm start / floor`, value: Math.round((appRate / floorRate) * 100) / 100, unit: '×', target: '≥ 0.8×' },
    { name: `${name}: CPU per request, npm start / floor (main thread)`, value: Math.round(appCpu * 1e6), unit: `µs / ${Math.round(floorCpu * 1e6)} µs` },
    { name: `${name}: floor / npm start CPU per request`, value: Math.round((floorCpu / appCpu) * 100) / 100, unit: '×', target: '≥ 0.8×' },
    { name: `${name}: npm start p99`, value: median(app.map((r) => r.p99)), unit: 'ms', target: opts.label === 'PostgreSQL' ? '≤ 50 ms' : undefined },
    { name: `${name}: floor p99`, value: median(floor.map((r) => r.p99)), unit: 'ms' },
  ];
}
