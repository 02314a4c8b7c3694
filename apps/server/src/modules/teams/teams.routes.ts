import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createInvitationRequestSchema,
  createTeamRequestSchema,
  errorResponseSchema,
  joinTeamRequestSchema,
  joinTeamResponseSchema,
  teamIdParamSchema,
  teamInvitationListSchema,
  teamInvitationParamSchema,
  teamInvitationSchema,
  teamListResponseSchema,
  teamMemberListSchema,
  teamMemberParamSchema,
  teamMemberSchema,
  teamSummarySchema,
  teamUsageQuerySchema,
  teamUsageResponseSchema,
  updateMemberRequestSchema,
} from '@atelier/contract';
import type { App } from '../../types.js';
import { errorResponses } from '../../lib/http-errors.js';
import { createTeam, deleteTeam, listTeams } from './teams.service.js';
import { createInvitation, joinTeam, listInvitations, resendInvitation, revokeInvitation } from './invitations.service.js';
import { listMembers, removeMember, updateMember } from './members.service.js';
import { teamUsage, usageCsv } from './usage.service.js';
import { memberCountOfAccount, ownerEmailOfAccount } from './seats.js';

const tags = ['teams'];
const security = [{ bearerAuth: [] }];
const errors = (...statuses: number[]) => errorResponses(errorResponseSchema, statuses);
const success = z.object({ success: z.literal(true) });

/**
 * /api/teams (issue 32): studios, their members, invitations and usage. Every route is about
 * the signed-in PERSON (requireUser), who must be in the team named by the path; the team's
 * WORK goes through the other modules with the X-Atelier-Workspace header.
 */
export async function registerTeamRoutes(api: App): Promise<void> {
  // Billing refuses a studio plan with fewer seats than the team has members.
  api.ctx.teamMemberCount = (accountUserId) => memberCountOfAccount(api.ctx.db, accountUserId);
  // A team's bills (Stripe customer, test checkout) go to its owner.
  api.ctx.teamBillingEmail = (accountUserId) => ownerEmailOfAccount(api.ctx.db, accountUserId);
  await api.register(teamsPlugin, { prefix: '/teams' });
}

async function teamsPlugin(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const auth = { preHandler: app.requireUser };

  app.post(
    '/',
    { ...auth, schema: { tags, security, summary: 'Create a team (the caller is its owner)', body: createTeamRequestSchema, response: { 201: teamSummarySchema, ...errors(400, 401, 403, 409) } } },
    async (req, reply) => reply.code(201).send(await createTeam(ctx, req.userId, req.body.name)),
  );

  app.get(
    '/',
    { ...auth, schema: { tags, security, summary: "The caller's teams with their role", response: { 200: teamListResponseSchema, ...errors(401, 403) } } },
    async (req) => listTeams(ctx, req.userId),
  );

  app.post(
    '/join',
    { ...auth, schema: { tags, security, summary: 'Join a team with an invitation token (as the invited address)', body: joinTeamRequestSchema, response: { 200: joinTeamResponseSchema, ...errors(400, 401, 403, 404, 409, 410) } } },
    async (req) => joinTeam(ctx, req.userId, req.body.token),
  );

  app.delete(
    '/:teamId',
    { ...auth, schema: { tags, security, summary: 'Delete the team and all its work (owner)', params: teamIdParamSchema, response: { 200: success, ...errors(400, 401, 403, 502) } } },
    async (req) => {
      await deleteTeam(ctx, req.userId, req.params.teamId);
      return { success: true as const };
    },
  );

  app.post(
    '/:teamId/invitations',
    { ...auth, schema: { tags, security, summary: 'Invite by e-mail (admin/owner)', params: teamIdParamSchema, body: createInvitationRequestSchema, response: { 201: teamInvitationSchema, ...errors(400, 401, 403, 409) } } },
    async (req, reply) => reply.code(201).send(await createInvitation(ctx, req.userId, req.params.teamId, req.body)),
  );

  app.get(
    '/:teamId/invitations',
    { ...auth, schema: { tags, security, summary: 'Pending invitations (admin/owner)', params: teamIdParamSchema, response: { 200: teamInvitationListSchema, ...errors(400, 401, 403) } } },
    async (req) => listInvitations(ctx, req.userId, req.params.teamId),
  );

  app.delete(
    '/:teamId/invitations/:invitationId',
    { ...auth, schema: { tags, security, summary: 'Revoke a pending invitation (admin/owner)', params: teamInvitationParamSchema, response: { 200: success, ...errors(400, 401, 403, 404) } } },
    async (req) => {
      await revokeInvitation(ctx, req.userId, req.params.teamId, req.params.invitationId);
      return { success: true as const };
    },
  );

  app.post(
    '/:teamId/invitations/:invitationId/resend',
    { ...auth, schema: { tags, security, summary: 'Send a pending invitation again with a new link (admin/owner)', params: teamInvitationParamSchema, response: { 200: teamInvitationSchema, ...errors(400, 401, 403, 404) } } },
    async (req) => resendInvitation(ctx, req.userId, req.params.teamId, req.params.invitationId),
  );

  app.get(
    '/:teamId/members',
    { ...auth, schema: { tags, security, summary: 'The members, their role, cap and credits used this month', params: teamIdParamSchema, response: { 200: teamMemberListSchema, ...errors(400, 401, 403) } } },
    async (req) => listMembers(ctx, req.userId, req.params.teamId),
  );

  app.patch(
    '/:teamId/members/:userId',
    { ...auth, schema: { tags, security, summary: "Change a member's role or monthly cap (admin/owner; role owner hands ownership over)", params: teamMemberParamSchema, body: updateMemberRequestSchema, response: { 200: teamMemberSchema, ...errors(400, 401, 403, 404) } } },
    async (req) => updateMember(ctx, req.userId, req.params.teamId, req.params.userId, req.body),
  );

  app.delete(
    '/:teamId/members/:userId',
    { ...auth, schema: { tags, security, summary: 'Remove a member (admin/owner), or leave (your own id)', params: teamMemberParamSchema, response: { 200: success, ...errors(400, 401, 403, 404, 409) } } },
    async (req) => {
      await removeMember(ctx, req.userId, req.params.teamId, req.params.userId);
      return { success: true as const };
    },
  );

  app.get(
    '/:teamId/usage',
    { ...auth, schema: { tags, security, summary: 'Credits per member, module and day (members see their own); format=csv for a file', params: teamIdParamSchema, querystring: teamUsageQuerySchema, response: { 200: teamUsageResponseSchema.or(z.string()), ...errors(400, 401, 403) } } },
    async (req, reply) => {
      const usage = await teamUsage(ctx, req.userId, req.params.teamId, req.query);
      if (req.query.format !== 'csv') return usage;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="team-${req.params.teamId}-usage-${usage.from}-${usage.to}.csv"`)
        .send(usageCsv(usage));
    },
  );
}
