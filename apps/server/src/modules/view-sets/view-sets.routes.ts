import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  renderSetQuoteQuerySchema,
  renderSetQuoteSchema,
  renderSetRequestSchema,
  setRenderIdParamsSchema,
  setRenderSchema,
  setRendersResponseSchema,
  viewSetParamsSchema,
  viewSetResponseSchema,
  viewSetsResponseSchema,
} from '@atelier/contract';
import type { App } from '../../types.js';
import { errorResponses } from '../../lib/http-errors.js';
import { onEmitted } from '../generation/index.js';
import { onBatchCompleted } from './set-completion.js';
import { getSetRender, getViewSet, getViewSets, listSetRenders, quoteSetRender, renderSet } from './view-sets.service.js';

const TAGS = ['view-sets'];
const SECURITY = [{ bearerAuth: [] }];
const errors = (...statuses: number[]) => errorResponses(errorResponseSchema, statuses);

/** View sets (issue 31 part 5): listing under /images/input-images/sets, rendering under /runpod. */
export async function registerViewSetRoutes(api: App): Promise<void> {
  registerSetCompletion();
  await api.register(viewSetsPlugin);
}

/** Where batches complete (the API's in-process workers, a worker process): set renders are settled there. */
export function registerSetCompletion(): void {
  onEmitted(onBatchCompleted);
}

async function viewSetsPlugin(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const auth = { preHandler: app.requireUserOrApiKey };

  app.get(
    '/images/input-images/sets',
    { ...auth, schema: { tags: TAGS, security: SECURITY, summary: 'Your view sets (views pushed with a set name), newest push first', response: { 200: viewSetsResponseSchema, ...errors(401) } } },
    async (req) => ({ sets: await getViewSets(ctx, req.userId) }),
  );

  app.get(
    '/images/input-images/sets/:name',
    {
      ...auth,
      schema: { tags: TAGS, security: SECURITY, summary: "A view set's views in push order", params: viewSetParamsSchema, response: { 200: viewSetResponseSchema, ...errors(400, 401, 404) } },
    },
    async (req) => getViewSet(ctx, req.userId, req.params.name),
  );

  app.get(
    '/images/input-images/sets/:name/quote',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'The total cost of rendering the set (one credit per view and variation) and whether your credits cover it',
        params: viewSetParamsSchema,
        querystring: renderSetQuoteQuerySchema,
        response: { 200: renderSetQuoteSchema, ...errors(400, 401, 404) },
      },
    },
    async (req) => quoteSetRender(ctx, req.userId, req.params.name, req.query.variations),
  );

  app.post(
    '/runpod/render-set',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Render every view of a set with one look: one batch per view, 402 up front (nothing charged) when credits are short',
        body: renderSetRequestSchema,
        response: { 200: setRenderSchema, ...errors(400, 401, 402, 403, 404) },
      },
    },
    async (req) => renderSet(ctx, req.userId, req.body),
  );

  app.get(
    '/runpod/set-renders',
    { ...auth, schema: { tags: TAGS, security: SECURITY, summary: 'Your set renders, newest first, each with its views and images', response: { 200: setRendersResponseSchema, ...errors(401) } } },
    async (req) => ({ setRenders: await listSetRenders(ctx, req.userId) }),
  );

  app.get(
    '/runpod/set-renders/:id',
    {
      ...auth,
      schema: { tags: TAGS, security: SECURITY, summary: "A set render and each view's progress", params: setRenderIdParamsSchema, response: { 200: setRenderSchema, ...errors(400, 401, 404) } },
    },
    async (req) => getSetRender(ctx, req.userId, req.params.id),
  );
}
