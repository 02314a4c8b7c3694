import {
  ADD_IMAGE_FIELDS,
  IMAGE_PAGE_SIZES,
  UPLOAD_MASK_FIELDS,
  type AllUserImagesResponse,
  type CreateInputFromTweakRequest,
  type CreateInputFromTweakResponse,
  type GeneratedImage,
  type InpaintRequest,
  type InputAndCreateResponse,
  type LiveMessage,
  type OutpaintRequest,
  type SaveTweakPromptRequest,
  type TweakHistoryResponse,
  type TweakImageKind,
  type TweakOperationResponse,
  type TweakPromptResponse,
  type UploadMaskResponse,
} from '@atelier/contract';
import { updateCredits } from '../../features/auth/store/authSlice';
import { api } from './base';

/**
 * Tweak (spec §7 the /tweak calls, and the image lists the Tweak screen reads): the inputs and
 * creates of the thumbnail strip, all tweak images, a session's tweak history, outpaint, inpaint,
 * add image, the mask upload, an input from a result and the saved prompt. Replies that carry
 * data.remainingCredits update the balance (spec §4).
 */

export interface TweakHistoryArgs {
  baseImageId: number;
  baseImageType: TweakImageKind;
}

export interface AddImageArgs {
  baseImageId: number;
  baseImageType: TweakImageKind;
  image: Blob;
  position: { x: number; y: number };
  size: { width: number; height: number };
  /** Degrees clockwise about the box's centre. */
  rotation: number;
  prompt?: string;
}

const historyTag = (a: TweakHistoryArgs) => ({ type: 'TweakHistory' as const, id: `${a.baseImageType}-${a.baseImageId}` });

export const tweakApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The thumbnail strip: the caller's input images and completed CREATE images, newest first. */
    getTweakSources: build.query<InputAndCreateResponse, void>({
      query: () => `/images/input-and-create?page=1&limit=${IMAGE_PAGE_SIZES.max}`,
      providesTags: ['InputImage', 'CreateImage'],
    }),
    /** Every completed tweak result of the caller's (newest first), to find ?imageId and for the 10 s fallback. */
    getAllTweakImages: build.query<AllUserImagesResponse, void>({
      query: () => `/images/all-user-images?moduleType=TWEAK&limit=${IMAGE_PAGE_SIZES.allUserImages}`,
      providesTags: ['TweakImage'],
    }),
    /** The results of one editing session, newest first. */
    getTweakHistory: build.query<TweakHistoryResponse, TweakHistoryArgs>({
      query: (a) => `/images/tweak-history/${a.baseImageId}?baseImageType=${a.baseImageType}`,
      providesTags: (_r, _e, a) => [historyTag(a), 'TweakHistory'],
    }),
    outpaint: build.mutation<TweakOperationResponse, OutpaintRequest>({
      query: (body) => ({ url: '/tweak/outpaint', method: 'POST', body }),
      onQueryStarted: (_arg, lifecycle) => afterOperation(lifecycle),
    }),
    inpaint: build.mutation<TweakOperationResponse, InpaintRequest>({
      query: (body) => ({ url: '/tweak/inpaint', method: 'POST', body }),
      onQueryStarted: (_arg, lifecycle) => afterOperation(lifecycle),
    }),
    addImage: build.mutation<TweakOperationResponse, AddImageArgs>({
      query: (a) => {
        const form = new FormData();
        form.append(ADD_IMAGE_FIELDS.baseImageId, String(a.baseImageId));
        form.append(ADD_IMAGE_FIELDS.baseImageType, a.baseImageType);
        form.append(ADD_IMAGE_FIELDS.position, JSON.stringify(a.position));
        form.append(ADD_IMAGE_FIELDS.size, JSON.stringify(a.size));
        form.append(ADD_IMAGE_FIELDS.rotation, String(a.rotation));
        if (a.prompt) form.append(ADD_IMAGE_FIELDS.prompt, a.prompt);
        form.append(ADD_IMAGE_FIELDS.image, a.image, 'image.png');
        return { url: '/tweak/add-image', method: 'POST', body: form };
      },
      onQueryStarted: (_arg, lifecycle) => afterOperation(lifecycle),
    }),
    uploadMask: build.mutation<UploadMaskResponse, Blob>({
      query: (mask) => {
        const form = new FormData();
        form.append(UPLOAD_MASK_FIELDS.file, mask, 'mask.png');
        return { url: '/tweak/upload/mask', method: 'POST', body: form };
      },
    }),
    createInputFromTweak: build.mutation<CreateInputFromTweakResponse, CreateInputFromTweakRequest>({
      query: (body) => ({ url: '/tweak/create-input-from-generated', method: 'POST', body }),
      invalidatesTags: ['InputImage'],
    }),
    saveTweakPrompt: build.mutation<TweakPromptResponse, SaveTweakPromptRequest>({
      query: (body) => ({ url: '/tweak/prompt', method: 'POST', body }),
    }),
    getTweakPrompt: build.query<TweakPromptResponse, { imageId: number; imageType: TweakImageKind }>({
      query: (a) => `/tweak/prompt/${a.imageId}?imageType=${a.imageType}`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useGetTweakSourcesQuery,
  useGetAllTweakImagesQuery,
  useGetTweakHistoryQuery,
  useOutpaintMutation,
  useInpaintMutation,
  useAddImageMutation,
  useUploadMaskMutation,
  useCreateInputFromTweakMutation,
  useSaveTweakPromptMutation,
  useLazyGetTweakPromptQuery,
} = tweakApi;

interface OperationLifecycle {
  dispatch: (action: unknown) => unknown;
  queryFulfilled: Promise<{ data: TweakOperationResponse }>;
}

/** The new balance, and the new PROCESSING results at the head of their session's cached history. */
async function afterOperation({ dispatch, queryFulfilled }: OperationLifecycle): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    dispatch(updateCredits(data.data.remainingCredits));
    const now = new Date().toISOString();
    const args: TweakHistoryArgs = { baseImageId: data.data.baseImageId, baseImageType: data.data.baseImageType };
    dispatch(
      tweakApi.util.updateQueryData('getTweakHistory', args, (draft) => {
        const known = new Set(draft.variations.map((v) => v.id));
        const fresh = data.data.images
          .filter((i) => !known.has(i.imageId))
          .map((i) => tweakPlaceholder({ imageId: i.imageId, batchId: data.data.batchId, variationNumber: i.variationNumber, operationType: data.data.operationType, baseImageId: data.data.baseImageId, createdAt: now }));
        draft.variations.unshift(...fresh);
        draft.pagination.total += fresh.length;
      }),
    );
  } catch {
    // The caller shows the error.
  }
}

/** A PROCESSING tweak result as the strip shows it before the server's list has it. */
export function tweakPlaceholder(f: { imageId: number; batchId: number; variationNumber: number; operationType: string; baseImageId: number; createdAt: string }): GeneratedImage {
  return {
    id: f.imageId,
    imageUrl: null,
    processedImageUrl: null,
    thumbnailUrl: null,
    batchId: f.batchId,
    variationNumber: f.variationNumber,
    status: 'PROCESSING',
    runpodStatus: 'SUBMITTED',
    createdAt: f.createdAt,
    updatedAt: f.createdAt,
    moduleType: 'TWEAK',
    operationType: f.operationType,
    maskMaterialMappings: null,
    aiPrompt: null,
    aiMaterials: [],
    settingsSnapshot: null,
    contextSelection: null,
    prompt: null,
    settings: null,
    inputImageId: null,
    baseImageId: f.baseImageId,
    width: null,
    height: null,
  };
}

type Dispatch = (action: unknown) => unknown;
type GetState = () => unknown;

/** Changes a cached tweak result in every cached session history; false when none holds it. */
function patchCachedResult(imageId: number, patch: Partial<GeneratedImage>, dispatch: Dispatch, getState: GetState): boolean {
  const cached = tweakApi.util.selectCachedArgsForQuery(getState() as never, 'getTweakHistory') as TweakHistoryArgs[];
  let found = false;
  for (const args of cached) {
    const entry = tweakApi.endpoints.getTweakHistory.select(args)(getState() as never);
    if (!entry.data?.variations.some((v) => v.id === imageId)) continue;
    found = true;
    dispatch(
      tweakApi.util.updateQueryData('getTweakHistory', args, (draft) => {
        const image = draft.variations.find((v) => v.id === imageId);
        if (image) Object.assign(image, patch);
      }),
    );
  }
  return found;
}

/**
 * Live messages into the cached tweak data (called from app/socket/liveCache.ts, the one place
 * live events change the cache): results turn PROCESSING, COMPLETED or FAILED in place; a result
 * the cache does not know, or a finished tweak batch, refetches the histories and tweak images.
 */
export function applyTweakLiveMessage(message: LiveMessage, dispatch: Dispatch, getState: GetState): void {
  switch (message.type) {
    case 'variation_started':
      patchCachedResult(message.imageId, { status: 'PROCESSING', runpodStatus: message.runpodStatus }, dispatch, getState);
      return;
    case 'variation_completed': {
      if (message.moduleType !== 'TWEAK') return;
      patchCachedResult(
        message.imageId,
        {
          status: 'COMPLETED',
          runpodStatus: 'COMPLETED',
          imageUrl: message.url,
          processedImageUrl: message.url,
          thumbnailUrl: message.thumbnailUrl,
          updatedAt: new Date().toISOString(),
        },
        dispatch,
        getState,
      );
      // The size and the settings snapshot come with the server's list.
      dispatch(api.util.invalidateTags(['TweakHistory', 'TweakImage']));
      return;
    }
    case 'variation_failed':
      patchCachedResult(message.imageId, { status: 'FAILED', runpodStatus: 'FAILED' }, dispatch, getState);
      return;
    case 'batch_completed':
      if (message.moduleType === 'TWEAK') dispatch(api.util.invalidateTags(['TweakHistory', 'TweakImage']));
      return;
    default:
      return;
  }
}
