import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { GENERATION_MESSAGES, storedRenderType, VIEW_SOURCES, type GeneratedImage, type InputImage } from '@atelier/contract';
import { customizationApi } from '../../../app/api/customization';
import { errorMessage } from '../../../app/api/http';
import { imagesApi } from '../../../app/api/images';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useScreenSearchParams } from '../../../lib/useScreenSearchParams';
import { inputImageSelected, queryParamsApplied, renderTypeChanged, settingsLoaded } from '../../customization';
import { AUTO_SELECT_DELAY_MS, autoSelectCandidate } from '../historyOrder';

export type Selection = { kind: 'input'; id: number } | { kind: 'generated'; id: number };

/**
 * showMasks=true opens the prompt modal after 1 s, or 2 s when source is webhook or revit (spec §2)
 * or any other plugin that pushes views (sketchup, rhino, archicad, blender): the view's regions
 * arrive with it, and the extra second lets the image and its masks load first.
 */
export function promptModalDelay(source: string | null): number {
  return (VIEW_SOURCES as readonly string[]).includes(source ?? '') ? 2000 : 1000;
}

const QUERY_SETTINGS = ['prompt', 'creativity', 'expressivity', 'resemblance', 'variations'] as const;

/**
 * What the canvas shows, and the rules of spec §2: the input image of the URL, else the newest;
 * a render completed under 60 s ago is selected once (after 200 ms); a render's input image is
 * found through its batch (cached per batch) and its settings are restored.
 */
export function useCreateSelection({
  inputs,
  inputsReady,
  createImages,
  createReady,
  openPromptModal,
}: {
  inputs: InputImage[];
  inputsReady: boolean;
  createImages: GeneratedImage[];
  createReady: boolean;
  openPromptModal: () => void;
}) {
  const dispatch = useAppDispatch();
  // Create's URL names what it shows; a write never cancels the user's way to another screen (a
  // render auto-selected during the click on Upscale took the user back to /create) and never
  // happens after Create is gone (a render fetched by id arriving late).
  const [params, setParams] = useScreenSearchParams();
  const [selection, setSelection] = useState<Selection | null>(null);

  // Images the URL names that are not on the loaded pages (older ones), fetched by id.
  const [fetched, setFetched] = useState<{ input: InputImage | null; generated: GeneratedImage | null }>({ input: null, generated: null });
  const lookingUpInput = useRef(false);
  const selectedInput =
    selection?.kind === 'input' ? (inputs.find((i) => i.id === selection.id) ?? (fetched.input?.id === selection.id ? fetched.input : null)) : null;
  const selectedGenerated =
    selection?.kind === 'generated'
      ? (createImages.find((i) => i.id === selection.id) ?? (fetched.generated?.id === selection.id ? fetched.generated : null))
      : null;

  // The input image of a render: its batch's settings name it (RTK Query caches them per batch).
  const batchSettings = customizationApi.useGetBatchSettingsQuery(selectedGenerated ? selectedGenerated.batchId : skipToken);
  const baseInputId = selection?.kind === 'input' ? selection.id : (batchSettings.data?.settings.inputImageId ?? null);

  const rememberInUrl = useCallback(
    (inputId: number) => {
      setParams(
        (prev) => {
          if (prev.get('imageId') === String(inputId) && !prev.has('render')) return prev;
          const next = new URLSearchParams(prev);
          next.set('imageId', String(inputId));
          next.delete('showMasks');
          next.delete('render');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  /** Selecting an input image clears mask mappings, context selection, prompt and materials. */
  const selectInput = useCallback(
    (image: Pick<InputImage, 'id'>, { silent = false }: { silent?: boolean } = {}) => {
      setSelection({ kind: 'input', id: image.id });
      if (!silent) dispatch(inputImageSelected());
      rememberInUrl(image.id);
    },
    [dispatch, rememberInUrl],
  );

  /** Selecting a render restores the settings it was made with. */
  const selectGenerated = useCallback(
    (image: Pick<GeneratedImage, 'id'>) => {
      setSelection({ kind: 'generated', id: image.id });
      // The URL names the selected render too: the Tweak link opens it (shell/lib/workLink.ts).
      setParams(
        (prev) => {
          if (prev.get('render') === String(image.id)) return prev;
          const next = new URLSearchParams(prev);
          next.set('render', String(image.id));
          return next;
        },
        { replace: true },
      );
      const request = dispatch(customizationApi.endpoints.getImageSettings.initiate(image.id, { subscribe: false }));
      request
        .unwrap()
        .then((reply) => dispatch(settingsLoaded(reply.settings)))
        .catch((error: unknown) => toast.error(errorMessage(error, GENERATION_MESSAGES.loadImageSettingsFailed)));
    },
    [dispatch, setParams],
  );

  // A workspace switch: nothing of the other workspace stays selected, fetched or named in the URL;
  // the new workspace's newest input is selected once its list arrives.
  const teamId = useAppSelector((s) => s.workspace.teamId);
  const shownTeamId = useRef(teamId);
  useEffect(() => {
    if (shownTeamId.current === teamId) return;
    shownTeamId.current = teamId;
    setSelection(null);
    setFetched({ input: null, generated: null });
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        ['imageId', 'render', 'fromBatch', 'showMasks'].forEach((k) => next.delete(k));
        return next;
      },
      { replace: true },
    );
  }, [teamId, setParams]);

  // Timers outlive re-renders (a cache update must not cancel a pending auto-select); unmounting ends them.
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  // On load: the URL's input image, else the newest; then fromBatch, the query settings and showMasks.
  const initialised = useRef(false);
  useEffect(() => {
    if (initialised.current || !inputsReady) return;
    initialised.current = true;
    const urlId = Number(params.get('imageId'));
    const fromUrl = Number.isInteger(urlId) ? inputs.find((i) => i.id === urlId) : undefined;
    if (!fromUrl && Number.isInteger(urlId) && urlId > 0) {
      // Older than the loaded pages: ask the server for it; the newest is the fallback.
      lookingUpInput.current = true;
      dispatch(imagesApi.endpoints.getInputImage.initiate(urlId, { subscribe: false }))
        .unwrap()
        .then((image) => {
          if (image.status !== 'COMPLETED') throw new Error('unfinished');
          setFetched((f) => ({ ...f, input: image }));
          setSelection((current) => current ?? { kind: 'input', id: image.id });
        })
        .catch(() => setSelection((current) => current ?? (inputs[0] ? { kind: 'input', id: inputs[0].id } : null)))
        .finally(() => {
          lookingUpInput.current = false;
        });
    } else {
      const first = fromUrl ?? inputs[0];
      if (first) setSelection({ kind: 'input', id: first.id });
    }

    const fromQuery = Object.fromEntries(QUERY_SETTINGS.flatMap((k) => (params.has(k) ? [[k, params.get(k)!]] : [])));
    const fromBatch = Number(params.get('fromBatch'));
    if (Number.isInteger(fromBatch) && fromBatch > 0) {
      dispatch(customizationApi.endpoints.getBatchSettings.initiate(fromBatch, { subscribe: false }))
        .unwrap()
        .then((reply) => {
          dispatch(settingsLoaded(reply.settings));
          const batchInput = inputs.find((i) => i.id === reply.settings.inputImageId);
          if (!fromUrl && batchInput) setSelection({ kind: 'input', id: batchInput.id });
        })
        .catch((error: unknown) => toast.error(errorMessage(error, GENERATION_MESSAGES.loadBatchSettingsFailed)))
        .finally(() => dispatch(queryParamsApplied(fromQuery)));
    } else {
      dispatch(queryParamsApplied(fromQuery));
    }

    if (params.get('showMasks') === 'true') timers.current.push(setTimeout(openPromptModal, promptModalDelay(params.get('source'))));
  }, [inputsReady, inputs, params, dispatch, openPromptModal]);

  // The selected input image went away (deleted elsewhere): fall back to the newest.
  useEffect(() => {
    if (!inputsReady || selection?.kind !== 'input' || selectedInput || lookingUpInput.current) return;
    setSelection(inputs[0] ? { kind: 'input', id: inputs[0].id } : null);
  }, [inputsReady, selection, selectedInput, inputs]);
  // Inputs that arrive later (the list was empty): the newest is selected, unless something is already.
  const newestId = inputs[0]?.id ?? null;
  useEffect(() => {
    if (inputsReady && newestId !== null && initialised.current && !lookingUpInput.current) setSelection((current) => current ?? { kind: 'input', id: newestId });
  }, [inputsReady, newestId]);

  // On load (no batch asked for): the render type of the input's newest render, so a refresh keeps the view chosen.
  const renderTypeRestored = useRef(false);
  useEffect(() => {
    if (renderTypeRestored.current || !createReady || selection?.kind !== 'input' || params.has('fromBatch')) return;
    renderTypeRestored.current = true;
    const newest = createImages.filter((i) => i.inputImageId === selection.id).sort((a, b) => b.id - a.id)[0];
    if (newest) dispatch(renderTypeChanged(storedRenderType(newest.settingsSnapshot?.renderType)));
  }, [createReady, selection, createImages, params, dispatch]);

  // A newly completed render (under 60 s old) is selected once, 200 ms after it arrives.
  const handled = useRef<Set<number> | null>(null);
  useEffect(() => {
    if (!createReady) return;
    if (handled.current === null) {
      handled.current = new Set();
      // An image asked for in the URL wins over renders that finished just before the visit.
      if (params.has('imageId') || params.has('fromBatch')) for (const i of createImages) if (i.status === 'COMPLETED') handled.current.add(i.id);
      // A render named in the URL (?render, kept while it is selected) is selected again.
      const named = createImages.find((i) => String(i.id) === params.get('render') && i.status === 'COMPLETED');
      const forgetRender = () =>
        setParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            next.delete('render');
            return next;
          },
          { replace: true },
        );
      const renderId = Number(params.get('render'));
      if (named) timers.current.push(setTimeout(() => selectGenerated(named), 0));
      else if (Number.isInteger(renderId) && renderId > 0) {
        // Older than the loaded pages: ask the server for it (only a finished Create render is selected here).
        dispatch(imagesApi.endpoints.getGeneratedImage.initiate(renderId, { subscribe: false }))
          .unwrap()
          .then((image) => {
            if (image.status !== 'COMPLETED' || image.moduleType !== 'CREATE' || !image.imageUrl) throw new Error('not a finished render');
            setFetched((f) => ({ ...f, generated: image }));
            selectGenerated(image);
          })
          .catch(forgetRender);
      } else if (params.has('render')) forgetRender();
    }
    const candidate = autoSelectCandidate(createImages, handled.current, Date.now());
    if (!candidate) return;
    handled.current.add(candidate.id);
    timers.current.push(setTimeout(() => selectGenerated(candidate), AUTO_SELECT_DELAY_MS));
  }, [createReady, createImages, params, selectGenerated, setParams, dispatch]);

  return useMemo(
    () => ({
      selection,
      selectedInput,
      selectedGenerated,
      baseInputId,
      baseInputLoading: selection?.kind === 'generated' && batchSettings.isFetching,
      selectInput,
      selectGenerated,
    }),
    [selection, selectedInput, selectedGenerated, baseInputId, batchSettings.isFetching, selectInput, selectGenerated],
  );
}
