import {
  IMAGE_PAGE_SIZES,
  type AllUserImagesResponse,
  REFINE_DEFAULT_SETTINGS,
  type InputImage,
  type InputImagesResponse,
  type LiveMessage,
  type RefineGenerateRequest,
  type RefineGenerateResponse,
  type RefineImageType,
  type RefineOperation,
  type RefineOperationsResponse,
  type RefineSettings,
  type RefineSettingsResponse,
  type SaveRefineSettingsRequest,
} from '@atelier/contract';
import { updateCredits } from '../../features/auth/store/authSlice';
import { api } from './base';

/**
 * Refine and Upscale (spec §7 the /refine calls): the image's results ("operations"), its saved
 * settings (a 404 means none are saved: the defaults are used, spec §5), saving them, starting
 * a refine, and the images uploaded on the refine screen (uploadSource REFINE_MODULE).
 */

/** Which image is refined: an input image ('uploaded') or a generated one. */
export interface RefineImageRef {
  imageId: number;
  imageType: RefineImageType;
}

export interface LoadedRefineSettings {
  settings: RefineSettings;
  /** False when the server has none saved (404) and these are the defaults. */
  saved: boolean;
}

export const defaultRefineSettings = (): RefineSettings => ({
  ...REFINE_DEFAULT_SETTINGS,
  resolution: { ...REFINE_DEFAULT_SETTINGS.resolution },
});

const refKey = (ref: RefineImageRef) => `${ref.imageType}:${ref.imageId}`;

export const refineApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRefineOperations: build.query<RefineOperationsResponse, RefineImageRef>({
      query: ({ imageId, imageType }) => `/refine/operations/${imageId}?imageType=${imageType}`,
      providesTags: (_r, _e, ref) => [{ type: 'RefineOperation', id: refKey(ref) }],
    }),
    getRefineSettings: build.query<LoadedRefineSettings, RefineImageRef>({
      async queryFn({ imageId, imageType }, _api, _extra, baseQuery) {
        const result = await baseQuery(`/refine/settings/${imageId}?imageType=${imageType}`);
        if (result.error?.status === 404) return { data: { settings: defaultRefineSettings(), saved: false } };
        if (result.error) return { error: result.error };
        return { data: { settings: (result.data as RefineSettingsResponse).settings, saved: true } };
      },
      providesTags: (_r, _e, ref) => [{ type: 'RefineSettings', id: refKey(ref) }],
    }),
    saveRefineSettings: build.mutation<RefineSettingsResponse, SaveRefineSettingsRequest & RefineImageRef>({
      query: (body) => ({ url: '/refine/settings', method: 'POST', body }),
      onQueryStarted: async (arg, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(refineApi.util.upsertQueryData('getRefineSettings', { imageId: arg.imageId, imageType: arg.imageType }, { settings: data.settings, saved: true }));
        } catch {
          // The caller shows the error.
        }
      },
    }),
    refineGenerate: build.mutation<RefineGenerateResponse, RefineGenerateRequest & RefineImageRef>({
      query: (body) => ({ url: '/refine/generate', method: 'POST', body }),
      onQueryStarted: async (arg, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(updateCredits(data.remainingCredits));
          // The new PROCESSING results show at once; live events fill them in.
          dispatch(refineOperationsStarted({ imageId: arg.imageId, imageType: arg.imageType }, data.operations));
        } catch {
          // The caller shows the error.
        }
      },
    }),
    /** The images uploaded on the refine screen, newest first (GET /images/input-images-by-source/REFINE_MODULE). */
    getRefineInputs: build.infiniteQuery<InputImagesResponse, void, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (last) => (last.pagination.page < last.pagination.totalPages ? last.pagination.page + 1 : undefined),
      },
      query: ({ pageParam }) => `/images/input-images-by-source/REFINE_MODULE?page=${pageParam}&limit=${IMAGE_PAGE_SIZES.inputImagesBySource}`,
      providesTags: ['InputImage'],
    }),
    /** The caller's completed renders of every module, newest first, page by page: what Upscale and Refine can start from. */
    getRefineRenders: build.infiniteQuery<AllUserImagesResponse, void, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (last) => (last.pagination.page < last.pagination.totalPages ? last.pagination.page + 1 : undefined),
      },
      query: ({ pageParam }) => `/images/all-user-images?page=${pageParam}&limit=${IMAGE_PAGE_SIZES.inputImages}`,
      providesTags: ['CreateImage', 'TweakImage', 'RefineOperation'],
    }),
  }),
});

export const {
  useGetRefineRendersInfiniteQuery,
  useGetRefineOperationsQuery,
  useGetRefineSettingsQuery,
  useSaveRefineSettingsMutation,
  useRefineGenerateMutation,
  useGetRefineInputsInfiniteQuery,
} = refineApi;

/** Puts a new refine upload at the head of the cached list (no refetch). */
export function refineInputAdded(image: InputImage) {
  return refineApi.util.updateQueryData('getRefineInputs', undefined, (draft) => {
    const first = draft.pages[0];
    if (!first || draft.pages.some((p) => p.inputImages.some((i) => i.id === image.id))) return;
    first.inputImages.unshift(image);
    first.pagination.total += 1;
  });
}

/** Adds new results (PROCESSING) at the head of an image's cached operations. */
export function refineOperationsStarted(ref: RefineImageRef, operations: RefineOperation[]) {
  return refineApi.util.updateQueryData('getRefineOperations', ref, (draft) => {
    const known = new Set(draft.operations.map((o) => o.id));
    draft.operations.unshift(...operations.filter((o) => !known.has(o.id)));
  });
}

type Dispatch = (action: unknown) => unknown;

/**
 * Changes one cached result in place, whichever image's list holds it (live progress,
 * completion, failure). Answers whether a cached list had it.
 */
export function refineOperationUpdated(dispatch: Dispatch, state: unknown, operationId: number, patch: Partial<RefineOperation>): boolean {
  let found = false;
  for (const ref of refineApi.util.selectCachedArgsForQuery(state as never, 'getRefineOperations')) {
    const entry = refineApi.endpoints.getRefineOperations.select(ref)(state as never);
    if (!entry.data?.operations.some((o) => o.id === operationId)) continue;
    found = true;
    dispatch(
      refineApi.util.updateQueryData('getRefineOperations', ref, (draft) => {
        const op = draft.operations.find((o) => o.id === operationId);
        if (op) Object.assign(op, patch);
      }),
    );
  }
  return found;
}

const isRefine = (moduleType: string | null | undefined) => moduleType === 'REFINE';

/**
 * What a live message changes in the cached refine results (called from the socket's one cache
 * updater, app/socket/liveCache.ts): completions and failures are patched in place (a result
 * not cached refetches the lists), and a finished REFINE batch refetches them for the final
 * sizes. Progress stays out of Redux (setVariationProgress, for every module).
 */
export function applyRefineLiveMessage(message: LiveMessage, dispatch: Dispatch, getState: () => unknown): void {
  switch (message.type) {
    case 'generation_started':
      if (isRefine(message.moduleType) && !message.imageIds.every((id) => cachedRefineOperationIds(getState()).has(id))) {
        dispatch(api.util.invalidateTags(['RefineOperation']));
      }
      return;
    case 'variation_started':
      refineOperationUpdated(dispatch, getState(), message.imageId, { status: 'PROCESSING', runpodStatus: message.runpodStatus });
      return;
    case 'variation_completed':
      if (!isRefine(message.moduleType)) return;
      if (
        !refineOperationUpdated(dispatch, getState(), message.imageId, {
          status: 'COMPLETED',
          runpodStatus: 'COMPLETED',
          resultImageUrl: message.url,
          processedImageUrl: message.url,
          thumbnailUrl: message.thumbnailUrl,
          updatedAt: new Date().toISOString(),
        })
      ) {
        dispatch(api.util.invalidateTags(['RefineOperation']));
      }
      return;
    case 'variation_failed':
      refineOperationUpdated(dispatch, getState(), message.imageId, { status: 'FAILED', runpodStatus: 'FAILED' });
      return;
    case 'batch_completed':
      if (isRefine(message.moduleType)) dispatch(api.util.invalidateTags(['RefineOperation']));
      return;
    default:
      return;
  }
}

function cachedRefineOperationIds(state: unknown): Set<number> {
  const ids = new Set<number>();
  for (const ref of refineApi.util.selectCachedArgsForQuery(state as never, 'getRefineOperations')) {
    for (const op of refineApi.endpoints.getRefineOperations.select(ref)(state as never).data?.operations ?? []) ids.add(op.id);
  }
  return ids;
}
