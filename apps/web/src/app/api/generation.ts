import {
  GENERATION_PAGE_SIZES,
  type BatchStatusResponse,
  type EngineInfo,
  type GeneratedImage,
  type GenerationRequest,
  type GenerationResponse,
  type VariationsResponse,
} from '@atelier/contract';
import { updateCredits } from '../../features/auth/store/authSlice';
import { api } from './base';

/**
 * Create-module generation (spec §7): start a render, the caller's CREATE images (the History
 * strip: COMPLETED and PROCESSING), a batch's status, and which engine renders.
 */
/** POST /runpod/generate as the Create screen sends it (the contract's input type, with plain numbers). */
export type CreateGenerationRequest = Omit<GenerationRequest, 'inputImageId' | 'variations'> & { inputImageId: number; variations: number };

export const generationApi = api.injectEndpoints({
  endpoints: (build) => ({
    generate: build.mutation<GenerationResponse, CreateGenerationRequest>({
      query: (body) => ({ url: '/runpod/generate', method: 'POST', body }),
      onQueryStarted: async (arg, { dispatch, getState, queryFulfilled }) => {
        // Spec §4: a PROCESSING placeholder per variation at once (runpodStatus SUBMITTED), replaced
        // by the real image ids of the reply; live events fill those in. A refused request takes them away.
        const submitted = submittedPlaceholders(arg, flattenCreateImages(generationApi.endpoints.getCreateImages.select(undefined)(getState() as never).data));
        dispatch(createImagesStarted(submitted));
        const submittedIds = new Set(submitted.map((i) => i.id));
        try {
          const { data } = await queryFulfilled;
          dispatch(createImagesRemoved(submittedIds));
          dispatch(updateCredits(data.remainingCredits));
          dispatch(createImagesStarted(data.runpodJobs.map((job) => placeholderImage({ ...job, batchId: data.batchId, inputImageId: arg.inputImageId, prompt: arg.prompt ?? null }))));
        } catch {
          // The caller shows the error.
          dispatch(createImagesRemoved(submittedIds));
        }
      },
    }),
    getCreateImages: build.infiniteQuery<VariationsResponse, void, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (last) => (last.pagination.page < last.pagination.totalPages ? last.pagination.page + 1 : undefined),
      },
      query: ({ pageParam }) => `/runpod/variations?page=${pageParam}&limit=${GENERATION_PAGE_SIZES.variations}`,
      providesTags: ['CreateImage'],
    }),
    getBatchStatus: build.query<BatchStatusResponse, number>({
      query: (batchId) => `/runpod/status/${batchId}`,
      providesTags: (_r, _e, batchId) => [{ type: 'Batch', id: batchId }],
    }),
    getEngine: build.query<EngineInfo, void>({
      query: () => '/engine',
      providesTags: ['Engine'],
    }),
  }),
});

export const { useGenerateMutation, useGetCreateImagesInfiniteQuery, useGetBatchStatusQuery, useGetEngineQuery } = generationApi;

/** A PROCESSING image as the History strip shows it before the server's list has it. */
export function placeholderImage(fields: {
  imageId: number;
  batchId: number;
  variationNumber: number;
  inputImageId?: number | null;
  prompt?: string | null;
  runpodStatus?: string;
  createdAt?: string;
}): GeneratedImage {
  const now = fields.createdAt ?? new Date().toISOString();
  return {
    id: fields.imageId,
    imageUrl: null,
    processedImageUrl: null,
    thumbnailUrl: null,
    batchId: fields.batchId,
    variationNumber: fields.variationNumber,
    status: 'PROCESSING',
    runpodStatus: fields.runpodStatus ?? 'SUBMITTED',
    createdAt: now,
    updatedAt: now,
    moduleType: 'CREATE',
    operationType: null,
    maskMaterialMappings: null,
    aiPrompt: null,
    aiMaterials: [],
    settingsSnapshot: null,
    contextSelection: null,
    prompt: fields.prompt ?? null,
    settings: null,
    inputImageId: fields.inputImageId ?? null,
    baseImageId: null,
    width: null,
    height: null,
  };
}

/** Temporary ids (and batch ids) of submitted placeholders: negative, so they never meet a server id. */
let lastTemporaryId = 0;
const temporaryId = () => --lastTemporaryId;

/** The placeholders of a request not yet answered: one per variation, numbered after the batch's own. */
function submittedPlaceholders(arg: CreateGenerationRequest, cached: GeneratedImage[]): GeneratedImage[] {
  const existing = arg.existingBatchId ? Number(arg.existingBatchId) : null;
  const batchId = existing ?? temporaryId();
  const taken = existing ? Math.max(0, ...cached.filter((i) => i.batchId === existing).map((i) => i.variationNumber)) : 0;
  return Array.from({ length: arg.variations }, (_, n) =>
    placeholderImage({ imageId: temporaryId(), batchId, variationNumber: taken + n + 1, inputImageId: arg.inputImageId, prompt: arg.prompt ?? null, runpodStatus: 'SUBMITTED' }),
  );
}

/** Every loaded CREATE image, without duplicates, in the server's order. */
export function flattenCreateImages(data: { pages: VariationsResponse[] } | undefined): GeneratedImage[] {
  const seen = new Set<number>();
  const out: GeneratedImage[] = [];
  for (const page of data?.pages ?? []) {
    for (const image of page.variations) {
      if (seen.has(image.id)) continue;
      seen.add(image.id);
      out.push(image);
    }
  }
  return out;
}

/** Adds images not yet in the cached CREATE list at its head (new batches, from the reply or generation_started). */
export function createImagesStarted(images: GeneratedImage[]) {
  return generationApi.util.updateQueryData('getCreateImages', undefined, (draft) => {
    const first = draft.pages[0];
    if (!first) return;
    const known = new Set(draft.pages.flatMap((p) => p.variations.map((v) => v.id)));
    const fresh = images.filter((i) => !known.has(i.id));
    first.variations.unshift(...fresh);
    first.pagination.total += fresh.length;
  });
}

/** Takes images out of the cached CREATE list (placeholders the reply replaced or a refusal took back). */
function createImagesRemoved(ids: ReadonlySet<number>) {
  return generationApi.util.updateQueryData('getCreateImages', undefined, (draft) => {
    for (const page of draft.pages) {
      const before = page.variations.length;
      page.variations = page.variations.filter((v) => !ids.has(v.id));
      page.pagination.total -= before - page.variations.length;
    }
  });
}

/** Changes one cached CREATE image in place (live progress, completion, failure). */
export function createImageUpdated(imageId: number, patch: Partial<GeneratedImage>) {
  return generationApi.util.updateQueryData('getCreateImages', undefined, (draft) => {
    for (const page of draft.pages) {
      const image = page.variations.find((v) => v.id === imageId);
      if (image) Object.assign(image, patch);
    }
  });
}

/** A completed render's notes of what the preview changed, into its cached settings snapshot. */
export function createImageNotesAdded(imageId: number, notes: string[]) {
  return generationApi.util.updateQueryData('getCreateImages', undefined, (draft) => {
    for (const page of draft.pages) {
      const image = page.variations.find((v) => v.id === imageId);
      if (image) image.settingsSnapshot = { ...(image.settingsSnapshot ?? {}), previewNotes: notes };
    }
  });
}
