// Factories for the teams tests: a team with an active plan and a pool, members who joined
// through real invitations (the e-mailed token), and requests in a workspace.
import { eq } from 'drizzle-orm';
import { teamWorkspaceValue, WORKSPACE_HEADER, type TeamInvitation } from '@atelier/contract';
import type { App } from '../../types.js';
import { subscriptions, teams } from '../../db/schema/index.js';
import { grantPlanAllowance } from '../credits/index.js';
import { findUserById } from '../auth/index.js';
import { createPlainUser, type GenUser } from '../generation/generation.test-helpers.js';
import { linkIn, nextOutboxMail } from '../../../test/helpers/mail.js';

export interface TestTeam {
  id: number;
  accountId: number;
  owner: GenUser & { email: string };
}

export type Person = GenUser & { email: string };

/** A verified person with a session (no plan of their own). */
export async function createPerson(app: App, name = 'Ada Architect'): Promise<Person> {
  const user = await createPlainUser(app, name);
  const row = await findUserById(app.ctx.db, user.id);
  return { ...user, email: row!.email };
}

/** Headers of a call in the team's workspace. */
export const inTeam = (user: GenUser, teamId: number) => ({ ...user.headers, [WORKSPACE_HEADER]: teamWorkspaceValue(teamId) });

/** A team made through POST /api/teams by a new owner; `seats` replaces the default seat limit. */
export async function createTeamVia(app: App, name = 'Studio Nord', seats?: number): Promise<TestTeam> {
  const owner = await createPerson(app, 'Olga Owner');
  const res = await app.inject({ method: 'POST', url: '/api/teams', headers: owner.headers, payload: { name } });
  if (res.statusCode !== 201) throw new Error(`create team: ${res.statusCode} ${res.body}`);
  const { id } = res.json() as { id: number };
  if (seats) await app.ctx.db.update(teams).set({ seatLimit: seats }).where(eq(teams.id, id));
  const [team] = await app.ctx.db.select().from(teams).where(eq(teams.id, id));
  return { id, accountId: team.accountUserId, owner };
}

/** Gives the team's account an ACTIVE plan and a pool of `credits`, and `seats` seats. */
export async function fundTeam(app: App, team: TestTeam, credits: number, seats = 10): Promise<void> {
  const now = new Date();
  await app.ctx.db.update(teams).set({ seatLimit: seats }).where(eq(teams.id, team.id));
  await app.ctx.db.insert(subscriptions).values({
    userId: team.accountId,
    planType: 'STARTER',
    billingCycle: 'MONTHLY',
    status: 'ACTIVE',
    currentPeriodStart: now,
    currentPeriodEnd: new Date(now.getTime() + 30 * 24 * 3600 * 1000),
  });
  await grantPlanAllowance(app.ctx.db, { userId: team.accountId, allowance: credits, idempotencyKey: `test-team-grant:${team.id}`, description: 'Test team pool' });
}

/** Invites `email` as `inviter` and returns the invitation and the token from the e-mail. */
export async function invite(app: App, dataDir: string, team: TestTeam, inviter: GenUser, email: string, role: 'admin' | 'member' = 'member') {
  const res = await app.inject({ method: 'POST', url: `/api/teams/${team.id}/invitations`, headers: inviter.headers, payload: { email, role } });
  if (res.statusCode !== 201) throw new Error(`invite: ${res.statusCode} ${res.body}`);
  const mail = await nextOutboxMail(dataDir, email, /invited you/);
  const token = linkIn(mail, '/team/join').searchParams.get('token') as string;
  return { invitation: res.json() as TeamInvitation, token };
}

/** A new person who joined the team through an invitation. */
export async function addMember(app: App, dataDir: string, team: TestTeam, role: 'admin' | 'member' = 'member', name = 'Mia Member'): Promise<Person> {
  const person = await createPerson(app, name);
  const { token } = await invite(app, dataDir, team, team.owner, person.email, role);
  const res = await app.inject({ method: 'POST', url: '/api/teams/join', headers: person.headers, payload: { token } });
  if (res.statusCode !== 200) throw new Error(`join: ${res.statusCode} ${res.body}`);
  return person;
}
