import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, lt } from 'drizzle-orm';
import { LIVE_CLOSE_CODES, teamWorkspaceValue, WORKSPACE_HEADER, type GenerationResponse, type TeamMember, type TeamUsageResponse } from '@atelier/contract';
import { creditTransactions, webhookEndpoints } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { balanceOf, batchRow, connectLive, createInputImage, createSubscribedUser, eventually, listen } from '../generation/generation.test-helpers.js';
import { addMember, createTeamVia, fundTeam, inTeam, invite, type Person, type TestTeam } from './teams.test-helpers.js';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listen(t.app);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const generate = (headers: Record<string, string>, inputImageId: number, variations: number) =>
  t.app.inject({ method: 'POST', url: '/api/runpod/generate', headers, payload: { inputImageId, variations } });

const debitsOf = (accountId: number) =>
  t.app.ctx.db
    .select({ amount: creditTransactions.amount, actor: creditTransactions.actorUserId, reason: creditTransactions.reason, balanceAfter: creditTransactions.balanceAfter })
    .from(creditTransactions)
    .where(and(eq(creditTransactions.userId, accountId), lt(creditTransactions.amount, 0)));

const completed = (accountId: number, batchId: number) =>
  eventually(async () => (await batchRow(t.app, accountId, batchId))?.status === 'COMPLETED', `batch ${batchId} to complete`);

describe('the credit pool of a team', { timeout: 180_000 }, () => {
  it('three members render at once against a pool of 5: never negative, every debit names its member', async () => {
    const team = await createTeamVia(t.app, 'Pool');
    await fundTeam(t.app, team, 5);
    const members = [await addMember(t.app, t.dataDir, team), await addMember(t.app, t.dataDir, team), await addMember(t.app, t.dataDir, team)];
    const input = await createInputImage(t.app, team.accountId);
    const replies = await Promise.all(members.map((m) => generate(inTeam(m, team.id), input, 2)));
    const ok = replies.filter((r) => r.statusCode === 200);
    const refused = replies.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(2);
    expect(refused.map((r) => [r.statusCode, r.json().code])).toEqual([[402, 'INSUFFICIENT_CREDITS']]);
    expect(await balanceOf(t.app, team.accountId)).toBe(1);
    const debits = await debitsOf(team.accountId);
    expect(debits).toHaveLength(2);
    expect(debits.every((d) => d.balanceAfter >= 0)).toBe(true);
    const winners = members.filter((_, i) => replies[i].statusCode === 200).map((m) => m.id).sort();
    expect(debits.map((d) => d.actor).sort()).toEqual(winners);
    for (const r of ok) await completed(team.accountId, (r.json() as GenerationResponse).batchId);
    // The personal balances of the members are untouched.
    for (const m of members) expect(await balanceOf(t.app, m.id)).toBe(0);
  });

  it("a member's monthly cap: refused with 402 MEMBER_CREDIT_CAP_REACHED when it would be passed; the pool is untouched", async () => {
    const team = await createTeamVia(t.app, 'Capped');
    await fundTeam(t.app, team, 20);
    const member = await addMember(t.app, t.dataDir, team);
    const input = await createInputImage(t.app, team.accountId);
    const cap = await t.app.inject({ method: 'PATCH', url: `/api/teams/${team.id}/members/${member.id}`, headers: team.owner.headers, payload: { monthlyCreditCap: 3 } });
    expect(cap.statusCode).toBe(200);
    const first = await generate(inTeam(member, team.id), input, 2);
    expect(first.statusCode).toBe(200);
    const over = await generate(inTeam(member, team.id), input, 2);
    expect(over.statusCode).toBe(402);
    expect(over.json()).toMatchObject({ code: 'MEMBER_CREDIT_CAP_REACHED', message: expect.stringContaining('cap') });
    expect(await balanceOf(t.app, team.accountId)).toBe(18);
    // One more credit fits under the cap; the owner (no cap) is not limited by it.
    expect((await generate(inTeam(member, team.id), input, 1)).statusCode).toBe(200);
    expect((await generate(inTeam(team.owner, team.id), input, 4)).statusCode).toBe(200);
    const list = (await t.app.inject({ method: 'GET', url: `/api/teams/${team.id}/members`, headers: team.owner.headers })).json() as TeamMember[];
    expect(list.find((m) => m.userId === member.id)).toMatchObject({ monthlyCreditCap: 3, creditsUsedThisMonth: 3 });
    expect(list.find((m) => m.userId === team.owner.id)).toMatchObject({ monthlyCreditCap: null, creditsUsedThisMonth: 4 });
    const usage = (await t.app.inject({ method: 'GET', url: `/api/teams/${team.id}/usage`, headers: team.owner.headers })).json() as TeamUsageResponse;
    expect(usage.total).toBe(7);
    expect(usage.modules).toEqual([{ module: 'create', credits: 7 }]);
    expect(usage.members.map((m) => [m.userId, m.credits])).toEqual([[team.owner.id, 4], [member.id, 3]]);
    // A member sees only their own rows.
    const own = (await t.app.inject({ method: 'GET', url: `/api/teams/${team.id}/usage`, headers: member.headers })).json() as TeamUsageResponse;
    expect(own.members.map((m) => m.userId)).toEqual([member.id]);
    const csv = await t.app.inject({ method: 'GET', url: `/api/teams/${team.id}/usage?format=csv`, headers: team.owner.headers });
    expect(csv.body).toContain(`,${member.id},Mia Member,create,3`);
  });
});

describe('removal', { timeout: 180_000 }, () => {
  it('mid-render: the render completes for the team; the removed member is refused at once (403), cannot see it, loses their team keys and team socket', async () => {
    const team = await createTeamVia(t.app, 'Removal');
    await fundTeam(t.app, team, 20);
    const member = await addMember(t.app, t.dataDir, team);
    const input = await createInputImage(t.app, team.accountId);
    const key = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: inTeam(member, team.id), payload: { name: 'studio script' } });
    expect(key.statusCode).toBe(201);
    const apiKey = (key.json() as { key: string }).key;
    const keyHeaders = { authorization: `Bearer ${apiKey}` };
    // The key works in the team's workspace (it sees the team's input image).
    expect((await t.app.inject({ method: 'GET', url: `/api/images/download/input/${input}`, headers: keyHeaders })).statusCode).toBe(200);
    const socket = await connectLive(baseUrl, member.token, { workspace: teamWorkspaceValue(team.id) });
    await socket.waitFor('connected');

    const started = await generate(inTeam(member, team.id), input, 2);
    expect(started.statusCode).toBe(200);
    const { batchId } = started.json() as GenerationResponse;
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/teams/${team.id}/members/${member.id}`, headers: team.owner.headers });
    expect(removed.statusCode).toBe(200);

    expect((await socket.closed).code).toBe(LIVE_CLOSE_CODES.workspaceRevoked);
    const inWorkspace = await t.app.inject({ method: 'GET', url: `/api/runpod/status/${batchId}`, headers: inTeam(member, team.id) });
    expect(inWorkspace.statusCode).toBe(403);
    expect(inWorkspace.json().code).toBe('NOT_TEAM_MEMBER');
    expect((await t.app.inject({ method: 'GET', url: `/api/runpod/status/${batchId}`, headers: member.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/images/download/input/${input}`, headers: keyHeaders })).statusCode).toBe(401);
    const refusedSocket = await connectLive(baseUrl, member.token, { workspace: teamWorkspaceValue(team.id) });
    expect((await refusedSocket.closed).code).toBe(LIVE_CLOSE_CODES.workspaceRevoked);

    await completed(team.accountId, batchId);
    const status = await t.app.inject({ method: 'GET', url: `/api/runpod/status/${batchId}`, headers: inTeam(team.owner, team.id) });
    expect(status.statusCode).toBe(200);
    // The debit still names the member who made it.
    expect((await debitsOf(team.accountId)).map((d) => d.actor)).toEqual([member.id]);
  });
});

describe('signing out everywhere', { timeout: 120_000 }, () => {
  it("closes the person's team-workspace sockets too (4003), not the other members'", async () => {
    const team = await createTeamVia(t.app, 'Sign-out');
    const member = await addMember(t.app, t.dataDir, team);
    const mine = await connectLive(baseUrl, member.token, { workspace: teamWorkspaceValue(team.id) });
    const owners = await connectLive(baseUrl, team.owner.token, { workspace: teamWorkspaceValue(team.id) });
    await mine.waitFor('connected');
    await owners.waitFor('connected');
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout-all', headers: member.headers });
    expect(out.statusCode).toBe(200);
    expect((await mine.closed).code).toBe(LIVE_CLOSE_CODES.sessionRevoked);
    expect(owners.ws.readyState).toBe(owners.ws.OPEN);
    await owners.close();
  });
});

describe('deleting a team', { timeout: 120_000 }, () => {
  it("closes every member's sockets on its workspace (4004)", async () => {
    const team = await createTeamVia(t.app, 'Closing');
    const member = await addMember(t.app, t.dataDir, team);
    const sockets = [await connectLive(baseUrl, member.token, { workspace: teamWorkspaceValue(team.id) }), await connectLive(baseUrl, team.owner.token, { workspace: teamWorkspaceValue(team.id) })];
    for (const s of sockets) await s.waitFor('connected');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/teams/${team.id}`, headers: team.owner.headers })).statusCode).toBe(200);
    for (const s of sockets) expect((await s.closed).code).toBe(LIVE_CLOSE_CODES.workspaceRevoked);
  });
});

describe('isolation between workspaces', { timeout: 180_000 }, () => {
  let a: TestTeam;
  let b: TestTeam;
  let probe: Person;
  let ids: { input: number; batch: number; key: number; webhook: number; invitation: number; bMember: number };
  beforeAll(async () => {
    a = await createTeamVia(t.app, 'Team A');
    b = await createTeamVia(t.app, 'Team B');
    await fundTeam(t.app, a, 10);
    await fundTeam(t.app, b, 10);
    probe = await addMember(t.app, t.dataDir, a, 'admin', 'Pia Probe');
    const bMember = await addMember(t.app, t.dataDir, b);
    const input = await createInputImage(t.app, b.accountId);
    const render = await generate(inTeam(b.owner, b.id), input, 1);
    const batch = (render.json() as GenerationResponse).batchId;
    const key = (await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: inTeam(b.owner, b.id), payload: { name: 'b key' } })).json() as { id: number };
    const [hook] = await t.app.ctx.db.insert(webhookEndpoints).values({ userId: b.accountId, url: 'https://example.com/hook', events: ['generation.completed'], secret: 'whsec_test' }).returning();
    const { invitation } = await invite(t.app, t.dataDir, b, b.owner, `b.invitee.${Date.now()}@studio-example.com`);
    ids = { input, batch, key: key.id, webhook: hook.id, invitation: invitation.id, bMember: bMember.id };
    await completed(b.accountId, batch);
  }, 180_000);

  it("a member of team A probes team B's ids with A's header and with B's header: 403/404 on every route", async () => {
    const probes: Array<['GET' | 'DELETE' | 'PATCH' | 'POST', string, object?]> = [
      ['GET', `/api/images/input-images/${ids.input}`],
      ['DELETE', `/api/images/input-images/${ids.input}`],
      ['GET', `/api/runpod/status/${ids.batch}`],
      ['GET', `/api/customization/batch/${ids.batch}/settings`],
      ['GET', `/api/masks/${ids.input}`],
      ['POST', '/api/runpod/generate', { inputImageId: ids.input, variations: 1 }],
      ['DELETE', `/api/api-keys/${ids.key}`],
      ['DELETE', `/api/webhooks/endpoints/${ids.webhook}`],
      ['DELETE', `/api/teams/${b.id}/invitations/${ids.invitation}`],
      ['PATCH', `/api/teams/${b.id}/members/${ids.bMember}`, { monthlyCreditCap: 0 }],
      ['DELETE', `/api/teams/${b.id}/members/${ids.bMember}`],
    ];
    for (const workspace of [a.id, b.id]) {
      for (const [method, url, body] of probes) {
        const res = await t.app.inject({ method, url, headers: inTeam(probe, workspace), ...(body ? { payload: body } : {}) });
        expect([403, 404], `${method} ${url} in team ${workspace === a.id ? 'A' : 'B'}: ${res.body}`).toContain(res.statusCode);
      }
    }
    // Nothing of B's changed.
    expect(await balanceOf(t.app, b.accountId)).toBe(9);
    expect(await t.app.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, ids.webhook))).toHaveLength(1);
    const keys = await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: inTeam(b.owner, b.id) });
    expect((keys.json() as { apiKeys: Array<{ id: number }> }).apiKeys.map((k) => k.id)).toEqual([ids.key]);
  });

  it('a malformed workspace header is a 400 naming the header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/runpod/history', headers: { ...probe.headers, [WORKSPACE_HEADER]: 'team:abc' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_WORKSPACE', message: expect.stringContaining('X-Atelier-Workspace') });
  });

  it('personal and team workspaces never mix in lists, the gallery or sockets', async () => {
    const person = await createSubscribedUser(t.app, { credits: 10 });
    const team = await createTeamVia(t.app, 'Mixing');
    await fundTeam(t.app, team, 10);
    // The team's owner works in both workspaces.
    const owner = team.owner;
    const personalInput = await createInputImage(t.app, owner.id);
    const teamInput = await createInputImage(t.app, team.accountId);
    await fundPersonal(owner.id);
    const personalSocket = await connectLive(baseUrl, owner.token);
    const teamSocket = await connectLive(baseUrl, owner.token, { workspace: teamWorkspaceValue(team.id) });
    await personalSocket.waitFor('connected');
    await teamSocket.waitFor('connected');

    const personal = (await generate(owner.headers, personalInput, 1)).json() as GenerationResponse;
    const inTeamRender = (await generate(inTeam(owner, team.id), teamInput, 1)).json() as GenerationResponse;
    await teamSocket.waitFor('generation_started', (m) => m.batchId === inTeamRender.batchId);
    await personalSocket.waitFor('generation_started', (m) => m.batchId === personal.batchId);
    await completed(owner.id, personal.batchId);
    await completed(team.accountId, inTeamRender.batchId);
    expect(personalSocket.messages.some((m) => 'batchId' in m && m.batchId === inTeamRender.batchId)).toBe(false);
    expect(teamSocket.messages.some((m) => 'batchId' in m && m.batchId === personal.batchId)).toBe(false);

    const history = async (headers: Record<string, string>) =>
      ((await t.app.inject({ method: 'GET', url: '/api/runpod/history', headers })).json() as { batches: Array<{ id: number }> }).batches.map((x) => x.id);
    expect(await history(owner.headers)).toEqual([personal.batchId]);
    expect(await history(inTeam(owner, team.id))).toEqual([inTeamRender.batchId]);
    const day = new Date().toISOString().slice(0, 10);
    const gallery = async (headers: Record<string, string>) =>
      ((await t.app.inject({ method: 'GET', url: `/api/gallery/batches?mode=create&tz=UTC&from=${day}&to=${day}`, headers })).json() as { batches: Array<{ id: number }> }).batches.map((x) => x.id);
    expect(await gallery(owner.headers)).toEqual([personal.batchId]);
    expect(await gallery(inTeam(owner, team.id))).toEqual([inTeamRender.batchId]);
    // A stranger (personal) and the credits: the person's render spent their own credits, the team's the pool.
    expect(await balanceOf(t.app, owner.id)).toBe(4);
    expect(await balanceOf(t.app, team.accountId)).toBe(9);
    expect(await history(person.headers)).toEqual([]);
    await personalSocket.close();
    await teamSocket.close();
  });
});

/** Gives a person an active plan with 5 credits (for the mixing test's personal render). */
async function fundPersonal(userId: number): Promise<void> {
  const { subscriptions } = await import('../../db/schema/index.js');
  const { grantPlanAllowance } = await import('../credits/index.js');
  const now = new Date();
  await t.app.ctx.db.insert(subscriptions).values({ userId, planType: 'STARTER', billingCycle: 'MONTHLY', status: 'ACTIVE', currentPeriodStart: now, currentPeriodEnd: new Date(now.getTime() + 30 * 24 * 3600 * 1000) });
  await grantPlanAllowance(t.app.ctx.db, { userId, allowance: 5, idempotencyKey: `test-personal:${userId}`, description: 'Test' });
}
