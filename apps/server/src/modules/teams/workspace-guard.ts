import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BILLING_MESSAGES, parseWorkspaceValue, TEAM_ERROR_CODES, TEAM_MESSAGES, WORKSPACE_HEADER, type Workspace } from '@atelier/contract';
import { AppError, badRequest } from '../../lib/errors.js';
import { setRequestActor } from '../../lib/request-actor.js';
import { requireMembership, touchMember } from './membership.js';

/**
 * `preHandler: app.requireWorkspace` marks a WORK route (uploads, generate, gallery, keys, …):
 * it signs the person in (requireUser), then reads `X-Atelier-Workspace: team:{id}`. In a team,
 * `req.userId` (the data owner every module filters by) becomes the team's account, while
 * `req.actorId` stays the person. Routes about the person (me, profile, sessions, billing of the
 * personal plan) keep `requireUser`, where userId and actorId are both the person.
 */
export function registerWorkspaceGuard(app: FastifyInstance): void {
  app.decorateRequest('actorId', 0);
  app.decorateRequest('workspace', null);
  app.decorate('requireWorkspace', async (req: FastifyRequest, reply: FastifyReply) => {
    await app.requireUser(req, reply);
    const raw = req.headers[WORKSPACE_HEADER];
    await enterWorkspace(app, req, typeof raw === 'string' || raw === undefined ? raw : raw.join(','));
  });
  // Billing in a team workspace (its plan, checkout, portal, packs) is the owner's alone.
  app.decorate('requireBillingWorkspace', async (req: FastifyRequest, reply: FastifyReply) => {
    await app.requireWorkspace(req, reply);
    if (req.workspace?.kind === 'team' && req.workspace.role !== 'owner') {
      throw new AppError(403, TEAM_ERROR_CODES.forbidden, BILLING_MESSAGES.ownerManagesBilling);
    }
  });
}

/** Sets the request's owner, actor and workspace for `value` (a header or the socket's query). */
export async function enterWorkspace(app: FastifyInstance, req: FastifyRequest, value: string | undefined): Promise<void> {
  const person = req.userId;
  req.actorId = person;
  setRequestActor(person);
  if (value === undefined || value.trim() === '' || value.trim() === 'personal') {
    req.workspace = { kind: 'personal' };
    return;
  }
  const teamId = parseWorkspaceValue(value);
  if (teamId === null) throw badRequest(TEAM_MESSAGES.badWorkspace, TEAM_ERROR_CODES.badWorkspace);
  const membership = await requireMembership(app.ctx.db, teamId, person);
  req.userId = membership.accountUserId;
  req.workspace = { kind: 'team', teamId, role: membership.role };
  await touchMember(app.ctx.db, teamId, person);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in person (or, for an API key, who made it); equals userId outside a team. */
    actorId: number;
    /** The workspace of a work route; null on routes about the person. */
    workspace: Workspace | null;
  }
  interface FastifyInstance {
    requireWorkspace: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** requireWorkspace, and in a team only its owner. */
    requireBillingWorkspace: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}
