import { skipToken } from '@reduxjs/toolkit/query';
import clsx from 'clsx';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useLocation } from 'react-router';
import { REFINE_MESSAGES, type InputImage } from '@atelier/contract';
import { errorMessage } from '../../app/api/http';
import { downloadBrandedJpeg } from '../../app/api/images';
import { refineInputAdded, useGetRefineOperationsQuery } from '../../app/api/refine';
import { useLiveMessage } from '../../app/socket/liveListeners';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { usePageTitle } from '../../lib/usePageTitle';
import { openGallery } from '../gallery';
import { CanvasTopBar, ImageActions } from '../../components/workspace/CanvasFrame';
import { UploadWorkspace } from '../../components/workspace/UploadWorkspace';
import { useWorkspaceUpload } from '../../components/workspace/useWorkspaceUpload';
import { RefineCanvas, type CanvasLayer } from './components/RefineCanvas';
import { RefineImageStrip } from './components/RefineImageStrip';
import { useInspectorToggle } from '../../components/workspace/InspectorPanel';
import { RefineInspector } from './components/RefineInspector';
import { RefinePromptModal } from './components/RefinePromptModal';
import { useDelayedModal } from './hooks/useDelayedModal';
import { ResultsStrip } from './components/ResultsStrip';
import { useNavigationImage } from './hooks/useNavigationImage';
import { useRefineAction } from './hooks/useRefineAction';
import { useRefineChoices } from './hooks/useRefineChoices';
import { useRefineSettingsSync } from './hooks/useRefineSettingsSync';
import { COMPLETION_FALLBACK_MS, describeResult, isProcessing, outputSummary, shownResult, stripOperations } from './refineLogic';
import {
  choiceKey,
  errorCleared,
  imageChosen,
  operationsFetchStarted,
  PINNED_STORAGE_KEY,
  pinnedUrlRefreshed,
  resultChosen,
  settingChanged,
  settingsReset,
  variationsChanged,
  viewModeChanged,
  type RefineViewMode,
} from './store/refineSlice';

/** Spec §9: a completed result is selected 200 ms after its live message. */
const AUTO_SELECT_DELAY_MS = 200;

/**
 * /upscale and /refine (spec §2): the images to refine on the left (from Create, and uploads with
 * uploadSource REFINE_MODULE), the edit inspector, the pan and zoom canvas with the refined
 * result, the original or a before/after slider, the prompt modal, and the results strip.
 */
export function RefinePage() {
  const { pathname } = useLocation();
  const title = pathname.startsWith('/refine') ? 'Refine' : 'Upscale';
  usePageTitle(title);
  const dispatch = useAppDispatch();
  const refine = useAppSelector((s) => s.refine);
  const { selected, pinned, viewMode } = refine;
  const selectedKey = choiceKey(selected);

  const pendingNavigation = useNavigationImage();
  useEffect(() => {
    try {
      window.sessionStorage.setItem(PINNED_STORAGE_KEY, JSON.stringify(pinned));
    } catch {
      // Private mode: the strip simply forgets them on reload.
    }
  }, [pinned]);
  const settingsSync = useRefineSettingsSync();

  // ---- the images to refine ----
  const choices = useRefineChoices(pinned);
  const stripImages = useMemo(() => choices.sections.flatMap((section) => section.images), [choices.sections]);
  const uploadsReady = choices.ready;

  // Spec §2: the newest item is selected when the images load and none is.
  const firstKey = stripImages[0]?.key;
  useEffect(() => {
    if (selected || pendingNavigation || !uploadsReady || !firstKey) return;
    const first = stripImages[0];
    dispatch(imageChosen({ imageId: first.imageId, imageType: first.imageType }));
  }, [selected, pendingNavigation, uploadsReady, firstKey, stripImages, dispatch]);

  // ---- results ----
  const opsQuery = useGetRefineOperationsQuery(selected ?? skipToken);
  const current = opsQuery.currentData;
  const operations = useMemo(() => stripOperations(current?.operations ?? []), [current]);
  const { refetch } = opsQuery;
  // Spec §4: choosing an image flags that its operations are fetched (fresh, not only from the cache).
  useEffect(() => {
    if (!refine.shouldFetchOperations || !selected) return;
    dispatch(operationsFetchStarted());
    if (current) void refetch();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the flag is raised
  }, [refine.shouldFetchOperations]);

  // Spec §4: a 10 s fallback reloads the results while some are still being made (lost live messages).
  const processing = isProcessing(operations);
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => void refetch(), COMPLETION_FALLBACK_MS);
    return () => clearInterval(timer);
  }, [processing, refetch]);

  const operationIds = useRef(new Set<number>());
  operationIds.current = new Set(operations.map((o) => o.id));
  useLiveMessage((message) => {
    if (message.type === 'variation_failed' && operationIds.current.has(message.imageId)) {
      // The failed variation leaves the strip; its batch's status says so once, with the refund.
      toast.error(`${REFINE_MESSAGES.variationFailed}: variation ${message.variationNumber}. Its credit was refunded.`, { id: `failed-${message.imageId}` });
      return;
    }
    if (message.type !== 'variation_completed' || message.moduleType !== 'REFINE' || !operationIds.current.has(message.imageId)) return;
    setTimeout(() => {
      dispatch(resultChosen(message.imageId));
      dispatch(viewModeChanged('generated'));
    }, AUTO_SELECT_DELAY_MS);
  });

  const result = shownResult(operations, refine.selectedResultId);
  const source = current?.source ?? null;
  // Signed URLs expire: a pinned image takes the fresh thumbnail its operations came with.
  const freshThumb = source?.thumbnailUrl ?? source?.imageUrl ?? null;
  const pinnedHere = pinned.some((p) => choiceKey(p) === selectedKey && p.imageUrl !== freshThumb);
  useEffect(() => {
    if (source && freshThumb && pinnedHere) dispatch(pinnedUrlRefreshed({ imageId: source.imageId, imageType: source.imageType, imageUrl: freshThumb }));
  }, [source, freshThumb, pinnedHere, dispatch]);
  const selectedUpload = selected?.imageType === 'uploaded' ? choices.inputById(selected.imageId) : undefined;
  const selectedPin = pinned.find((p) => choiceKey(p) === selectedKey);
  const sourceUrl = source?.imageUrl ?? selectedUpload?.imageUrl ?? selectedPin?.imageUrl ?? null;
  const sourceSize = source ? { width: source.width, height: source.height } : selectedUpload ? selectedUpload.dimensions : null;

  const before: CanvasLayer | null = sourceUrl
    ? { url: sourceUrl, width: sourceSize?.width ?? null, height: sourceSize?.height ?? null, alt: source?.name ?? 'The original image' }
    : null;
  const after: CanvasLayer | null = result?.resultImageUrl
    ? { url: result.processedImageUrl ?? result.resultImageUrl, width: result.width, height: result.height, alt: `Refined result ${result.batchId}, variation ${result.variationNumber}` }
    : null;

  const output = outputSummary(sourceSize, refine.settings, selected?.imageType === 'generated' ? 'render' : 'image');
  const action = useRefineAction(sourceUrl);

  // ---- upload ----
  const workspace = useWorkspaceUpload(
    useCallback((image: InputImage) => dispatch(imageChosen({ imageId: image.id, imageType: 'uploaded' })), [dispatch]),
    { uploadSource: 'REFINE_MODULE', added: refineInputAdded, rejectNonImages: true },
  );

  const inspector = useInspectorToggle();
  // A canvas click opens the prompt modal after the spec's 100 ms modal delay.
  const { open: promptOpen, setOpen: setPromptOpen, openSoon: openPromptSoon } = useDelayedModal();
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      if (after && result) await downloadBrandedJpeg('generated', result.id, result.resultImageUrl);
      else if (selected && sourceUrl) await downloadBrandedJpeg(selected.imageType === 'generated' ? 'generated' : 'input', selected.imageId, sourceUrl);
    } finally {
      setDownloading(false);
    }
  };

  const noImages = uploadsReady && stripImages.length === 0 && !selected;
  const opsError = opsQuery.isError ? errorMessage(opsQuery.error, REFINE_MESSAGES.fetchOperationsFailed) : null;
  const processingCount = operations.filter((o) => o.status === 'PROCESSING').length;
  const canGenerate = !!selected && !!sourceUrl && !!output && !output.tooLarge && !settingsSync.loading && !action.submitting;
  const shownMode: RefineViewMode = after ? viewMode : 'original';

  return (
    <UploadWorkspace
      workspace={workspace}
      fileInputTestId="refine-file-input"
      inspectorState={inspector}
      emptyCanvas={
        noImages
          ? {
              title: 'Upload an image to refine',
              text: 'Drag and drop it here, or click to browse. Then upscale it up to 4× with more clarity and detail.',
              wholeZone: true,
            }
          : null
      }
      strip={
        <RefineImageStrip
          sections={choices.sections}
          selectedKey={selectedKey}
          onSelect={(image) => dispatch(imageChosen({ imageId: image.imageId, imageType: image.imageType }))}
          onUploadClick={workspace.browse}
          upload={workspace.upload}
          {...choices.strip}
        />
      }
      canvas={
        <RefineCanvas
          viewKey={selectedKey ? `${selectedKey}:${result?.id ?? 'original'}` : null}
          before={before}
          after={after}
          mode={shownMode}
          insetLeft={inspector.insetLeft}
          onImageClick={openPromptSoon}
        >
          <CanvasTopBar
            inspector={inspector}
            engineHint={ENGINE_HINT}
            left={
              <>
                {before ? (
                  <span data-canvas-ui className="inline-flex h-7 min-w-0 items-center gap-1.5 truncate rounded-full border border-white/10 bg-stone-900/70 px-2.5 text-xs text-white/80 backdrop-blur" data-testid="refine-caption">
                    {after && shownMode !== 'original' && result ? `Refined · ${describeResult(result)}` : `Original${sourceSize ? ` · ${sourceSize.width.toLocaleString('en-US')} × ${sourceSize.height.toLocaleString('en-US')}` : ''}`}
                  </span>
                ) : null}
                {processingCount > 0 ? (
                  <span data-canvas-ui role="status" className="inline-flex h-7 items-center gap-2 rounded-full border border-brand-300/30 bg-brand-500/20 px-2.5 text-xs font-medium text-brand-100 backdrop-blur">
                    <span className="size-3 animate-spin rounded-full border-2 border-brand-200/30 border-t-brand-100" aria-hidden />
                    Refining {processingCount} variation{processingCount === 1 ? '' : 's'}
                  </span>
                ) : null}
              </>
            }
            right={
              before ? (
                <>
                  {after ? <ViewModeSwitch value={viewMode} onChange={(m) => dispatch(viewModeChanged(m))} /> : null}
                  <ImageActions
                    onGallery={() => dispatch(openGallery('refine'))}
                    downloadHint={after ? 'Download the result as JPG' : 'Download the original as JPG'}
                    downloading={downloading}
                    onDownload={() => void download()}
                  />
                </>
              ) : null
            }
          />
        </RefineCanvas>
      }
      inspector={
        <RefineInspector
          title={title}
          settings={refine.settings}
          variations={refine.variations}
          output={output}
          onChange={(patch) => dispatch(settingChanged(patch))}
          onVariations={(n) => dispatch(variationsChanged(n))}
          onReset={() => dispatch(settingsReset())}
          onMinimise={inspector.minimise}
          onGenerate={() => void action.generate()}
          canGenerate={canGenerate}
          submitting={action.submitting}
          processing={processingCount > 0}
          credits={action.credits}
          error={refine.error}
          onDismissError={() => dispatch(errorCleared())}
        />
      }
      bottom={
        <ResultsStrip
          operations={operations}
          selectedId={result?.id ?? null}
          onSelect={(op) => dispatch(resultChosen(op.id))}
          loading={opsQuery.isLoading}
          error={opsError}
          hasImage={!!selected}
        />
      }
      extra={<RefinePromptModal open={promptOpen} onOpenChange={setPromptOpen} source={source} result={after ? result : null} />}
    />
  );
}

/** Honesty: with the CPU engine the refine is image processing (Lanczos, local contrast, sharpening), not a model. */
const ENGINE_HINT =
  'Refining on the CPU preview engine: Lanczos upscaling, local contrast, detail and sharpening, and colour matching. Connect a GPU engine (ENGINE=comfyui or runpod) for model upscaling.';

const VIEW_MODES: Array<{ value: RefineViewMode; label: string }> = [
  { value: 'original', label: 'Original' },
  { value: 'generated', label: 'Refined' },
  { value: 'compare', label: 'Compare' },
];

/** Original / Refined / Compare (spec §2: the view mode defaults to generated). */
function ViewModeSwitch({ value, onChange }: { value: RefineViewMode; onChange: (mode: RefineViewMode) => void }) {
  return (
    <div role="radiogroup" aria-label="View" className="flex h-9 items-center rounded-lg border border-white/10 bg-stone-900/80 p-0.5 backdrop-blur">
      {VIEW_MODES.map((m) => (
        <button
          key={m.value}
          type="button"
          role="radio"
          aria-checked={value === m.value}
          onClick={() => onChange(m.value)}
          className={clsx(
            'h-8 rounded-md px-3 text-xs font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white/60',
            value === m.value ? 'bg-white text-stone-900' : 'text-white/75 hover:text-white',
          )}
        >
          {m.label}
        </button>
      ))}
    </div>
  );
}
