import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TeamListItem, TeamMember, TeamUsageResponse } from '@atelier/contract';
import { teamInvitations, teamMembers, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { createUser, tokenFor, bearer } from '../../../test/helpers/factories.js';
import { linkIn, nextOutboxMail } from '../../../test/helpers/mail.js';
import { addMember, createPerson, createTeamVia, invite, type TestTeam } from './teams.test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('teams: creation and listing', { timeout: 90_000 }, () => {
  it('creates a team account nobody can sign in as, and lists it with the role', async () => {
    const team = await createTeamVia(t.app, 'Studio Nord');
    const [account] = await t.app.ctx.db.select().from(users).where(eq(users.id, team.accountId));
    expect(account.kind).toBe('team');
    expect(account.passwordHash).toBeNull();
    expect(account.email).toMatch(/^team-.+@teams\.atelier\.invalid$/);
    const list = await call('GET', '/api/teams', team.owner.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([{ id: team.id, name: 'Studio Nord', role: 'owner', memberCount: 1, seatLimit: 3, creditBalance: 0, planType: 'FREE', planName: null }] satisfies TeamListItem[]);
    // The team's address is refused by sign-in and by the reset form (it is not an account one can reach).
    const login = await call('POST', '/api/auth/login', {}, { email: account.email, password: 'anything-at-all' });
    expect(login.statusCode).toBe(401);
    const reset = await call('POST', '/api/auth/forgot-password', {}, { email: account.email });
    expect(reset.statusCode).toBeLessThan(500);
    const [again] = await t.app.ctx.db.select().from(users).where(eq(users.id, team.accountId));
    expect(again.passwordHash).toBeNull();
  });

  it('refuses a bad name with 400 naming the field, and stores nothing', async () => {
    const person = await createPerson(t.app);
    const res = await call('POST', '/api/teams', person.headers, { name: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.stringContaining('name') });
    expect((await call('GET', '/api/teams', person.headers)).json()).toEqual([]);
  });
});

describe('teams: roles on every team route', { timeout: 120_000 }, () => {
  let team: TestTeam;
  let admin: Awaited<ReturnType<typeof addMember>>;
  let member: Awaited<ReturnType<typeof addMember>>;
  let outsider: Awaited<ReturnType<typeof createPerson>>;
  beforeAll(async () => {
    team = await createTeamVia(t.app, 'Roles Studio', 10);
    admin = await addMember(t.app, t.dataDir, team, 'admin', 'Adam Admin');
    member = await addMember(t.app, t.dataDir, team, 'member', 'Mia Member');
    outsider = await createPerson(t.app, 'Otto Outsider');
  }, 120_000);

  it('a member lists members and their own usage, but cannot invite, list invitations, change or remove others, or delete the team', async () => {
    expect((await call('GET', `/api/teams/${team.id}/members`, member.headers)).statusCode).toBe(200);
    expect((await call('GET', `/api/teams/${team.id}/usage`, member.headers)).statusCode).toBe(200);
    const refused = [
      await call('POST', `/api/teams/${team.id}/invitations`, member.headers, { email: 'x@studio-example.com', role: 'member' }),
      await call('GET', `/api/teams/${team.id}/invitations`, member.headers),
      await call('PATCH', `/api/teams/${team.id}/members/${admin.id}`, member.headers, { monthlyCreditCap: 1 }),
      await call('DELETE', `/api/teams/${team.id}/members/${admin.id}`, member.headers),
      await call('DELETE', `/api/teams/${team.id}`, member.headers),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'TEAM_ROLE_FORBIDDEN', message: expect.any(String) });
    }
  });

  it('an outsider gets 403 on every route of the team', async () => {
    const urls: Array<[('GET' | 'POST' | 'PATCH' | 'DELETE'), string, object?]> = [
      ['GET', `/api/teams/${team.id}/members`],
      ['GET', `/api/teams/${team.id}/usage`],
      ['GET', `/api/teams/${team.id}/invitations`],
      ['POST', `/api/teams/${team.id}/invitations`, { email: 'y@studio-example.com' }],
      ['PATCH', `/api/teams/${team.id}/members/${member.id}`, { role: 'admin' }],
      ['DELETE', `/api/teams/${team.id}/members/${member.id}`],
      ['DELETE', `/api/teams/${team.id}`],
    ];
    for (const [method, url, body] of urls) {
      const res = await call(method, url, outsider.headers, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('NOT_TEAM_MEMBER');
    }
    expect((await call('GET', `/api/teams/${team.id}/members`, {})).statusCode).toBe(401);
  });

  it('an admin sets caps and roles, but cannot hand over ownership, delete the team or remove another admin', async () => {
    const cap = await call('PATCH', `/api/teams/${team.id}/members/${member.id}`, admin.headers, { monthlyCreditCap: 5 });
    expect(cap.statusCode).toBe(200);
    expect((cap.json() as TeamMember).monthlyCreditCap).toBe(5);
    expect((await call('PATCH', `/api/teams/${team.id}/members/${member.id}`, admin.headers, { role: 'owner' })).statusCode).toBe(403);
    expect((await call('PATCH', `/api/teams/${team.id}/members/${team.owner.id}`, admin.headers, { role: 'member' })).statusCode).toBe(400);
    expect((await call('DELETE', `/api/teams/${team.id}`, admin.headers)).statusCode).toBe(403);
    const second = await addMember(t.app, t.dataDir, team, 'admin', 'Second Admin');
    expect((await call('DELETE', `/api/teams/${team.id}/members/${second.id}`, admin.headers)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/teams/${team.id}/members/${second.id}`, team.owner.headers)).statusCode).toBe(200);
  });

  it('the owner hands ownership over: exactly one owner, the old owner becomes admin and can then leave', async () => {
    const own = await createTeamVia(t.app, 'Handover');
    const heir = await addMember(t.app, t.dataDir, own, 'member', 'Hana Heir');
    expect((await call('DELETE', `/api/teams/${own.id}/members/${own.owner.id}`, own.owner.headers)).json().code).toBe('OWNER_CANNOT_LEAVE');
    const res = await call('PATCH', `/api/teams/${own.id}/members/${heir.id}`, own.owner.headers, { role: 'owner' });
    expect(res.statusCode).toBe(200);
    const roles = await t.app.ctx.db.select({ userId: teamMembers.userId, role: teamMembers.role }).from(teamMembers).where(eq(teamMembers.teamId, own.id));
    expect(roles.filter((r) => r.role === 'owner')).toEqual([{ userId: heir.id, role: 'owner' }]);
    expect(roles.find((r) => r.userId === own.owner.id)?.role).toBe('admin');
    expect((await call('DELETE', `/api/teams/${own.id}/members/${own.owner.id}`, own.owner.headers)).statusCode).toBe(200);
    expect((await call('GET', '/api/teams', own.owner.headers)).json()).toEqual([]);
  });

  it('the owner deletes the team with its account', async () => {
    const gone = await createTeamVia(t.app, 'Short Lived');
    expect((await call('DELETE', `/api/teams/${gone.id}`, gone.owner.headers)).statusCode).toBe(200);
    expect(await t.app.ctx.db.select().from(users).where(eq(users.id, gone.accountId))).toEqual([]);
    expect((await call('GET', `/api/teams/${gone.id}/members`, gone.owner.headers)).statusCode).toBe(403);
  });

  it('members list shows name, e-mail, role, cap and credits used', async () => {
    const res = await call('GET', `/api/teams/${team.id}/members`, team.owner.headers);
    const list = res.json() as TeamMember[];
    expect(list.map((m) => m.role)).toEqual(['owner', 'admin', 'member']);
    expect(list.find((m) => m.userId === member.id)).toMatchObject({ fullName: 'Mia Member', email: member.email, monthlyCreditCap: 5, creditsUsedThisMonth: 0 });
  });

  it('usage answers JSON and CSV', async () => {
    const json = await call('GET', `/api/teams/${team.id}/usage?from=2026-01-01&to=2026-01-31`, team.owner.headers);
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual({ from: '2026-01-01', to: '2026-01-31', rows: [], members: [], modules: [], total: 0 } satisfies TeamUsageResponse);
    const csv = await call('GET', `/api/teams/${team.id}/usage?format=csv`, team.owner.headers);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toBe('day,userId,member,module,credits');
    expect((await call('GET', `/api/teams/${team.id}/usage?from=2026-02-30x`, team.owner.headers)).statusCode).toBe(400);
  });
});

describe('teams: invitation flows', { timeout: 120_000 }, () => {
  let team: TestTeam;
  beforeAll(async () => {
    team = await createTeamVia(t.app, 'Invites', 20);
  });
  const join = (headers: Record<string, string>, token: string) => call('POST', '/api/teams/join', headers, { token });
  const memberIds = async () => (await t.app.ctx.db.select({ id: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.teamId, team.id))).map((r) => r.id).sort();

  it('signed in as the invited address: joins once; the second use is refused and changes nothing', async () => {
    const person = await createPerson(t.app, 'Ines Invited');
    const { invitation, token } = await invite(t.app, t.dataDir, team, team.owner, person.email, 'admin');
    expect(invitation).toMatchObject({ email: person.email.toLowerCase(), role: 'admin' });
    expect(new Date(invitation.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    const res = await join(person.headers, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ teamId: team.id, role: 'admin', name: 'Invites' });
    const before = await memberIds();
    const again = await join(person.headers, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('INVITATION_USED');
    expect(await memberIds()).toEqual(before);
  });

  it('another person holding the link cannot use it; nothing changes', async () => {
    const invited = await createPerson(t.app);
    const thief = await createPerson(t.app, 'Theo Thief');
    const { token } = await invite(t.app, t.dataDir, team, team.owner, invited.email);
    const before = await memberIds();
    const res = await join(thief.headers, token);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('INVITATION_OTHER_EMAIL');
    expect(await memberIds()).toEqual(before);
    // The invited person can still use it.
    expect((await join(invited.headers, token)).statusCode).toBe(200);
  });

  it('a new account registers with the invited address, verifies it, then joins', async () => {
    const small = await createTeamVia(t.app, 'Newcomers');
    const email = `newcomer.${Date.now()}@studio-example.com`;
    const { token } = await invite(t.app, t.dataDir, small, small.owner, email);
    const fresh = await createUser(t.app, { email, verified: false });
    const headers = bearer(await tokenFor(t.app, fresh));
    const early = await join(headers, token);
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('EMAIL_NOT_VERIFIED');
    await t.app.ctx.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, fresh.id));
    expect((await join(headers, token)).statusCode).toBe(200);
  });

  it('an expired or a revoked invitation is refused; revoked and resent links follow the newest state', async () => {
    const person = await createPerson(t.app);
    const expired = await invite(t.app, t.dataDir, team, team.owner, person.email);
    await t.app.ctx.db.update(teamInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(teamInvitations.id, expired.invitation.id));
    const res = await join(person.headers, expired.token);
    expect(res.statusCode).toBe(410);
    expect(res.json().code).toBe('INVITATION_EXPIRED');

    const other = await createPerson(t.app);
    const revoked = await invite(t.app, t.dataDir, team, team.owner, other.email);
    const pending = await call('GET', `/api/teams/${team.id}/invitations`, team.owner.headers);
    expect((pending.json() as Array<{ id: number }>).map((i) => i.id)).toContain(revoked.invitation.id);
    expect((await call('DELETE', `/api/teams/${team.id}/invitations/${revoked.invitation.id}`, team.owner.headers)).statusCode).toBe(200);
    const refused = await join(other.headers, revoked.token);
    expect(refused.statusCode).toBe(410);
    expect(refused.json().code).toBe('INVITATION_REVOKED');
    expect((await call('DELETE', `/api/teams/${team.id}/invitations/${revoked.invitation.id}`, team.owner.headers)).statusCode).toBe(404);

    // Resending an expired invitation: a new link; the old one stops working.
    const resent = await call('POST', `/api/teams/${team.id}/invitations/${expired.invitation.id}/resend`, team.owner.headers);
    expect(resent.statusCode).toBe(200);
    expect((await join(person.headers, expired.token)).json().code).toBe('INVITATION_INVALID');
    const mails = await nextOutboxMail(t.dataDir, person.email, /invited you/);
    const newToken = linkIn(mails, '/team/join').searchParams.get('token') as string;
    expect(newToken).not.toBe(expired.token);
    expect((await join(person.headers, newToken)).statusCode).toBe(200);
  });

  it('a garbage token is 400/404, and a full team refuses more invitations (seat limit 3)', async () => {
    const person = await createPerson(t.app);
    expect((await join(person.headers, 'x')).statusCode).toBe(400);
    expect((await join(person.headers, 'a'.repeat(43))).statusCode).toBe(404);
    const full = await createTeamVia(t.app, 'Full');
    await addMember(t.app, t.dataDir, full);
    await invite(t.app, t.dataDir, full, full.owner, `seat3.${Date.now()}@studio-example.com`);
    const res = await call('POST', `/api/teams/${full.id}/invitations`, full.owner.headers, { email: `seat4.${Date.now()}@studio-example.com` });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('TEAM_SEAT_LIMIT');
  });

  it('inviting an existing member or a pending address again is a 409', async () => {
    const m = await addMember(t.app, t.dataDir, team);
    expect((await call('POST', `/api/teams/${team.id}/invitations`, team.owner.headers, { email: m.email })).json().code).toBe('ALREADY_TEAM_MEMBER');
    const email = `pending.${Date.now()}@studio-example.com`;
    await invite(t.app, t.dataDir, team, team.owner, email);
    expect((await call('POST', `/api/teams/${team.id}/invitations`, team.owner.headers, { email: email.toUpperCase() })).json().code).toBe('INVITATION_PENDING');
    const stored = await t.app.ctx.db.select().from(teamInvitations).where(and(eq(teamInvitations.teamId, team.id), eq(teamInvitations.email, email)));
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("a person's account deletion and their teams", { timeout: 120_000 }, () => {
  it('refuses while they own a team with other members; a team they are alone in goes with them', async () => {
    const shared = await createTeamVia(t.app, 'Shared');
    await addMember(t.app, t.dataDir, shared);
    const refused = await call('DELETE', '/api/auth/me', shared.owner.headers, { confirm: 'DELETE' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('OWNS_TEAM');
    expect(await t.app.ctx.db.select().from(users).where(eq(users.id, shared.owner.id))).toHaveLength(1);

    const solo = await createTeamVia(t.app, 'Solo');
    const gone = await call('DELETE', '/api/auth/me', solo.owner.headers, { confirm: 'DELETE' });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await t.app.ctx.db.select().from(users).where(eq(users.id, solo.accountId))).toEqual([]);
  });
});
