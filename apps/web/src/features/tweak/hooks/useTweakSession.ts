import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { IMAGE_MESSAGES, type GeneratedImage, type InputImage, type TweakImageKind } from '@atelier/contract';
import { errorMessage } from '../../../app/api/http';
import toast from 'react-hot-toast';
import { imagesApi } from '../../../app/api/images';
import { useGetAllTweakImagesQuery, useGetTweakHistoryQuery, useGetTweakSourcesQuery, useLazyGetTweakPromptQuery } from '../../../app/api/tweak';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { loadImage } from '../lib/overlay';
import { readTweakParams } from '../lib/urlParams';
import { baseImageChanged, generationSelected, imageNotFound, panelSelected, paramsFromUrl, promptChanged, type PanelSelection } from '../store/tweakSlice';

export type SourceItem = { kind: 'input'; image: InputImage } | { kind: 'generated'; image: GeneratedImage };

/** The session an image belongs to: a tweak result's original base, else the image itself. */
export function sessionRootOf(image: GeneratedImage): { kind: TweakImageKind; id: number } {
  if (image.moduleType === 'TWEAK' && image.baseImageId) {
    const type = (image.settingsSnapshot as { baseImageType?: unknown } | null)?.baseImageType;
    return { kind: type === 'input' ? 'input' : 'generated', id: image.baseImageId };
  }
  return { kind: 'generated', id: image.id };
}

/**
 * Spec §2 auto-select: the most recent completed create image, else the most recent input image.
 * Both lists come newest first.
 */
export function autoSelectSource(inputs: InputImage[], creates: GeneratedImage[]): SourceItem | null {
  const create = creates.find((c) => c.status === 'COMPLETED' && c.imageUrl);
  if (create) return { kind: 'generated', image: create };
  const input = inputs.find((i) => i.status === 'COMPLETED');
  return input ? { kind: 'input', image: input } : null;
}

/** Why ?imageId did not open: not a finished image of the caller's. No other image is shown in its place. */
export const imageNotInTweakMessage = (id: number) => `Image ${id} can't be opened in Tweak`;
export const IMAGE_NOT_IN_TWEAK_DETAIL = 'It is not one of your finished images, or it was deleted. Pick a render or an input from the strip.';

/**
 * Finds ?imageId in the tweak module's data. `imageType=input` names an input image; otherwise a
 * render (creates, then tweak results), then, for old links without a type, an input.
 */
export function findImageForParam(
  id: number,
  type: 'input' | 'generated' | null,
  inputs: InputImage[],
  creates: GeneratedImage[],
  tweakImages: GeneratedImage[],
): SourceItem | null {
  const input = () => inputs.find((i) => i.id === id);
  if (type === 'input') {
    const found = input();
    return found ? { kind: 'input', image: found } : null;
  }
  const generated = creates.find((c) => c.id === id) ?? tweakImages.find((t) => t.id === id);
  if (generated) return { kind: 'generated', image: generated };
  const found = type === null ? input() : undefined;
  return found ? { kind: 'input', image: found } : null;
}

const isNotFound = (error: unknown) => typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;

/**
 * Asks the server for ?imageId when the loaded lists do not hold it (older than their first page,
 * or a refine or upscale result): a render first unless `imageType=input`, then, for old links
 * without a type, an input. Only a finished image opens; a 404 is null, other errors are thrown.
 */
export async function lookUpImageForParam(
  id: number,
  type: 'input' | 'generated' | null,
  fetchImage: { generated: (id: number) => Promise<GeneratedImage>; input: (id: number) => Promise<InputImage> },
): Promise<SourceItem | null> {
  if (type !== 'input') {
    try {
      const image = await fetchImage.generated(id);
      return image.status === 'COMPLETED' && image.imageUrl ? { kind: 'generated', image } : null;
    } catch (error) {
      if (!isNotFound(error)) throw error;
      if (type === 'generated') return null;
    }
  }
  try {
    const image = await fetchImage.input(id);
    return image.status === 'COMPLETED' ? { kind: 'input', image } : null;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/**
 * The Tweak screen's data and selection: the thumbnail strip (completed inputs and creates), the
 * tweak results of the current session, the URL parameters, and the three ways to choose the image
 * on the canvas (a strip thumbnail, a result, the URL).
 */
export function useTweakSession() {
  const dispatch = useAppDispatch();
  const [searchParams] = useSearchParams();
  const sources = useGetTweakSourcesQuery();
  const tweakImages = useGetAllTweakImagesQuery();
  const selectedBase = useAppSelector((s) => s.tweak.selectedBase);
  const originalBase = useAppSelector((s) => s.tweak.originalBase);
  const history = useGetTweakHistoryQuery(originalBase ? { baseImageId: originalBase.id, baseImageType: originalBase.kind } : skipToken);
  const [loadPrompt] = useLazyGetTweakPromptQuery();

  const inputs = useMemo(() => (sources.data?.inputImages ?? []).filter((i) => i.status === 'COMPLETED'), [sources.data]);
  const creates = useMemo(() => (sources.data?.createImages ?? []).filter((c) => c.status === 'COMPLETED' && c.imageUrl), [sources.data]);
  const results = useMemo(() => history.data?.variations ?? [], [history.data]);

  /** A thumbnail of the strip: a different base image (everything on the canvas is cleared). */
  // Each selection takes the next number; a result's selection that waited for its image loses
  // to any made meanwhile (a finished result's auto-select must not undo the user's later choice).
  const selections = useRef(0);

  const selectSource = useCallback(
    (item: SourceItem, opts: { keepPrompt?: boolean } = {}) => {
      const selection = (selections.current += 1);
      if (item.kind === 'input') {
        const i = item.image;
        dispatch(baseImageChanged({ base: { kind: 'input', id: i.id, url: i.imageUrl, width: i.dimensions.width, height: i.dimensions.height } }));
      } else {
        const g = item.image;
        dispatch(
          baseImageChanged({
            base: { kind: 'generated', id: g.id, url: g.processedImageUrl ?? g.imageUrl ?? '', width: g.width ?? 0, height: g.height ?? 0 },
            root: sessionRootOf(g),
          }),
        );
      }
      // The saved prompt is loaded only for a tweak result (spec §2); otherwise the box is empty.
      const isResult = item.kind === 'generated' && item.image.moduleType === 'TWEAK';
      if (!opts.keepPrompt) dispatch(promptChanged(''));
      if (isResult && !opts.keepPrompt) {
        loadPrompt({ imageId: item.image.id, imageType: 'generated' })
          .unwrap()
          .then((r) => {
            if (selections.current === selection) dispatch(promptChanged(r.data.prompt));
          })
          .catch(() => undefined);
      }
    },
    [dispatch, loadPrompt],
  );

  /** A completed result: it becomes the image on the canvas; drawn areas are cleared, the rest stays. */
  const selectResult = useCallback(
    async (result: { id: number; url: string; width?: number | null; height?: number | null }, panel?: PanelSelection) => {
      const selection = (selections.current += 1);
      let { width, height } = result;
      if (!width || !height) {
        try {
          const img = await loadImage(result.url);
          width = img.naturalWidth;
          height = img.naturalHeight;
        } catch {
          return;
        }
        if (selections.current !== selection) return;
      }
      dispatch(generationSelected({ base: { kind: 'generated', id: result.id, url: result.url, width, height }, panel }));
      loadPrompt({ imageId: result.id, imageType: 'generated' })
        .unwrap()
        .then((r) => {
          if (r.data.prompt && selections.current === selection) dispatch(promptChanged(r.data.prompt));
        })
        .catch(() => undefined);
    },
    [dispatch, loadPrompt],
  );

  // The URL's image (or the auto-selected one) on each visit and whenever ?imageId changes (Send to
  // Tweak from the gallery over this screen); the URL's tweak parameters once per visit.
  const handledUrl = useRef<string | null>(null);
  const dataReady = (sources.isSuccess || sources.isError) && (tweakImages.isSuccess || tweakImages.isError);
  // A workspace switch (the shell drops the other workspace's ids from the URL) is a new visit: the
  // new workspace's newest image is selected once its lists arrive; a lookup still under way is dropped.
  const teamId = useAppSelector((s) => s.workspace.teamId);
  const shownTeamId = useRef(teamId);
  useEffect(() => {
    if (shownTeamId.current === teamId) return;
    shownTeamId.current = teamId;
    handledUrl.current = null;
  }, [teamId]);
  useEffect(() => {
    const urlKey = `${searchParams.get('imageId') ?? ''}|${searchParams.get('imageType') ?? ''}`;
    if (handledUrl.current === urlKey || !dataReady) return;
    const firstVisit = handledUrl.current === null;
    handledUrl.current = urlKey;
    const params = readTweakParams(searchParams);
    if (!firstVisit && params.imageId === null) return;
    const fromUrl = params.imageId !== null ? findImageForParam(params.imageId, params.imageType, inputs, creates, tweakImages.data?.images ?? []) : null;
    const keep = fromUrl ?? (selectedBase || params.imageId !== null ? null : autoSelectSource(inputs, creates));
    if (keep) selectSource(keep, { keepPrompt: params.prompt !== undefined });
    // A tweak result named in the URL is the panel's selection too.
    const selectPanel = (item: SourceItem) => {
      if (item.kind === 'generated' && item.image.moduleType === 'TWEAK') dispatch(panelSelected({ kind: 'image', id: item.image.id }));
    };
    if (fromUrl) selectPanel(fromUrl);
    if (params.imageId !== null && !fromUrl) {
      // Not in the loaded lists (an older image, or a refine or upscale result): ask the server for it.
      const wanted = params.imageId;
      const selection = selections.current;
      lookUpImageForParam(wanted, params.imageType, {
        generated: (id) => dispatch(imagesApi.endpoints.getGeneratedImage.initiate(id, { subscribe: false })).unwrap(),
        input: (id) => dispatch(imagesApi.endpoints.getInputImage.initiate(id, { subscribe: false })).unwrap(),
      })
        .catch((error: unknown) => {
          // Spec §8: Error loading images, with the detail (the server's message, else Failed to fetch available images).
          toast.error(`${IMAGE_MESSAGES.loadingImagesError}: ${errorMessage(error, IMAGE_MESSAGES.fetchAvailableImagesFailed)}`, { id: 'tweak-images-error' });
          return null;
        })
        .then((found) => {
          // The URL changed or the user picked an image meanwhile: that choice stands.
          if (handledUrl.current !== urlKey || selections.current !== selection) return;
          if (!found) {
            dispatch(imageNotFound(wanted));
            return;
          }
          selectSource(found, { keepPrompt: params.prompt !== undefined });
          selectPanel(found);
        });
    }
    if (!firstVisit) return;
    dispatch(paramsFromUrl(params));
    if (params.fromBatch !== null) dispatch(panelSelected({ kind: 'batch', id: params.fromBatch }));
  }, [creates, dataReady, dispatch, inputs, searchParams, selectSource, selectedBase, tweakImages.data]);

  return { sources, tweakImages, history, inputs, creates, results, selectSource, selectResult };
}
