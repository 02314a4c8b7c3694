import type { RenderSetQuote, RenderSetRequest, SetRender, SetRendersResponse, ViewSetResponse } from '@atelier/contract';
import { api } from './base';

const setPath = (name: string) => `/images/input-images/sets/${encodeURIComponent(name)}`;

/**
 * View sets (issue 31 part 5): a set's views, the total cost of rendering it, the render itself
 * and its progress (GET /runpod/set-renders/{id}), and the set renders the gallery groups.
 */
export const viewSetsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getViewSet: build.query<ViewSetResponse, string>({
      query: (name) => setPath(name),
      providesTags: (_r, _e, name) => [{ type: 'ViewSet', id: name }],
    }),
    getSetRenderQuote: build.query<RenderSetQuote, { set: string; variations: number }>({
      query: ({ set, variations }) => `${setPath(set)}/quote?variations=${variations}`,
      providesTags: ['Credits'],
    }),
    renderSet: build.mutation<SetRender, RenderSetRequest & { variations: number }>({
      query: (body) => ({ url: '/runpod/render-set', method: 'POST', body }),
      // The balance follows from each view's generation_started (its remaining credits), as for Create.
      invalidatesTags: ['Credits', 'CreateImage', { type: 'SetRender', id: 'LIST' }],
    }),
    getSetRender: build.query<SetRender, number>({
      query: (id) => `/runpod/set-renders/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'SetRender', id }],
    }),
    getSetRenders: build.query<SetRender[], void>({
      query: () => '/runpod/set-renders',
      transformResponse: (reply: SetRendersResponse) => reply.setRenders,
      providesTags: [{ type: 'SetRender', id: 'LIST' }],
    }),
  }),
});

export const { useGetViewSetQuery, useGetSetRenderQuoteQuery, useRenderSetMutation, useGetSetRenderQuery, useGetSetRendersQuery } = viewSetsApi;
