import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { GenerationResponse, TeamMember, TeamUsageResponse } from '@atelier/contract';
import { createEngine, type Engine } from '../../engines/index.js';
import { creditTransactions } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { balanceOf, createInputImage, eventually } from '../generation/generation.test-helpers.js';
import { addMember, createTeamVia, fundTeam, inTeam } from './teams.test-helpers.js';

/** The local engine whose renders always fail (the worker then refunds each variation). */
function failingEngine(): Engine {
  const real = createEngine({ ENGINE: 'local' });
  return Object.assign(Object.create(real) as Engine, {
    async render() {
      throw new Error('The GPU ran out of memory');
    },
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ overrides: { engine: failingEngine() } });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('refunds in a team', { timeout: 180_000 }, () => {
  it("a failed render's refunds go back to the pool, recorded with the member who rendered; their month's use nets to zero", async () => {
    const team = await createTeamVia(t.app, 'Refunds');
    await fundTeam(t.app, team, 10);
    const member = await addMember(t.app, t.dataDir, team);
    const input = await createInputImage(t.app, team.accountId);
    const res = await t.app.inject({ method: 'POST', url: '/api/runpod/generate', headers: inTeam(member, team.id), payload: { inputImageId: input, variations: 2 } });
    expect(res.statusCode).toBe(200);
    const { batchId } = res.json() as GenerationResponse;
    expect(await balanceOf(t.app, team.accountId)).toBe(8);
    const refunds = await eventually(async () => {
      const rows = await t.app.ctx.db
        .select()
        .from(creditTransactions)
        .where(and(eq(creditTransactions.userId, team.accountId), eq(creditTransactions.reason, 'REFUND')));
      return rows.length === 2 ? rows : undefined;
    }, 'two refunds', 150_000);
    expect(refunds.map((r) => r.refundOf)).toEqual([`batch:${batchId}`, `batch:${batchId}`]);
    expect(refunds.map((r) => r.actorUserId)).toEqual([member.id, member.id]);
    expect(await balanceOf(t.app, team.accountId)).toBe(10);
    expect(await balanceOf(t.app, member.id)).toBe(0);
    const members = (await t.app.inject({ method: 'GET', url: `/api/teams/${team.id}/members`, headers: team.owner.headers })).json() as TeamMember[];
    expect(members.find((m) => m.userId === member.id)?.creditsUsedThisMonth).toBe(0);
    const usage = (await t.app.inject({ method: 'GET', url: `/api/teams/${team.id}/usage`, headers: team.owner.headers })).json() as TeamUsageResponse;
    expect(usage.total).toBe(0);
  });
});
