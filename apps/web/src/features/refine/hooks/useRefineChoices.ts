import { useMemo } from 'react';
import { IMAGE_MESSAGES, type GeneratedImage, type InputImage } from '@atelier/contract';
import { errorMessage } from '../../../app/api/http';
import { flattenInputImages, useGetInputImagesInfiniteQuery } from '../../../app/api/images';
import { useGetRefineInputsInfiniteQuery, useGetRefineRendersInfiniteQuery } from '../../../app/api/refine';
import { choiceKey, type PinnedImage } from '../store/refineSlice';
import type { StripImage } from '../components/RefineImageStrip';
import { renderTitle } from '../refineLogic';

export interface RefineChoiceSection {
  key: string;
  label: string;
  images: StripImage[];
}

/**
 * What Upscale and Refine can start from (issue 28 item 6), as the strip's sections: the images
 * brought from Create this session, the uploads of this screen (REFINE_MODULE), the caller's
 * completed renders, and their other input images. Each list is paged; the strip asks for the
 * next page of the first list that has one, in that order.
 */
export function useRefineChoices(pinned: PinnedImage[]) {
  const uploadsQuery = useGetRefineInputsInfiniteQuery();
  const rendersQuery = useGetRefineRendersInfiniteQuery();
  const inputsQuery = useGetInputImagesInfiniteQuery();
  const uploads = useMemo(() => flattenInputImages(uploadsQuery.data), [uploadsQuery.data]);
  const renders = useMemo(() => uniqueRenders(rendersQuery.data?.pages.flatMap((p) => p.images) ?? []), [rendersQuery.data]);
  const inputs = useMemo(() => flattenInputImages(inputsQuery.data).filter((i) => i.uploadSource !== 'REFINE_MODULE'), [inputsQuery.data]);

  const sections = useMemo<RefineChoiceSection[]>(() => {
    const shown = new Set(pinned.map((p) => choiceKey(p)));
    const fresh = (image: StripImage) => {
      if (shown.has(image.key)) return false;
      shown.add(image.key);
      return true;
    };
    const fromCreate = pinned.map((p) => ({
      key: choiceKey(p)!,
      imageId: p.imageId,
      imageType: p.imageType,
      thumbnailUrl: p.imageUrl,
      title: p.imageType === 'generated' ? `Render ${p.imageId} from Create` : `Input image ${p.imageId} from Create`,
      fromCreate: true,
    }));
    const asUpload = (u: InputImage): StripImage => ({ key: `uploaded:${u.id}`, imageId: u.id, imageType: 'uploaded', thumbnailUrl: u.thumbnailUrl ?? u.imageUrl, title: u.fileName, fromCreate: false });
    return [
      { key: 'create', label: 'Create', images: fromCreate },
      { key: 'uploads', label: 'Uploads', images: uploads.map(asUpload).filter(fresh) },
      {
        key: 'renders',
        label: 'Renders',
        images: renders
          .map((r): StripImage => ({ key: `generated:${r.id}`, imageId: r.id, imageType: 'generated', thumbnailUrl: r.thumbnailUrl ?? r.imageUrl, title: renderTitle(r), fromCreate: false }))
          .filter(fresh),
      },
      { key: 'inputs', label: 'Inputs', images: inputs.map(asUpload).filter(fresh) },
    ];
  }, [pinned, uploads, renders, inputs]);

  const queries = [uploadsQuery, rendersQuery, inputsQuery];
  const next = queries.find((q) => q.hasNextPage);
  const errors = [
    uploadsQuery.isError ? errorMessage(uploadsQuery.error, IMAGE_MESSAGES.fetchBySourceFailed) : null,
    rendersQuery.isError || inputsQuery.isError ? errorMessage(rendersQuery.error ?? inputsQuery.error, IMAGE_MESSAGES.fetchAvailableImagesFailed) : null,
  ].filter((e): e is string => e !== null);
  return {
    sections,
    /** Every list has answered (or failed): the newest choice may be auto-selected. */
    ready: queries.every((q) => q.isSuccess || q.isError),
    /** The input image with this id, when listed (its size before its results load). */
    inputById: (id: number) => uploads.find((u) => u.id === id) ?? inputs.find((i) => i.id === id),
    strip: {
      loading: queries.some((q) => q.isLoading),
      error: errors.length > 0 ? errors.join(' · ') : null,
      hasMore: next !== undefined,
      loadingMore: queries.some((q) => q.isFetchingNextPage),
      onLoadMore: () => void next?.fetchNextPage(),
    },
  };
}

function uniqueRenders(images: GeneratedImage[]): GeneratedImage[] {
  const seen = new Set<number>();
  return images.filter((i) => (seen.has(i.id) ? false : (seen.add(i.id), true)));
}
