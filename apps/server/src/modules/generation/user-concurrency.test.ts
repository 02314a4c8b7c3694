import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { GenerationResponse } from '@atelier/contract';
import { creditTransactions, generatedImages } from '../../db/schema/index.js';
import { createEngine, type Engine, type EngineImage, type RenderRequest } from '../../engines/index.js';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { balanceOf, createInputImage, createSubscribedUser, eventually } from './generation.test-helpers.js';

interface HeldRender {
  who: string;
  finish(): void;
  done: boolean;
}

/** The local engine, except that each render waits until the test lets it finish; the prompt tells whose it is. */
function heldEngine(held: HeldRender[], running: Map<string, number>, most: Map<string, number>): Engine {
  const real = createEngine({ ENGINE: 'local' });
  return Object.assign(Object.create(real) as Engine, {
    async render(req: RenderRequest): Promise<EngineImage> {
      const who = req.prompt;
      running.set(who, (running.get(who) ?? 0) + 1);
      most.set(who, Math.max(most.get(who) ?? 0, running.get(who)!));
      let finish!: () => void;
      const released = new Promise<void>((r) => (finish = r));
      const entry: HeldRender = { who, finish, done: false };
      held.push(entry);
      await released;
      try {
        return await real.render(req);
      } finally {
        running.set(who, running.get(who)! - 1);
        entry.done = true;
      }
    },
  });
}

describe('RENDER_USER_CONCURRENCY', { timeout: 120_000 }, () => {
  const held: HeldRender[] = [];
  const running = new Map<string, number>();
  const most = new Map<string, number>();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RENDER_CONCURRENCY: '3' }, overrides: { engine: heldEngine(held, running, most) } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("runs at most 2 of one user's jobs at once; another user's later job starts before the rest, which wait without a second charge", async () => {
    const app = t.app;
    const alice = await createSubscribedUser(app, { credits: 10 });
    const bob = await createSubscribedUser(app, { credits: 10 });
    const aliceInput = await createInputImage(app, alice.id);
    const bobInput = await createInputImage(app, bob.id);
    const generate = async (user: typeof alice, inputImageId: number, prompt: string) => {
      const res = await app.inject({ method: 'POST', url: '/api/runpod/generate', headers: user.headers, payload: { inputImageId, variations: 1, prompt } });
      expect(res.statusCode).toBe(200);
      return (res.json() as GenerationResponse).batchId;
    };

    const aliceBatches: number[] = [];
    for (let i = 0; i < 5; i++) aliceBatches.push(await generate(alice, aliceInput, 'alice'));
    await generate(bob, bobInput, 'bob');
    const started = (who: string) => held.filter((h) => h.who === who);

    // Three workers, two of them on Alice's jobs: the third runs Bob's, submitted after all of hers.
    await eventually(async () => started('bob').length === 1, "Bob's render to start");
    expect(started('alice')).toHaveLength(2);

    // Each time one of Alice's renders ends, one more of hers starts; never more than two at once.
    for (let n = 3; n <= 5; n++) {
      started('alice').find((h) => !h.done)!.finish();
      await eventually(async () => started('alice').length === n, `Alice's render ${n} to start`);
      expect(running.get('alice')).toBeLessThanOrEqual(2);
    }
    for (const h of held) h.finish();

    const imagesOf = (userId: number) => app.ctx.db.select().from(generatedImages).where(eq(generatedImages.userId, userId));
    await eventually(async () => (await imagesOf(alice.id)).every((i) => i.status === 'COMPLETED'), "Alice's renders to complete");
    expect(most.get('alice')).toBe(2);
    expect(held.filter((h) => h.who === 'alice')).toHaveLength(5);
    // Charged once per render, nothing refunded: waiting is neither a failure nor a retry.
    expect(await balanceOf(app, alice.id)).toBe(5);
    const refunds = await app.ctx.db
      .select()
      .from(creditTransactions)
      .where(and(eq(creditTransactions.userId, alice.id), eq(creditTransactions.reason, 'REFUND')));
    expect(refunds).toEqual([]);
    expect((await imagesOf(alice.id)).map((i) => i.batchId).sort()).toEqual([...aliceBatches].sort());
  });
});
