import {
  IMAGE_MESSAGES,
  IMAGE_PAGE_SIZES,
  UPLOAD_INPUT_FIELDS,
  type CreateInputFromGeneratedRequest,
  type GeneratedImage,
  type InputImage,
  type InputImagesResponse,
  type SaveInputSettingsRequest,
  type UploadSource,
} from '@atelier/contract';
import { logout } from '../../features/auth/store/authSlice';
import { readStoredToken } from '../../features/auth/store/storedSession';
import { workspaceHeaders } from '../../features/teams/store/storedWorkspace';
import { saveBlob } from '../../lib/saveBlob';
import { api } from './base';
import { API_BASE, ApiError, fetchApiFile } from './http';
import { handleUnauthorized } from './unauthorized';

/** The input images list (spec §7 GET /images/input-images), page by page, newest first. */
export const imagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInputImages: build.infiniteQuery<InputImagesResponse, void, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (last) => (last.pagination.page < last.pagination.totalPages ? last.pagination.page + 1 : undefined),
      },
      query: ({ pageParam }) => `/images/input-images?page=${pageParam}&limit=${IMAGE_PAGE_SIZES.inputImages}`,
      providesTags: ['InputImage'],
    }),
    /** One of the caller's input images by id (GET /images/input-images/{id}; 404 when not theirs or deleted). */
    getInputImage: build.query<InputImage, number>({
      query: (id) => `/images/input-images/${id}`,
      keepUnusedDataFor: 0,
    }),
    /** One of the caller's generated images by id, of any module (GET /images/generated-images/{id}): opens an image past the loaded pages. */
    getGeneratedImage: build.query<GeneratedImage, number>({
      query: (id) => `/images/generated-images/${id}`,
      keepUnusedDataFor: 0,
    }),
    /** The customization settings last used with an input image (carried into inputs continued from its renders). */
    saveInputSettings: build.mutation<InputImage, { id: number; settings: SaveInputSettingsRequest }>({
      query: ({ id, settings }) => ({ url: `/images/input-images/${id}/settings`, method: 'PUT', body: settings }),
    }),
    /** A new input image copied from a generated one, continuing from the original input (its masks copied). */
    createInputFromGenerated: build.mutation<InputImage, CreateInputFromGeneratedRequest>({
      query: (body) => ({ url: '/images/create-input-from-generated', method: 'POST', body }),
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(inputImageAdded(data));
        } catch {
          // The caller shows the error.
        }
      },
    }),
  }),
});

export const { useGetInputImagesInfiniteQuery, useCreateInputFromGeneratedMutation, useSaveInputSettingsMutation } = imagesApi;

/** Every loaded input image, newest first, from the pages of the list. */
export function flattenInputImages(data: { pages: InputImagesResponse[] } | undefined): InputImage[] {
  const seen = new Set<number>();
  const out: InputImage[] = [];
  for (const page of data?.pages ?? []) {
    for (const image of page.inputImages) {
      if (seen.has(image.id)) continue;
      seen.add(image.id);
      out.push(image);
    }
  }
  return out;
}

/** Puts a new input image at the head of the cached list (no refetch). */
export function inputImageAdded(image: InputImage) {
  return imagesApi.util.updateQueryData('getInputImages', undefined, (draft) => {
    const first = draft.pages[0];
    if (!first) return;
    if (draft.pages.some((p) => p.inputImages.some((i) => i.id === image.id))) return;
    first.inputImages.unshift(image);
    first.pagination.total += 1;
  });
}

export interface UploadOptions {
  uploadSource?: UploadSource;
  /** 0–100 as the bytes go out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** Dispatches the 401 rule's logout. */
  dispatch?: (action: unknown) => unknown;
}

/**
 * POST /images/upload-input (multipart: file, uploadSource) with upload progress, which fetch()
 * cannot report. Resolves with the new input image; rejects with an ApiError carrying the
 * server's message, or 'Failed to upload image'.
 */
export function uploadInputImage(file: File, { uploadSource = 'CREATE_MODULE', onProgress, signal, dispatch }: UploadOptions = {}): Promise<InputImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/images/upload-input`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readStoredToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(workspaceHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    const fail = (status: number, body: unknown) => {
      const message =
        typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string'
          ? (body as { message: string }).message
          : IMAGE_MESSAGES.uploadFailed;
      reject(new ApiError(status, message, body));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(body as InputImage);
        return;
      }
      if (xhr.status === 401 && dispatch) {
        void handleUnauthorized({ logout: () => dispatch(logout()) }).finally(() => fail(xhr.status, body));
        return;
      }
      fail(xhr.status, body);
    };
    xhr.onerror = () => fail(0, null);
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    form.append(UPLOAD_INPUT_FIELDS.uploadSource, uploadSource);
    form.append(UPLOAD_INPUT_FIELDS.file, file, file.name);
    xhr.send(form);
  });
}

/**
 * Downloads an image as the server's branded JPEG (GET /images/download/{kind}/{id}?name=atelier,
 * a timestamped atelier-….jpg). The endpoint needs the bearer token, so the bytes come through
 * fetch and are saved from a blob URL. On failure the image URL opens in a new tab (spec §7).
 */
export async function downloadBrandedJpeg(kind: 'input' | 'generated', id: number, fallbackUrl: string | null): Promise<void> {
  try {
    const response = await fetchApiFile(`/images/download/${kind}/${id}?name=atelier`);
    const disposition = response.headers.get('content-disposition') ?? '';
    const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `atelier-${Date.now()}.jpg`;
    saveBlob(await response.blob(), name);
  } catch (error) {
    console.error('Download failed:', error);
    // A 401 has logged out (the 401 rule); the file would only show the error.
    if (fallbackUrl && !(error instanceof ApiError && error.status === 401)) window.open(fallbackUrl, '_blank', 'noopener');
  }
}
