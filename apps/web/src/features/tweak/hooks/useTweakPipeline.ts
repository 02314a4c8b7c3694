import { useCallback, useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, type NavigateFunction } from 'react-router';
import { useStore } from 'react-redux';
import {
  DEFAULT_TWEAK_NEGATIVE_PROMPT,
  TWEAK_LIMITS,
  TWEAK_MESSAGES,
  tweakFailureAlert,
  type GeneratedImage,
  type LiveMessage,
  type TweakImageKind,
  type TweakOperationResponse,
  type TweakOperationType,
} from '@atelier/contract';
import { generationApi } from '../../../app/api/generation';
import { errorMessage } from '../../../app/api/http';
import {
  tweakApi,
  useAddImageMutation,
  useInpaintMutation,
  useOutpaintMutation,
  useSaveTweakPromptMutation,
  useUploadMaskMutation,
} from '../../../app/api/tweak';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useLiveMessage } from '../../../app/socket/liveListeners';
import type { RootState } from '../../../app/store';
import { toastWithAction } from '../../../components/ui/toast';
import { CREDITS_DEPLETED_MESSAGE, selectWorkspaceCredits } from '../../credits';
import { isExpanded, type Bounds } from '../lib/geometry';
import { renderMaskPng } from '../lib/mask';
import { tweakCost } from '../lib/cost';
import { hasDrawnObjects } from '../lib/objects';
import { loadImage, placementOf } from '../lib/overlay';
import {
  addImageStarted,
  baseImageSelectedSilently,
  placedImagesComposited,
  generatingEnded,
  generatingStarted,
  inpaintStarted,
  operationAwaited,
  operationFinished,
  operationStarted,
  outpaintCompleted,
  outpaintStarted,
  pipelineCleared,
  type InpaintParams,
  type TweakState,
} from '../store/tweakSlice';

/** A finished result the screen selects (its size is read from the image when not known). */
export interface ReadyResult {
  id: number;
  url: string;
  batchId: number;
  operationType: TweakOperationType | null;
  width?: number | null;
  height?: number | null;
}

type FailedStep = 'inpaint' | 'outpaint' | 'add_image';

const failureText = (step: FailedStep, message: string) =>
  step === 'add_image' ? `${TWEAK_MESSAGES.addImageFailed}: ${message}` : tweakFailureAlert(step, message);

function outOfCredits(navigate: NavigateFunction) {
  toastWithAction(CREDITS_DEPLETED_MESSAGE, {
    id: 'tweak-credits',
    tone: 'error',
    duration: 6000,
    actionLabel: 'Upgrade Now',
    onAction: () => navigate('/subscription'),
  });
}

/**
 * The tweak pipeline and generating (spec §4, §5, §8). Outpaint (Generate with the frame dragged
 * beyond the image) is phase 1; when drawn objects and a prompt were on the canvas, phase 2 is an
 * inpaint on the outpaint's result 500 ms after it completes (INPAINT_STARTING, then
 * INPAINT_STARTED). Generate inpaints the drawn objects (the mask drawn here at the image's
 * resolution and uploaded), or first places the added pictures and inpaints on that result.
 * A failure clears the pipeline and the generating flag and shows "Failed to generate inpaint:
 * {message}" (or outpaint). While generating, every 10 s the session's results are read again in
 * case a live message was missed; a debug note is logged after 30 s.
 */
export function useTweakPipeline({ onResultReady }: { onResultReady: (result: ReadyResult, delayMs: number) => void }) {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const navigate = useNavigate();
  const [outpaint] = useOutpaintMutation();
  const [inpaint] = useInpaintMutation();
  const [addImage] = useAddImageMutation();
  const [uploadMask] = useUploadMaskMutation();
  const [savePrompt] = useSaveTweakPromptMutation();
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const readyRef = useRef(onResultReady);
  useEffect(() => {
    readyRef.current = onResultReady;
  });

  const tweak = useCallback((): TweakState => store.getState().tweak, [store]);
  const later = useCallback((fn: () => void, ms: number) => {
    const id = setTimeout(() => {
      timers.current.delete(id);
      fn();
    }, ms);
    timers.current.add(id);
  }, []);
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const id of pending) clearTimeout(id);
      pending.clear();
    };
  }, []);

  const fail = useCallback(
    (step: FailedStep, error: unknown) => {
      const fallback = step === 'inpaint' ? TWEAK_MESSAGES.inpaintFailed : step === 'outpaint' ? TWEAK_MESSAGES.outpaintFailed : TWEAK_MESSAGES.addImageFailed;
      const batchId = tweak().pipeline.batchId;
      if (batchId) dispatch(operationFinished({ batchId, status: 'failed' }));
      dispatch(pipelineCleared());
      dispatch(generatingEnded());
      const status = (error as { status?: unknown } | undefined)?.status;
      if (status === 402) {
        outOfCredits(navigate);
        return;
      }
      toast.error(failureText(step, errorMessage(error, fallback)), { id: 'tweak-failure', duration: 6000 });
    },
    [dispatch, navigate, tweak],
  );

  /** Spec §5: a base image and its url are needed, and enough credits (what the server will charge: tweakCost). */
  const precheck = useCallback(
    (credits: number): boolean => {
      const s = tweak();
      if (!s.selectedBase?.url) {
        toast.error(TWEAK_MESSAGES.noCurrentImage, { id: 'tweak-failure' });
        return false;
      }
      if (!s.selectedBase.id || !s.originalBase) {
        toast.error(TWEAK_MESSAGES.noBaseImage, { id: 'tweak-failure' });
        return false;
      }
      const balance = selectWorkspaceCredits(store.getState());
      if (balance !== null && balance < credits) {
        outOfCredits(navigate);
        return false;
      }
      return true;
    },
    [navigate, store, tweak],
  );

  const baseFields = useCallback(() => {
    const s = tweak();
    const base = s.selectedBase!;
    const root = s.originalBase!;
    return {
      baseImageUrl: base.url,
      originalBaseImageId: root.id,
      originalBaseImageType: root.kind,
      selectedBaseImageId: base.id,
      selectedBaseImageType: base.kind,
    };
  }, [tweak]);

  const recordOperation = useCallback(
    (res: TweakOperationResponse) => {
      dispatch(
        operationStarted({
          id: res.data.batchId,
          type: res.data.operationType,
          data: { batchId: res.data.batchId, imageIds: res.data.imageIds, baseImageId: res.data.baseImageId },
          status: 'processing',
        }),
      );
    },
    [dispatch],
  );

  /** What an inpaint after the first step needs, when objects are drawn and a prompt is given. */
  const captureInpaint = useCallback((frame: Bounds): InpaintParams | null => {
    const s = tweak();
    if (!hasDrawnObjects(s) || !s.prompt.trim()) return null;
    return {
      objects: { rectangleObjects: s.rectangleObjects, brushObjects: s.brushObjects, selectedRegions: s.selectedRegions },
      imageBounds: s.originalImageBounds,
      frame,
      prompt: s.prompt.trim(),
      negativePrompt: s.negativePrompt,
      maskKeyword: s.maskKeyword,
      variations: s.variations,
    };
  }, [tweak]);

  /** Saving the prompt before generating: a failure is a warning only (spec §8). */
  const savePromptQuietly = useCallback(async () => {
    const s = tweak();
    if (!s.selectedBase || !s.prompt.trim()) return;
    try {
      await savePrompt({ inputImageId: s.selectedBase.id, imageType: s.selectedBase.kind, prompt: s.prompt.trim() }).unwrap();
    } catch (error) {
      console.warn(`${TWEAK_MESSAGES.savePromptFailed}:`, errorMessage(error, TWEAK_MESSAGES.savePromptFailed));
    }
  }, [savePrompt, tweak]);

  /** Draws the mask at the target's resolution, uploads it and starts the inpaint. */
  const runInpaint = useCallback(
    async (target: { kind: TweakImageKind; id: number; url: string; width: number; height: number }, params: InpaintParams) => {
      const s = tweak();
      const root = s.originalBase!;
      const blob = await renderMaskPng(params.objects, params.imageBounds, { frame: params.frame, width: target.width, height: target.height });
      const uploaded = await uploadMask(blob).unwrap().catch((error: unknown) => {
        throw new Error(errorMessage(error, TWEAK_MESSAGES.maskUploadFailed));
      });
      if (!uploaded?.success) throw new Error(TWEAK_MESSAGES.maskUploadFailed);
      const res = await inpaint({
        baseImageUrl: target.url,
        maskImageUrl: uploaded.url,
        prompt: params.prompt,
        negativePrompt: params.negativePrompt.trim() || DEFAULT_TWEAK_NEGATIVE_PROMPT,
        ...(params.maskKeyword.trim() ? { maskKeyword: params.maskKeyword.trim() } : {}),
        variations: params.variations,
        originalBaseImageId: root.id,
        originalBaseImageType: root.kind,
        selectedBaseImageId: target.id,
        selectedBaseImageType: target.kind,
      }).unwrap();
      recordOperation(res);
      dispatch(inpaintStarted({ batchId: res.data.batchId }));
    },
    [dispatch, inpaint, recordOperation, tweak, uploadMask],
  );

  /**
   * Phase 1: the outpaint of the expanded frame, started by Generate (dragging an edge only sets
   * the frame), with the outpaint's own prompt.
   */
  const startOutpaint = useCallback(async () => {
    const s = tweak();
    if (s.generating || !isExpanded(s.canvasBounds, s.originalImageBounds)) return;
    if (!precheck(tweakCost(s, 'outpaint').total)) return;
    const inpaintParams = captureInpaint(s.canvasBounds);
    dispatch(generatingStarted(Date.now()));
    try {
      if (inpaintParams) await savePromptQuietly();
      const res = await outpaint({
        ...baseFields(),
        canvasBounds: s.canvasBounds,
        originalImageBounds: s.originalImageBounds,
        variations: s.variations,
        ...(s.outpaintPrompt.trim() ? { prompt: s.outpaintPrompt.trim() } : {}),
      }).unwrap();
      recordOperation(res);
      dispatch(outpaintStarted({ batchId: res.data.batchId, inpaintParams, size: res.data.output }));
    } catch (error) {
      fail('outpaint', error);
    }
  }, [baseFields, captureInpaint, dispatch, fail, outpaint, precheck, recordOperation, savePromptQuietly, tweak]);

  /**
   * Generate: place pictures (then inpaint on the result), or outpaint the expanded frame (then
   * inpaint the drawn objects on its result), or inpaint the drawn objects.
   */
  const generate = useCallback(async () => {
    const s = tweak();
    if (s.generating) return;
    if (s.addedImages.length === 0 && isExpanded(s.canvasBounds, s.originalImageBounds)) {
      await startOutpaint();
      return;
    }
    if (s.addedImages.length === 0 && !hasDrawnObjects(s)) return;
    const base = s.selectedBase;
    if (!precheck(tweakCost(s, 'generate').total) || !base) return;
    if (s.addedImages.length === 0 && !s.prompt.trim()) {
      toast.error(TWEAK_MESSAGES.promptRequired.replace(/^prompt/, 'A prompt'), { id: 'tweak-failure' });
      return;
    }
    dispatch(generatingStarted(Date.now()));
    const step: FailedStep = s.addedImages.length > 0 ? 'add_image' : 'inpaint';
    try {
      await savePromptQuietly();
      const img = await loadImage(base.url);
      const size = { width: img.naturalWidth, height: img.naturalHeight };
      if (s.addedImages.length > 0) {
        const placed = await placementOf(s.addedImages[0], s.originalImageBounds, size.width, size.height);
        const res = await addImage({
          baseImageId: base.id,
          baseImageType: base.kind,
          image: placed.blob,
          position: placed.position,
          size: placed.size,
          rotation: placed.rotation,
          ...(s.prompt.trim() ? { prompt: s.prompt.trim() } : {}),
        }).unwrap();
        recordOperation(res);
        dispatch(addImageStarted({ batchId: res.data.batchId, inpaintParams: captureInpaint(s.originalImageBounds), size: res.data.output }));
        return;
      }
      const params = captureInpaint(s.originalImageBounds)!;
      await runInpaint({ ...base, ...size }, params);
    } catch (error) {
      fail(step, error);
    }
  }, [addImage, captureInpaint, dispatch, fail, precheck, recordOperation, runInpaint, savePromptQuietly, startOutpaint, tweak]);

  /** Regenerate a result from the side panel with the current prompt: the same operation on the same image. */
  const regenerate = useCallback(
    async (image: GeneratedImage) => {
      const s = tweak();
      const snap = (image.settingsSnapshot ?? {}) as Record<string, unknown>;
      const source = snap.source as { type: TweakImageKind; id: number } | undefined;
      const prompt = s.prompt.trim();
      if (s.generating || !prompt || !source || !s.originalBase) return;
      if (!precheck(s.variations)) return;
      const op = image.operationType === 'outpaint' ? 'outpaint' : 'inpaint';
      dispatch(generatingStarted(Date.now()));
      try {
        const common = {
          baseImageUrl: s.selectedBase?.url ?? '',
          originalBaseImageId: s.originalBase.id,
          originalBaseImageType: s.originalBase.kind,
          selectedBaseImageId: source.id,
          selectedBaseImageType: source.type,
          variations: s.variations,
        };
        const res =
          op === 'outpaint'
            ? await outpaint({ ...common, canvasBounds: snap.canvasBounds as Bounds, originalImageBounds: snap.originalImageBounds as Bounds, prompt }).unwrap()
            : await inpaint({
                ...common,
                maskImageUrl: String(snap.maskImageUrl ?? ''),
                prompt,
                negativePrompt: typeof snap.negativePrompt === 'string' ? snap.negativePrompt : DEFAULT_TWEAK_NEGATIVE_PROMPT,
                ...(typeof snap.maskKeyword === 'string' ? { maskKeyword: snap.maskKeyword } : {}),
              }).unwrap();
        recordOperation(res);
        dispatch(operationAwaited({ batchId: res.data.batchId, operationType: res.data.operationType }));
      } catch (error) {
        fail(op, error);
      }
    },
    [dispatch, fail, inpaint, outpaint, precheck, recordOperation, tweak],
  );

  /** A result of the awaited batch is ready: continue the pipeline, or finish and select it. */
  const onCompleted = useCallback(
    (result: ReadyResult) => {
      const s = tweak();
      const p = s.pipeline;
      if (p.batchId !== result.batchId) return;
      dispatch(operationFinished({ batchId: result.batchId, status: 'completed' }));
      if (p.awaiting === 'add_image') dispatch(placedImagesComposited());
      if (p.needsInpaint && p.inpaintParams && (p.awaiting === 'outpaint' || p.awaiting === 'add_image')) {
        const params = p.inpaintParams;
        const size = p.outpaintResultSize;
        // Phase 2 works on the outpaint's result: a silent selection (spec §4), only the base image id
        // changes; the drawn areas, placed pictures and history stay.
        dispatch(baseImageSelectedSilently(result.id));
        dispatch(outpaintCompleted({ imageId: result.id, url: result.url }));
        readyRef.current(result, TWEAK_LIMITS.autoSelectDelayMs);
        later(() => {
          void (async () => {
            try {
              let dims: { width: number; height: number };
              if (size) dims = size;
              else {
                const img = await loadImage(result.url);
                dims = { width: img.naturalWidth, height: img.naturalHeight };
              }
              await runInpaint({ kind: 'generated', id: result.id, url: result.url, width: dims.width, height: dims.height }, params);
            } catch (error) {
              fail('inpaint', error);
            }
          })();
        }, TWEAK_LIMITS.inpaintStartDelayMs);
        return;
      }
      const wasInpaint = p.awaiting === 'inpaint';
      dispatch(pipelineCleared());
      dispatch(generatingEnded());
      readyRef.current(result, wasInpaint ? TWEAK_LIMITS.inpaintAutoSelectDelayMs : TWEAK_LIMITS.autoSelectDelayMs);
    },
    [dispatch, fail, later, runInpaint, tweak],
  );

  const onBatchFailed = useCallback(
    (batchId: number) => {
      const p = tweak().pipeline;
      if (p.batchId !== batchId) return;
      fail(p.awaiting === 'outpaint' ? 'outpaint' : p.awaiting === 'add_image' ? 'add_image' : 'inpaint', new Error(TWEAK_MESSAGES.variationFailed));
    },
    [fail, tweak],
  );

  useLiveMessage((message: LiveMessage) => {
    if (message.type === 'variation_completed' && message.moduleType === 'TWEAK') {
      onCompleted({ id: message.imageId, url: message.url, batchId: message.batchId, operationType: (message.operationType as TweakOperationType | null) ?? null });
    } else if (message.type === 'batch_completed' && message.successfulVariations === 0) {
      onBatchFailed(message.batchId);
    }
  });

  // The 10 s fallback (spec §4), repeated while generating, and the debug note after 30 s.
  const generatingSince = useAppSelector((s) => s.tweak.generatingSince);
  useEffect(() => {
    if (!generatingSince) return;
    let stopped = false;
    const check = async () => {
      const s = tweak();
      if (stopped || !s.generating || !s.originalBase) return;
      const args = { baseImageId: s.originalBase.id, baseImageType: s.originalBase.kind };
      try {
        const history = await dispatch(tweakApi.endpoints.getTweakHistory.initiate(args, { forceRefetch: true, subscribe: false })).unwrap();
        const p = tweak().pipeline;
        const awaited = history.variations.filter((v) => v.batchId === p.batchId);
        const done = awaited.find((v) => v.status === 'COMPLETED' && v.imageUrl);
        if (done) {
          onCompleted({ id: done.id, url: done.imageUrl!, batchId: done.batchId, operationType: done.operationType as TweakOperationType | null, width: done.width, height: done.height });
          return;
        }
        if (p.batchId !== null && awaited.length === 0) {
          // The history lists no failed variation: whether the batch failed is its status.
          const batch = await dispatch(generationApi.endpoints.getBatchStatus.initiate(p.batchId, { forceRefetch: true, subscribe: false })).unwrap();
          if (batch.images.length > 0 && batch.images.every((v) => v.status === 'FAILED')) {
            onBatchFailed(p.batchId);
            return;
          }
        }
        if (p.batchId === null && p.phase === null) {
          // Nothing known to wait for: a result that completed within the last 10 s ends it.
          const recent = history.variations.find((v) => v.status === 'COMPLETED' && v.imageUrl && Date.now() - Date.parse(v.updatedAt) <= TWEAK_LIMITS.fallbackMs);
          if (recent) {
            dispatch(generatingEnded());
            readyRef.current({ id: recent.id, url: recent.imageUrl!, batchId: recent.batchId, operationType: recent.operationType as TweakOperationType | null, width: recent.width, height: recent.height }, 0);
          }
        }
      } catch {
        // Try again at the next round.
      }
    };
    const interval = setInterval(() => void check(), TWEAK_LIMITS.fallbackMs);
    const note = setTimeout(() => {
      if (tweak().generating) console.warn(`Tweak: still generating after ${TWEAK_LIMITS.debugNoteMs / 1000} s`, tweak().pipeline);
    }, TWEAK_LIMITS.debugNoteMs);
    return () => {
      stopped = true;
      clearInterval(interval);
      clearTimeout(note);
    };
  }, [dispatch, generatingSince, onBatchFailed, onCompleted, tweak]);

  return { generate, regenerate };
}
