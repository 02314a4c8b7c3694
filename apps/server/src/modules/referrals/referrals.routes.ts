import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  claimReferralRequestSchema,
  claimReferralResponseSchema,
  imageErrorResponseSchema,
  referralSummarySchema,
  teamInterestResponseSchema,
} from '@atelier/contract';
import type { App } from '../../types.js';
import { claimReferral, hasTeamInterest, recordTeamInterest, referralSummary } from './referrals.service.js';
import { errorResponses } from '../../lib/http-errors.js';

const BEARER = [{ bearerAuth: [] }];
/** Error replies: { message, code } and, for a bad field, its name. */
const errors = (...statuses: number[]) =>
  errorResponses(imageErrorResponseSchema, statuses);

/** /api/referrals (the invite link, invites, claiming an invite) and /api/team/interest. */
export async function registerReferralRoutes(api: App): Promise<void> {
  await api.register(referralsPlugin);
}

async function referralsPlugin(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const auth = { preHandler: app.requireUser };

  app.get(
    '/referrals',
    {
      ...auth,
      schema: {
        tags: ['referrals'],
        security: BEARER,
        summary: 'Your invite link, the accounts that joined through it and the credits earned',
        response: { 200: referralSummarySchema, ...errors(401) },
      },
    },
    async (req) => referralSummary(ctx.db, req.userId, ctx.config.publicUrl),
  );

  app.post(
    '/referrals/claim',
    {
      ...auth,
      schema: {
        tags: ['referrals'],
        security: BEARER,
        summary: 'Record that this new account registered through an invite link (rewarded at its first plan)',
        body: claimReferralRequestSchema,
        response: { 200: claimReferralResponseSchema, ...errors(400, 401, 404, 409) },
      },
    },
    async (req) => {
      await claimReferral(ctx.db, req.userId, req.body.code);
      return { success: true as const, message: 'Invite recorded: you both get credits when you choose a plan.' };
    },
  );

  app.get(
    '/team/interest',
    { ...auth, schema: { tags: ['team'], security: BEARER, summary: 'Whether you asked to hear when teams open', response: { 200: teamInterestResponseSchema, ...errors(401) } } },
    async (req) => ({ interested: await hasTeamInterest(ctx.db, req.userId) }),
  );

  app.post(
    '/team/interest',
    { ...auth, schema: { tags: ['team'], security: BEARER, summary: 'Ask to hear when team workspaces open', response: { 200: teamInterestResponseSchema, ...errors(401) } } },
    async (req) => {
      await recordTeamInterest(ctx.db, req.userId);
      return { interested: true };
    },
  );
}
