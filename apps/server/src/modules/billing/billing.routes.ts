import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkoutRequestSchema,
  confirmCheckoutRequestSchema,
  confirmCheckoutResponseSchema,
  creditsCheckoutRequestSchema,
  creditsSummarySchema,
  invoicesResponseSchema,
  localCheckoutCompleteResponseSchema,
  localCheckoutSessionSchema,
  localPortalActionSchema,
  localPortalResponseSchema,
  pricingResponseSchema,
  redirectUrlResponseSchema,
  subscriptionResponseSchema,
} from '@atelier/contract';
import type { App } from '../../types.js';
import { getCatalog } from './catalog.js';
import { getCreditsSummary, getPricing } from './billing.service.js';
import { listInvoices, openPortal, startPackCheckout, startPlanCheckout } from './checkout.service.js';
import {
  applyLocalPortalAction,
  cancelLocalCheckout,
  completeLocalCheckout,
  getLocalCheckout,
} from './local-checkout.service.js';
import { confirmCheckout, handleStripeWebhook } from './stripe-sync.service.js';
import { getSubscription } from './subscription.service.js';
import { errorResponses } from '../../lib/http-errors.js';

const BEARER = [{ bearerAuth: [] }];
const errorSchema = z.object({ message: z.string(), code: z.string() }).passthrough();
function errors(...statuses: number[]) {
  return errorResponses(errorSchema, statuses);
}
const sessionParams = z.object({ id: z.string().min(1).max(100) });

/**
 * /api/subscription/*, /api/credits (summary, checkout), /api/billing/*, /api/webhooks/stripe.
 * Also makes the session payload (login, /auth/me) carry the real subscription.
 */
export async function registerBillingRoutes(api: App): Promise<void> {
  const ctx = api.ctx;
  // A bad catalog (e.g. a pack cheaper per credit than a plan) stops start-up, naming what is wrong.
  getCatalog();
  ctx.subscriptionOf = (userId) => getSubscription(ctx.db, userId);
  ctx.log.info(
    { payments: ctx.payments.kind },
    ctx.payments.kind === 'local'
      ? 'Payments run in local test mode (set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET for Stripe)'
      : 'Payments go through Stripe',
  );
  await api.register(billingRoutes);
  // Only the configured provider's routes exist: the test checkout never in production (which
  // requires Stripe), the Stripe webhook only with Stripe.
  if (ctx.payments.kind === 'local') await api.register(localCheckoutRoutes);
  else await api.register(stripeWebhookRoute);
}

async function billingRoutes(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const auth = { preHandler: app.requireBillingWorkspace };

  app.get(
    '/subscription',
    {
      ...auth,
      schema: {
        tags: ['subscription'],
        summary: 'The current subscription (FREE without a paid plan)',
        security: BEARER,
        response: { 200: subscriptionResponseSchema, ...errors(401) },
      },
    },
    async (req) => getSubscription(ctx.db, req.userId),
  );

  app.get(
    '/subscription/plans',
    {
      ...auth,
      schema: {
        tags: ['subscription'],
        summary: 'Regular and educational plans with prices in cents (EUR), and whether the caller is a verified student',
        security: BEARER,
        response: { 200: pricingResponseSchema, ...errors(401) },
      },
    },
    async (req) => getPricing(ctx.db, req.userId),
  );

  app.post(
    '/subscription/checkout',
    {
      ...auth,
      schema: {
        tags: ['subscription'],
        summary: 'Start a checkout for a plan (or a change of the current one); the browser is redirected to url',
        security: BEARER,
        body: checkoutRequestSchema,
        response: { 200: redirectUrlResponseSchema, ...errors(400, 401, 403, 409, 502, 503) },
      },
    },
    async (req) => startPlanCheckout(ctx, req.userId, req.body),
  );

  app.post(
    '/subscription/checkout/confirm',
    {
      ...auth,
      schema: {
        tags: ['subscription'],
        summary: "Apply a finished checkout at once (the success page's session id), without waiting for the webhook",
        security: BEARER,
        body: confirmCheckoutRequestSchema,
        response: { 200: confirmCheckoutResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (req) => confirmCheckout(ctx, req.userId, req.body.sessionId),
  );

  app.post(
    '/subscription/portal',
    {
      ...auth,
      schema: {
        tags: ['subscription'],
        summary: 'Open the billing portal (Stripe Customer Portal, or the local test-mode portal); the browser is redirected to url',
        security: BEARER,
        response: { 200: redirectUrlResponseSchema, ...errors(401, 409, 502) },
      },
    },
    async (req) => openPortal(ctx, req.userId),
  );

  app.get(
    '/credits',
    {
      // Every member sees the team pool (the header's credits ring); only the owner may buy for it.
      preHandler: app.requireWorkspace,
      schema: {
        tags: ['credits'],
        summary: "The balance (plan and purchased parts), the plan allowance and the top-up packs; in a team, its pool (canPurchase only for the owner)",
        security: BEARER,
        response: { 200: creditsSummarySchema, ...errors(401) },
      },
    },
    async (req) => getCreditsSummary(ctx.db, req.userId, { mayBuy: req.workspace?.kind !== 'team' || req.workspace.role === 'owner' }),
  );

  app.post(
    '/credits/checkout',
    {
      ...auth,
      schema: {
        tags: ['credits'],
        summary: 'Start a checkout for a top-up pack (needs an active plan); the browser is redirected to url',
        security: BEARER,
        body: creditsCheckoutRequestSchema,
        response: { 200: redirectUrlResponseSchema, ...errors(400, 401, 403, 502, 503) },
      },
    },
    async (req) => startPackCheckout(ctx, req.userId, req.body.pack),
  );

  app.get(
    '/billing/invoices',
    {
      ...auth,
      schema: {
        tags: ['billing'],
        summary: "The caller's invoices (Stripe) or test-mode receipts (local provider), newest first",
        security: BEARER,
        response: { 200: invoicesResponseSchema, ...errors(401, 502) },
      },
    },
    async (req) => listInvoices(ctx, req.userId),
  );

}

/** The local provider's test-mode checkout and portal: registered only without Stripe (demo mode). */
async function localCheckoutRoutes(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const auth = { preHandler: app.requireBillingWorkspace };

  app.get(
    '/billing/local/sessions/:id',
    {
      ...auth,
      schema: {
        tags: ['billing'],
        summary: 'A test-mode checkout session (local provider)',
        security: BEARER,
        params: sessionParams,
        response: { 200: localCheckoutSessionSchema, ...errors(401, 404) },
      },
    },
    async (req) => getLocalCheckout(ctx, req.userId, req.params.id),
  );

  app.post(
    '/billing/local/sessions/:id/complete',
    {
      ...auth,
      schema: {
        tags: ['billing'],
        summary: 'Complete a test-mode payment: applied exactly as a Stripe webhook would be',
        security: BEARER,
        params: sessionParams,
        response: { 200: localCheckoutCompleteResponseSchema, ...errors(401, 404, 409) },
      },
    },
    async (req) => completeLocalCheckout(ctx, req.userId, req.params.id),
  );

  app.post(
    '/billing/local/sessions/:id/cancel',
    {
      ...auth,
      schema: {
        tags: ['billing'],
        summary: 'Cancel a test-mode checkout',
        security: BEARER,
        params: sessionParams,
        response: { 200: z.object({ redirectTo: z.string() }), ...errors(401, 404) },
      },
    },
    async (req) => cancelLocalCheckout(ctx, req.userId, req.params.id),
  );

  app.post(
    '/billing/local/portal',
    {
      ...auth,
      schema: {
        tags: ['billing'],
        summary: 'Test-mode portal: change plan or cycle, cancel at period end, resume',
        security: BEARER,
        body: localPortalActionSchema,
        response: { 200: localPortalResponseSchema, ...errors(400, 401, 404, 409) },
      },
    },
    async (req) => applyLocalPortalAction(ctx, req.userId, req.body),
  );
}

/**
 * POST /api/webhooks/stripe in its own scope: the body stays the exact bytes Stripe signed
 * (a JSON parser would change them), and this route alone sees it that way.
 */
async function stripeWebhookRoute(scope: FastifyInstance): Promise<void> {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));
  scope.post(
    '/webhooks/stripe',
    { schema: { tags: ['billing'], summary: 'Stripe webhook endpoint (signed with STRIPE_WEBHOOK_SECRET)' } },
    async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const signature = req.headers['stripe-signature'];
      const result = await handleStripeWebhook(
        { ...scope.ctx, log: req.log },
        raw,
        Array.isArray(signature) ? signature[0] : signature,
      );
      return reply.code(result.status).send(result.body);
    },
  );
}
