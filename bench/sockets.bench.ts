/**
 * Live delivery: 200 sockets connected to /ws (20 users × 10 tabs), then rounds in which one
 * event is published to every user through the app's event bus (LISTEN/NOTIFY on PostgreSQL),
 * timed from publish to arrival on each socket. p50/p99 over every delivery of every round.
 * Clients run in the same process as the server, so the figures include their own parsing.
 *
 *   npx tsx bench/sockets.bench.ts       (BENCH_SOCKETS=200, BENCH_SOCKET_ROUNDS=20)
 */
import { pathToFileURL } from 'node:url';
import { WebSocket } from 'ws';
import { createPlainUser, type GenUser } from '../apps/server/src/modules/generation/generation.test-helpers.js';
import { percentile, round1, startBenchApp, type BenchResult } from './bench-app.js';
import { printResults } from './print.js';

export async function run(): Promise<BenchResult[]> {
  const total = Math.max(1, Number(process.env.BENCH_SOCKETS ?? 200));
  const rounds = Math.max(1, Number(process.env.BENCH_SOCKET_ROUNDS ?? 20));
  const tabsPerUser = 10;
  const b = await startBenchApp();
  const sockets: WebSocket[] = [];
  try {
    const users: GenUser[] = [];
    for (let i = 0; i < Math.ceil(total / tabsPerUser); i++) users.push(await createPlainUser(b.app, `Bench ${i}`));
    const arrivals: number[] = [];
    let roundStart = 0;
    let pending = 0;
    let roundDone: () => void = () => {};
    const connectStarted = performance.now();
    await Promise.all(
      Array.from({ length: total }, (_, i) => {
        const user = users[Math.floor(i / tabsPerUser)];
        const ws = new WebSocket(`${b.baseUrl.replace('http', 'ws')}/ws?token=${user.token}`);
        sockets.push(ws);
        return new Promise<void>((resolve, reject) => {
          ws.on('message', (data) => {
            const m = JSON.parse(String(data)) as { type: string };
            if (m.type === 'connected') return resolve();
            if (m.type === 'masks_completed') {
              arrivals.push(performance.now() - roundStart);
              if (--pending === 0) roundDone();
            }
          });
          ws.once('error', reject);
        });
      }),
    );
    const connectMs = performance.now() - connectStarted;
    if (b.app.liveHub.socketCount !== total) throw new Error(`expected ${total} sockets, hub has ${b.app.liveHub.socketCount}`);

    const oneRound = async () => {
      pending = total;
      const done = new Promise<void>((resolve, reject) => {
        roundDone = resolve;
        setTimeout(() => reject(new Error(`only ${total - pending} of ${total} deliveries within 10 s`)), 10_000).unref();
      });
      roundStart = performance.now();
      await Promise.all(users.map((u) => b.app.ctx.events.publish(u.id, { type: 'masks_completed', inputImageId: 1, maskCount: 5 })));
      await done;
    };
    await oneRound(); // warm-up
    arrivals.length = 0;
    for (let r = 0; r < rounds; r++) {
      await oneRound();
      await new Promise((res) => setTimeout(res, 20));
    }
    return [
      { name: `connect ${total} sockets to /ws (token checked) (${b.label})`, value: Math.round(connectMs), unit: 'ms' },
      {
        name: `deliver one event to ${total} sockets, p50 over ${rounds} rounds (${b.label}, ${b.app.ctx.events.kind} bus)`,
        value: round1(percentile(arrivals, 50)),
        unit: 'ms',
      },
      {
        name: `deliver one event to ${total} sockets, p99 (${b.label})`,
        value: round1(percentile(arrivals, 99)),
        unit: 'ms',
        target: '≤ 100 ms on 2 cores',
      },
    ];
  } finally {
    for (const ws of sockets) ws.terminate();
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
