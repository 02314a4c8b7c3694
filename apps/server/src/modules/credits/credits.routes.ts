import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { creditTransactionsQuerySchema, creditTransactionsResponseSchema, type CreditTransactionsResponse } from '@atelier/contract';
import type { App } from '../../types.js';
import { listTransactions } from './credits.service.js';

const errorSchema = z.object({ message: z.string(), code: z.string() }).passthrough();

/** /api/credits/transactions: the caller's ledger. (The balance summary and packs are billing's.) */
export async function registerCreditsRoutes(api: App): Promise<void> {
  await api.register(creditsRoutes);
}

async function creditsRoutes(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    '/credits/transactions',
    {
      preHandler: app.requireWorkspace,
      schema: {
        tags: ['credits'],
        summary: 'The credit ledger, newest first: grants, purchases, usage and refunds with the balance after each',
        security: [{ bearerAuth: [] }],
        querystring: creditTransactionsQuerySchema,
        response: { 200: creditTransactionsResponseSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (req): Promise<CreditTransactionsResponse> => {
      const { page, limit } = req.query;
      const { items, total } = await listTransactions(ctx.db, req.userId, { page, limit });
      return {
        items: items.map((e) => ({
          id: e.id,
          amount: e.amount,
          balanceAfter: e.balanceAfter,
          reason: e.reason,
          description: e.description,
          createdAt: e.createdAt.toISOString(),
        })),
        page,
        limit,
        total,
        totalPages: Math.ceil(total / limit),
        hasMore: page * limit < total,
      };
    },
  );
}
