import type {
  AddAiPromptMaterialRequest,
  AiPromptDeletedResponse,
  AiPromptMaterial,
  AiPromptMaterialResponse,
  AiPromptMaterialsResponse,
  GenerateAiPromptRequest,
  GenerateAiPromptResponse,
  SavedAiPromptResponse,
} from '@atelier/contract';
import { api } from './base';

/**
 * AI prompt (spec §7 the /ai-prompt calls): an input image's prompt materials, the AI prompt
 * writer and the prompt saved with the image. Materials are cached per input image under
 * { type: 'Mask', id: 'ai-materials-{id}' } (masks_completed refreshes them with the masks).
 */

export const aiMaterialsTag = (inputImageId: number) => ({ type: 'Mask' as const, id: `ai-materials-${inputImageId}` });

export const promptsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAiPromptMaterials: build.query<AiPromptMaterial[], number>({
      query: (inputImageId) => `/ai-prompt/materials/${inputImageId}`,
      transformResponse: (reply: AiPromptMaterialsResponse) => reply.data.materials,
      providesTags: (_r, _e, id) => [aiMaterialsTag(id)],
    }),
    addAiPromptMaterial: build.mutation<AiPromptMaterialResponse, AddAiPromptMaterialRequest & { inputImageId: number }>({
      query: (body) => ({ url: '/ai-prompt/materials', method: 'POST', body }),
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            promptsApi.util.updateQueryData('getAiPromptMaterials', body.inputImageId, (draft) => {
              if (!draft.some((m) => m.id === data.data.id)) draft.push(data.data);
            }),
          );
        } catch {
          // The caller shows the error.
        }
      },
    }),
    removeAiPromptMaterial: build.mutation<AiPromptDeletedResponse, { id: number; inputImageId: number }>({
      query: ({ id }) => ({ url: `/ai-prompt/materials/${id}`, method: 'DELETE' }),
      async onQueryStarted({ id, inputImageId }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(
            promptsApi.util.updateQueryData('getAiPromptMaterials', inputImageId, (draft) => {
              const i = draft.findIndex((m) => m.id === id);
              if (i >= 0) draft.splice(i, 1);
            }),
          );
        } catch {
          // The caller shows the error.
        }
      },
    }),
    generateAiPrompt: build.mutation<GenerateAiPromptResponse, GenerateAiPromptRequest>({
      query: (body) => ({ url: '/ai-prompt/generate', method: 'POST', body }),
    }),
    getSavedPrompt: build.query<string | null, number>({
      query: (inputImageId) => `/ai-prompt/prompt/${inputImageId}`,
      transformResponse: (reply: SavedAiPromptResponse) => reply.data.generatedPrompt,
      keepUnusedDataFor: 0,
    }),
    savePrompt: build.mutation<SavedAiPromptResponse, { inputImageId: number; prompt: string | null }>({
      query: ({ inputImageId, prompt }) => ({ url: `/ai-prompt/prompt/${inputImageId}`, method: 'POST', body: { prompt } }),
    }),
  }),
});

export const {
  useGetAiPromptMaterialsQuery,
  useAddAiPromptMaterialMutation,
  useRemoveAiPromptMaterialMutation,
  useGenerateAiPromptMutation,
  useLazyGetSavedPromptQuery,
  useSavePromptMutation,
} = promptsApi;
