import {
  MASK_EDIT_FIELDS,
  MASK_MESSAGES,
  type GenerateMasksRequest,
  type GenerateMasksResponse,
  type GetMasksResponse,
  type MaskGeometryResponse,
  type LiveMessage,
  type MaskRegion,
  type MaskRegionResponse,
  type MaskRegionsResponse,
  type SplitMaskRequest,
  type UpdateMaskStyleRequest,
} from '@atelier/contract';
import { api } from './base';
import { API_BASE } from './http';

/**
 * Masks (spec §7 the /masks calls): an input image's regions with the mask status, starting a
 * generation, and a region's style and visibility. The regions of an image are cached under
 * the tag { type: 'Mask', id: inputImageId }; every change patches that cache in place.
 */

export type MasksData = GetMasksResponse['data'];
export type MaskGeometryData = MaskGeometryResponse['data'];

/**
 * The callbackUrl sent with POST /masks/generate (spec §7; its value is not given): the address
 * of this image's regions, where the result is read once masks_completed arrives. The server
 * never fetches a URL a client sent; it segments its own stored copy.
 */
function masksCallbackUrl(inputImageId: number): string {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return `${origin}${API_BASE}/masks/${inputImageId}`;
}

export const maskTag = (inputImageId: number) => ({ type: 'Mask' as const, id: inputImageId });

type Dispatch = (action: unknown) => unknown;
type GetState = () => unknown;

export const masksApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMasks: build.query<MasksData, number>({
      query: (inputImageId) => `/masks/${inputImageId}`,
      transformResponse: (reply: GetMasksResponse) => reply.data,
      providesTags: (_r, _e, id) => [maskTag(id)],
    }),
    /** The photo's vanishing points and each façade/ground/roof region's plane grid (issue 30); read again when the regions change. */
    getMaskGeometry: build.query<MaskGeometryData, number>({
      query: (inputImageId) => `/masks/${inputImageId}/geometry`,
      transformResponse: (reply: MaskGeometryResponse) => reply.data,
      providesTags: (_r, _e, id) => [maskTag(id)],
    }),
    /** Status processing at once; failed when the request fails (spec §4). */
    generateMasks: build.mutation<GenerateMasksResponse, GenerateMasksRequest & { inputImageId: number }>({
      query: (body) => ({ url: '/masks/generate', method: 'POST', body: { ...body, callbackUrl: body.callbackUrl ?? masksCallbackUrl(body.inputImageId) } }),
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        dispatch(
          masksApi.util.updateQueryData('getMasks', body.inputImageId, (draft) => {
            draft.maskStatus = 'processing';
            draft.error = null;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          dispatch(
            masksApi.util.updateQueryData('getMasks', body.inputImageId, (draft) => {
              draft.maskStatus = 'failed';
              draft.error = MASK_MESSAGES.generateFailed;
            }),
          );
        }
      },
    }),
    updateMaskStyle: build.mutation<MaskRegionResponse, { maskId: number; inputImageId: number; style: UpdateMaskStyleRequest }>({
      query: ({ maskId, style }) => ({ url: `/masks/${maskId}/style`, method: 'PUT', body: style }),
      onQueryStarted: (a, { dispatch, queryFulfilled }) => replaceRegionWhenDone(a.inputImageId, dispatch, queryFulfilled),
    }),
    clearMaskStyle: build.mutation<MaskRegionResponse, { maskId: number; inputImageId: number }>({
      query: ({ maskId }) => ({ url: `/masks/${maskId}/style`, method: 'DELETE' }),
      onQueryStarted: (a, { dispatch, queryFulfilled }) => replaceRegionWhenDone(a.inputImageId, dispatch, queryFulfilled),
    }),
    /** Optimistic: the region shows or hides at once and comes back if the server refuses. */
    setMaskVisibility: build.mutation<MaskRegionResponse, { maskId: number; inputImageId: number; isVisible: boolean }>({
      query: ({ maskId, isVisible }) => ({ url: `/masks/${maskId}/visibility`, method: 'PUT', body: { isVisible } }),
      async onQueryStarted({ maskId, inputImageId, isVisible }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          masksApi.util.updateQueryData('getMasks', inputImageId, (draft) => {
            const region = draft.maskRegions.find((r) => r.id === maskId);
            if (region) region.isVisible = isVisible;
          }),
        ) as { undo: () => void };
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
    // Region corrections: each changes several regions' files, so the image's regions are read again.
    /** PUT /masks/{maskId}: a new mask PNG (painted or erased) and/or a new name. */
    editRegion: build.mutation<MaskRegionResponse, { maskId: number; inputImageId: number; mask?: Blob; name?: string }>({
      query: ({ maskId, mask, name }) => {
        if (!mask) return { url: `/masks/${maskId}`, method: 'PUT', body: { name } };
        const form = new FormData();
        form.append(MASK_EDIT_FIELDS.mask, mask, 'mask.png');
        if (name !== undefined) form.append(MASK_EDIT_FIELDS.name, name);
        return { url: `/masks/${maskId}`, method: 'PUT', body: form };
      },
      invalidatesTags: (_r, _e, a) => [maskTag(a.inputImageId)],
    }),
    mergeRegions: build.mutation<MaskRegionsResponse, { inputImageId: number; ids: number[] }>({
      query: ({ inputImageId, ids }) => ({ url: `/masks/${inputImageId}/merge`, method: 'POST', body: { ids } }),
      invalidatesTags: (_r, _e, a) => [maskTag(a.inputImageId)],
    }),
    splitRegion: build.mutation<MaskRegionsResponse, { maskId: number; inputImageId: number } & SplitMaskRequest>({
      query: ({ maskId, points }) => ({ url: `/masks/${maskId}/split`, method: 'POST', body: { points } }),
      invalidatesTags: (_r, _e, a) => [maskTag(a.inputImageId)],
    }),
    deleteRegion: build.mutation<MaskRegionsResponse, { maskId: number; inputImageId: number }>({
      query: ({ maskId }) => ({ url: `/masks/${maskId}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, a) => [maskTag(a.inputImageId)],
    }),
    /** POST /masks/{inputImageId}/regions: a region back from its mask (undo of a delete, merge or split). */
    addRegion: build.mutation<MaskRegionsResponse, { inputImageId: number; mask: Blob; name: string }>({
      query: ({ inputImageId, mask, name }) => {
        const form = new FormData();
        form.append(MASK_EDIT_FIELDS.mask, mask, 'mask.png');
        form.append(MASK_EDIT_FIELDS.name, name);
        return { url: `/masks/${inputImageId}/regions`, method: 'POST', body: form };
      },
      invalidatesTags: (_r, _e, a) => [maskTag(a.inputImageId)],
    }),
  }),
});

async function replaceRegionWhenDone(inputImageId: number, dispatch: Dispatch, done: Promise<{ data: MaskRegionResponse }>) {
  try {
    const { data } = await done;
    dispatch(
      masksApi.util.updateQueryData('getMasks', inputImageId, (draft) => {
        const i = draft.maskRegions.findIndex((r: MaskRegion) => r.id === data.data.id);
        if (i >= 0) draft.maskRegions[i] = data.data;
      }),
    );
  } catch {
    // The caller shows the error.
  }
}

export const {
  useGetMasksQuery,
  useGetMaskGeometryQuery,
  useGenerateMasksMutation,
  useUpdateMaskStyleMutation,
  useClearMaskStyleMutation,
  useSetMaskVisibilityMutation,
  useEditRegionMutation,
  useMergeRegionsMutation,
  useSplitRegionMutation,
  useDeleteRegionMutation,
  useAddRegionMutation,
} = masksApi;

/**
 * Live mask messages into the cache (called from app/socket/liveCache.ts): masks_failed marks the
 * image's masks failed with the message's text (default Mask generation failed) and reloads them;
 * masks_completed reloads them and the image's AI prompt materials (prompts.ts tags them).
 */
export function applyMasksLiveMessage(message: LiveMessage, dispatch: Dispatch, _getState: GetState): void {
  if (message.type === 'masks_failed') {
    dispatch(
      masksApi.util.updateQueryData('getMasks', message.inputImageId, (draft) => {
        draft.maskStatus = 'failed';
        draft.error = message.error || MASK_MESSAGES.generationFailed;
      }),
    );
    dispatch(api.util.invalidateTags([maskTag(message.inputImageId)]));
  } else if (message.type === 'masks_completed') {
    dispatch(api.util.invalidateTags([maskTag(message.inputImageId), { type: 'Mask', id: `ai-materials-${message.inputImageId}` }]));
  }
}
