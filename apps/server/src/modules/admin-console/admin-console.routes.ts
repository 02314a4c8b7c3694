import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_MESSAGES,
  adminAccessResponseSchema,
  adminAuditQuerySchema,
  adminAuditResponseSchema,
  adminCreditAdjustmentResponseSchema,
  adminCreditAdjustmentSchema,
  adminIdParamsSchema,
  adminLedgerQuerySchema,
  adminLedgerResponseSchema,
  adminRenderActionResponseSchema,
  adminRendersQuerySchema,
  adminRendersResponseSchema,
  adminSuspensionSchema,
  adminSystemResponseSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
} from '@atelier/contract';
import { forbidden } from '../../lib/errors.js';
import type { App } from '../../types.js';
import { isOperator } from '../auth/index.js';
import { listProblemRenders, retryFailedRender, stopAndRefundRender } from '../generation/index.js';
import { createAdminConsole } from './admin-console.service.js';
import { listAudit, recordAction } from './audit.service.js';

const errorSchema = z.object({ message: z.string(), code: z.string() }).passthrough();
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** /api/admin/*: the operator's admin. Operators only; never with an API key. */
export async function registerAdminConsoleRoutes(api: App): Promise<void> {
  await api.register(adminRoutes, { prefix: '/admin' });
}

async function adminRoutes(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const admin = createAdminConsole(ctx);

  // Every route of this scope, before its input is read: a session of an operator, or 401/403
  // (requireUser refuses API keys with 403 before looking at them).
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    await app.requireUser(req, reply);
    if (!(await isOperator(ctx.db, req.userId))) throw forbidden(ADMIN_MESSAGES.operatorOnly, 'OPERATOR_ONLY');
  });
  const schema = <T extends object>(summary: string, more: T) => ({ tags: ['admin'], summary, security: [{ bearerAuth: [] }], ...more });

  app.get('/access', { schema: schema('Whether the caller is an operator (200) or not (403)', { response: { 200: adminAccessResponseSchema, ...errors } }) }, async (req) => ({
    operator: true as const,
    email: (await admin.operator(req.userId)).email,
  }));

  app.get(
    '/users',
    { schema: schema('Accounts, newest first, or those whose e-mail starts with q', { querystring: adminUsersQuerySchema, response: { 200: adminUsersResponseSchema, ...errors } }) },
    async (req) => admin.users(req.query.q || undefined, req.query),
  );

  app.get('/users/:id', { schema: schema('One account', { params: adminIdParamsSchema, response: { 200: adminUserSchema, ...errors } }) }, async (req) =>
    admin.user(req.params.id),
  );

  app.get(
    '/users/:id/ledger',
    { schema: schema("An account's credit ledger, newest first", { params: adminIdParamsSchema, querystring: adminLedgerQuerySchema, response: { 200: adminLedgerResponseSchema, ...errors } }) },
    async (req) => admin.ledger(req.params.id, req.query),
  );

  app.post(
    '/users/:id/credits',
    {
      schema: schema('Adds (or removes) credits through the ledger, with a reason', {
        params: adminIdParamsSchema,
        body: adminCreditAdjustmentSchema,
        response: { 200: adminCreditAdjustmentResponseSchema, ...errors },
      }),
    },
    async (req) => admin.adjustCredits(await admin.operator(req.userId), req.params.id, req.body),
  );

  app.post(
    '/users/:id/suspension',
    {
      schema: schema("Suspends an account (its sessions, sockets and API keys stop at once) or restores it", {
        params: adminIdParamsSchema,
        body: adminSuspensionSchema,
        response: { 200: adminUserSchema, ...errors },
      }),
    },
    async (req) => admin.setSuspension(await admin.operator(req.userId), req.params.id, req.body),
  );

  app.get(
    '/renders',
    { schema: schema('Renders that failed, or are stuck (running longer than stuckMinutes)', { querystring: adminRendersQuerySchema, response: { 200: adminRendersResponseSchema, ...errors } }) },
    async (req) => listProblemRenders(ctx, req.query),
  );

  app.post(
    '/renders/:id/retry',
    { schema: schema('Runs a failed render again (its refund stands)', { params: adminIdParamsSchema, response: { 200: adminRenderActionResponseSchema, ...errors } }) },
    async (req) => {
      const operator = await admin.operator(req.userId);
      const render = await retryFailedRender(ctx, req.params.id, (tx, before) =>
        recordAction(tx, operator, { action: 'render.retry', target: `render ${before.id} of ${before.userEmail}`, targetUserId: before.userId, details: { imageId: before.id, batchId: before.batchId, error: before.error } }),
      );
      return { render, message: 'The render was sent to its queue again.' };
    },
  );

  app.post(
    '/renders/:id/refund',
    { schema: schema('Stops a stuck render and refunds its credit (once)', { params: adminIdParamsSchema, response: { 200: adminRenderActionResponseSchema, ...errors } }) },
    async (req) => {
      const operator = await admin.operator(req.userId);
      const render = await stopAndRefundRender(ctx, req.params.id, (before) =>
        recordAction(ctx.db, operator, { action: 'render.refund', target: `render ${before.id} of ${before.userEmail}`, targetUserId: before.userId, details: { imageId: before.id, batchId: before.batchId, runningSince: before.createdAt } }),
      );
      return { render, message: 'The render was stopped and its credit refunded.' };
    },
  );

  app.get('/system', { schema: schema('The job queues (depth, oldest waiting job) and the engine', { response: { 200: adminSystemResponseSchema, ...errors } }) }, async () =>
    admin.system(),
  );

  app.get(
    '/audit',
    { schema: schema('Every operator action, newest first', { querystring: adminAuditQuerySchema, response: { 200: adminAuditResponseSchema, ...errors } }) },
    async (req) => listAudit(ctx.db, req.query),
  );
}
