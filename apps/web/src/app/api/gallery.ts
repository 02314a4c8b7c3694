import {
  GALLERY_PAGE_SIZES,
  type ExploreResponse,
  type ExploreUseAsInputResponse,
  type GalleryBatchesResponse,
  type GalleryDaysResponse,
  type GalleryFilters,
  type GalleryImage,
  type GalleryImagesResponse,
  type GalleryMode,
  type GalleryVisibilityResponse,
  type OpenInCreateResponse,
  type SharedImage,
} from '@atelier/contract';
import { api } from './base';

/**
 * The gallery and Explore (image-modules §2): day buckets, then date-range pages of images or
 * batches, one month at a time; the actions on an image; the public Explore feed.
 */

export interface GalleryDaysArgs {
  mode: GalleryMode;
  tz: string;
  /** The gallery's filters; absent (not empty) when none is set, so the cache keys stay those of the first screen. */
  filters?: GalleryFilters;
}

export interface GalleryRangeArgs {
  tz: string;
  from: string;
  to: string;
  page: number;
  limit?: number;
  filters?: GalleryFilters;
}

/** The set filters as query parameters (module, renderType, visibility, dateFrom, dateTo). */
const filterEntries = (filters: GalleryFilters | undefined): Array<[string, string]> =>
  Object.entries(filters ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '');

const rangeQuery = (path: string, mode: GalleryMode, a: GalleryRangeArgs, defaultLimit: number) => {
  const params = new URLSearchParams({
    mode,
    tz: a.tz,
    from: a.from,
    to: a.to,
    page: String(a.page),
    limit: String(a.limit ?? defaultLimit),
  });
  for (const [key, value] of filterEntries(a.filters)) params.set(key, value);
  return `${path}?${params}`;
};

/** One tag per mode and month, so a change refetches only the months it touches. */
const pageTag = (mode: GalleryMode, from: string) => ({ type: 'GalleryPage' as const, id: `${mode}:${from.slice(0, 7)}` });
const ALL_PAGES = { type: 'GalleryPage' as const, id: 'ALL' };

export const galleryApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGalleryDays: build.query<GalleryDaysResponse, GalleryDaysArgs>({
      query: ({ mode, tz, filters }) => `/gallery/days?${new URLSearchParams([['mode', mode], ['tz', tz], ...filterEntries(filters)])}`,
      providesTags: (_r, _e, { mode }) => [{ type: 'GalleryDays', id: mode }],
    }),
    getGalleryImages: build.query<GalleryImagesResponse, GalleryRangeArgs & { mode: 'organize' | 'refine' }>({
      query: (a) => rangeQuery('/gallery/images', a.mode, a, GALLERY_PAGE_SIZES.images),
      providesTags: (_r, _e, a) => [pageTag(a.mode, a.from), ALL_PAGES],
    }),
    getGalleryBatches: build.query<GalleryBatchesResponse, GalleryRangeArgs & { mode: 'create' | 'tweak' }>({
      query: (a) => rangeQuery('/gallery/batches', a.mode, a, GALLERY_PAGE_SIZES.batches),
      providesTags: (_r, _e, a) => [pageTag(a.mode, a.from), ALL_PAGES],
    }),
    setImageVisibility: build.mutation<GalleryVisibilityResponse, { id: number; isPublic: boolean }>({
      query: ({ id, isPublic }) => ({ url: `/gallery/images/${id}/visibility`, method: 'PUT', body: { isPublic } }),
      invalidatesTags: ['Explore'],
      onQueryStarted: async ({ id }, { dispatch, getState, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          patchCachedGalleryImage(dispatch, getState, id, {
            isPublic: data.isPublic,
            publishedAt: data.publishedAt,
            publicUrl: data.publicUrl,
          });
        } catch {
          // The caller shows the error.
        }
      },
    }),
    deleteGalleryImage: build.mutation<{ success: true; id: number }, number>({
      query: (id) => ({ url: `/gallery/images/${id}`, method: 'DELETE' }),
      invalidatesTags: ['GalleryDays', ALL_PAGES, 'Explore', 'CreateImage'],
    }),
    openInCreate: build.mutation<OpenInCreateResponse, number>({
      query: (id) => ({ url: `/gallery/images/${id}/open-in-create`, method: 'POST' }),
      invalidatesTags: (result) => (result?.created ? ['InputImage'] : []),
    }),
    getExplore: build.infiniteQuery<ExploreResponse, void, string>({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (last) => last.nextCursor ?? undefined,
      },
      query: ({ pageParam }) =>
        `/explore/images?${new URLSearchParams({ limit: String(GALLERY_PAGE_SIZES.explore), ...(pageParam ? { cursor: pageParam } : {}) })}`,
      providesTags: ['Explore'],
    }),
    /** A public image's share page (/explore/{id}); no sign-in needed. */
    getSharedImage: build.query<SharedImage, number>({
      query: (id) => `/explore/images/${id}`,
      providesTags: ['Explore'],
    }),
    exploreImageAsInput: build.mutation<ExploreUseAsInputResponse, number>({
      query: (id) => ({ url: `/explore/images/${id}/use-as-input`, method: 'POST' }),
      invalidatesTags: ['InputImage'],
    }),
  }),
});

export const {
  useGetGalleryDaysQuery,
  useGetGalleryImagesQuery,
  useGetGalleryBatchesQuery,
  useSetImageVisibilityMutation,
  useDeleteGalleryImageMutation,
  useOpenInCreateMutation,
  useGetExploreInfiniteQuery,
  useGetSharedImageQuery,
  useExploreImageAsInputMutation,
} = galleryApi;

type Dispatch = (action: unknown) => unknown;

/** Applies a change to an image wherever a cached gallery page holds it (no refetch). */
export function patchCachedGalleryImage(dispatch: Dispatch, getState: () => unknown, id: number, patch: Partial<GalleryImage>): void {
  const state = getState() as Parameters<typeof galleryApi.util.selectInvalidatedBy>[0];
  for (const entry of galleryApi.util.selectInvalidatedBy(state, [ALL_PAGES])) {
    if (entry.endpointName === 'getGalleryImages') {
      dispatch(
        galleryApi.util.updateQueryData('getGalleryImages', entry.originalArgs as never, (draft) => {
          const image = draft.images.find((i) => i.id === id);
          if (image) Object.assign(image, patch);
        }),
      );
    } else if (entry.endpointName === 'getGalleryBatches') {
      dispatch(
        galleryApi.util.updateQueryData('getGalleryBatches', entry.originalArgs as never, (draft) => {
          for (const batch of draft.batches) {
            const image = batch.images.find((i) => i.id === id);
            if (image) Object.assign(image, patch);
          }
        }),
      );
    }
  }
}

/** Every loaded Explore image, newest shared first, each once. */
export function flattenExplore(data: { pages: ExploreResponse[] } | undefined): ExploreResponse['images'] {
  const seen = new Set<number>();
  const out: ExploreResponse['images'] = [];
  for (const page of data?.pages ?? []) {
    for (const image of page.images) {
      if (seen.has(image.id)) continue;
      seen.add(image.id);
      out.push(image);
    }
  }
  return out;
}
