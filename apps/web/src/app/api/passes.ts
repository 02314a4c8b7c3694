import type { InputImagePass, InputImagePassesResponse } from '@atelier/contract';
import { api } from './base';

/** An input image's depth and normal passes (GET /images/input-images/{id}/passes), sent with a pushed view. */
export const passesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInputImagePasses: build.query<InputImagePass[], number>({
      query: (id) => `/images/input-images/${id}/passes`,
      transformResponse: (reply: InputImagePassesResponse) => reply.passes,
      providesTags: (_r, _e, id) => [{ type: 'InputImage', id }],
    }),
  }),
});

export const { useGetInputImagePassesQuery } = passesApi;
