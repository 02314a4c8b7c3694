/**
 * Floors: what a call costs at the least on this machine, this minute. A floor is a bare
 * node:http server on the same database (the same PGlite instance, or its own pg pool of the
 * app's size on the same PostgreSQL database) that runs the SQL the reply needs and sends the
 * rows with JSON.stringify: no framework, no auth, no validation, no URL signing.
 *
 * On a shared 2-core machine absolute req/s swing by 5× from one minute to the next; a ratio of
 * app to floor measured side by side does not. compareWithFloor alternates short autocannon runs
 * (app, floor, app, floor, …) with the same settings, so both see the same load.
 */
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

interface Run {
  requests: number;
  seconds: number;
  p99: number;
}

async function load(url: string, headers: Record<string, string>, seconds: number): Promise<Run> {
  const result = await autocannon({
    url,
    headers,
    connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
    duration: seconds,
    // The load generator runs in its own thread, so it does not share the servers' event loop.
    workers: 1,
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx replies, ${result.errors} errors`);
  return { requests: result.requests.total, seconds: result.duration, p99: result.latency.p99 };
}

/**
 * App and floor under the same autocannon settings, in alternating rounds (BENCH_ROUNDS, default
 * 3, of BENCH_SECONDS each, default 3). Prints rows: app req/s, floor req/s, ratio, and both p99s
 * (the median of the rounds' p99).
 */
export async function compareWithFloor(opts: {
  name: string;
  label: string;
  app: { url: string; headers: Record<string, string> };
  floor: Floor;
  floorPath?: string;
}): Promise<BenchResult[]> {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const seconds = Number(process.env.BENCH_SECONDS ?? 3);
  const floorUrl = `${opts.floor.url}${opts.floorPath ?? '/'}`;
  // Warm both (JIT, connection pools, plan caches) before anything is counted.
  await load(opts.app.url, opts.app.headers, 1);
  await load(floorUrl, {}, 1);
  const app: Run[] = [];
  const floor: Run[] = [];
  for (let i = 0; i < rounds; i++) {
    // Alternate which goes first, so neither always gets the quieter half of a round.
    if (i % 2 === 0) {
      app.push(await load(opts.app.url, opts.app.headers, seconds));
      floor.push(await load(floorUrl, {}, seconds));
    } else {
      floor.push(await load(floorUrl, {}, seconds));
      app.push(await load(opts.app.url, opts.app.headers, seconds));
    }
  }
  const rate = (runs: Run[]) => runs.reduce((s, r) => s + r.requests, 0) / runs.reduce((s, r) => s + r.seconds, 0);
  const appRate = rate(app);
  const floorRate = rate(floor);
  const name = `${opts.name} (${opts.label})`;
  return [
    { name: `${name}: npm start`, value: Math.round(appRate), unit: 'req/s' },
    { name: `${name}: floor (node:http + same SQL)`, value: Math.round(floorRate), unit: 'req/s' },
    { name: `${name}: npm start / floor`, value: Math.round((appRate / floorRate) * 100) / 100, unit: '×', target: '≥ 0.8×' },
    { name: `${name}: npm start p99`, value: median(app.map((r) => r.p99)), unit: 'ms', target: opts.label === 'PostgreSQL' ? '≤ 50 ms' : undefined },
    { name: `${name}: floor p99`, value: median(floor.map((r) => r.p99)), unit: 'ms' },
  ];
}
