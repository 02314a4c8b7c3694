import { skipToken } from '@reduxjs/toolkit/query';
import clsx from 'clsx';
import { Cpu, Download, Images, PanelLeftOpen, Upload } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { IMAGE_MESSAGES, IMAGE_UPLOAD_LIMITS, REFINE_MESSAGES, type InputImage } from '@atelier/contract';
import { useGetEngineQuery } from '../../app/api/generation';
import { errorMessage } from '../../app/api/http';
import { downloadBrandedJpeg } from '../../app/api/images';
import { flattenInputImages } from '../../app/api/images';
import { refineInputAdded, useGetRefineInputsInfiniteQuery, useGetRefineOperationsQuery } from '../../app/api/refine';
import { useLiveMessage } from '../../app/socket/liveListeners';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useImageDrop } from '../../components/upload/useImageDrop';
import { useImageUpload } from '../../components/upload/useImageUpload';
import { usePageTitle } from '../../lib/usePageTitle';
import { openGallery } from '../gallery';
import { Hint } from './components/Hint';
import { RefineCanvas, type CanvasLayer } from './components/RefineCanvas';
import { RefineDropZone } from './components/RefineDropZone';
import { RefineImageStrip, type StripImage } from './components/RefineImageStrip';
import { REFINE_INSPECTOR_WIDTH, RefineInspector } from './components/RefineInspector';
import { RefinePromptModal } from './components/RefinePromptModal';
import { ResultsStrip } from './components/ResultsStrip';
import { useNavigationImage } from './hooks/useNavigationImage';
import { useRefineAction } from './hooks/useRefineAction';
import { useRefineSettingsSync } from './hooks/useRefineSettingsSync';
import { COMPLETION_FALLBACK_MS, describeResult, isProcessing, outputSummary, shownResult } from './refineLogic';
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
  const inputsQuery = useGetRefineInputsInfiniteQuery();
  const uploads = useMemo(() => flattenInputImages(inputsQuery.data), [inputsQuery.data]);
  const stripImages = useMemo<StripImage[]>(() => {
    const pinnedKeys = new Set(pinned.map((p) => choiceKey(p)));
    return [
      ...pinned.map((p) => ({
        key: choiceKey(p)!,
        imageId: p.imageId,
        imageType: p.imageType,
        thumbnailUrl: p.imageUrl,
        title: p.imageType === 'generated' ? `Render ${p.imageId} from Create` : `Input image ${p.imageId} from Create`,
        fromCreate: true,
      })),
      ...uploads
        .filter((u) => !pinnedKeys.has(`uploaded:${u.id}`))
        .map((u) => ({ key: `uploaded:${u.id}`, imageId: u.id, imageType: 'uploaded' as const, thumbnailUrl: u.thumbnailUrl ?? u.imageUrl, title: u.fileName, fromCreate: false })),
    ];
  }, [pinned, uploads]);
  const uploadsReady = inputsQuery.isSuccess || inputsQuery.isError;

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
  const operations = useMemo(() => current?.operations ?? [], [current]);
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
  const selectedUpload = selected?.imageType === 'uploaded' ? uploads.find((u) => u.id === selected.imageId) : undefined;
  const selectedPin = pinned.find((p) => choiceKey(p) === selectedKey);
  const sourceUrl = source?.imageUrl ?? selectedUpload?.imageUrl ?? selectedPin?.imageUrl ?? null;
  const sourceSize = source ? { width: source.width, height: source.height } : selectedUpload ? selectedUpload.dimensions : null;

  const before: CanvasLayer | null = sourceUrl
    ? { url: sourceUrl, width: sourceSize?.width ?? null, height: sourceSize?.height ?? null, alt: source?.name ?? 'The original image' }
    : null;
  const after: CanvasLayer | null = result?.resultImageUrl
    ? { url: result.processedImageUrl ?? result.resultImageUrl, width: result.width, height: result.height, alt: `Refined result ${result.batchId}, variation ${result.variationNumber}` }
    : null;

  const output = outputSummary(sourceSize, refine.settings);
  const action = useRefineAction(sourceUrl);

  // ---- upload ----
  const upload = useImageUpload(
    useCallback((image: InputImage) => dispatch(imageChosen({ imageId: image.id, imageType: 'uploaded' })), [dispatch]),
    { uploadSource: 'REFINE_MODULE', added: refineInputAdded },
  );
  const fileInput = useRef<HTMLInputElement>(null);
  const browse = () => fileInput.current?.click();
  const drop = useImageDrop((file) => void upload.upload(file), upload.reject, upload.uploading);

  const [inspectorOpen, setInspectorOpen] = useState(true);
  const [promptOpen, setPromptOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const insetLeft = inspectorOpen ? REFINE_INSPECTOR_WIDTH : 0;

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
  const inputsError = inputsQuery.isError ? errorMessage(inputsQuery.error, IMAGE_MESSAGES.fetchBySourceFailed) : null;
  const opsError = opsQuery.isError ? errorMessage(opsQuery.error, REFINE_MESSAGES.fetchOperationsFailed) : null;
  const processingCount = operations.filter((o) => o.status === 'PROCESSING').length;
  const canGenerate = !!selected && !!sourceUrl && !!output && !output.tooLarge && !settingsSync.loading && !action.submitting;
  const shownMode: RefineViewMode = after ? viewMode : 'original';

  return (
    <Tooltip.Provider delayDuration={250}>
      <div className="flex min-h-0 flex-1">
        <RefineImageStrip
          images={stripImages}
          selectedKey={selectedKey}
          onSelect={(image) => dispatch(imageChosen({ imageId: image.imageId, imageType: image.imageType }))}
          onUploadClick={browse}
          upload={upload}
          loading={inputsQuery.isLoading}
          error={inputsError}
          hasMore={inputsQuery.hasNextPage}
          onLoadMore={() => void inputsQuery.fetchNextPage()}
        />
        <input
          ref={fileInput}
          type="file"
          accept={`image/*,${IMAGE_UPLOAD_LIMITS.accept}`}
          className="hidden"
          data-testid="refine-file-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void upload.upload(file);
          }}
        />

        <div className="flex min-w-0 flex-1 flex-col">
          <div className="relative min-h-0 flex-1 overflow-hidden" {...drop.handlers}>
            <RefineCanvas
              viewKey={selectedKey ? `${selectedKey}:${result?.id ?? 'original'}` : null}
              before={before}
              after={after}
              mode={shownMode}
              insetLeft={insetLeft}
              onImageClick={() => setPromptOpen(true)}
            >
              <div className="pointer-events-none absolute top-3 right-3 flex items-start justify-between gap-3 transition-[left] duration-300" style={{ left: insetLeft + 12 }}>
                <div className="pointer-events-auto flex min-w-0 flex-wrap items-center gap-2">
                  {!inspectorOpen ? (
                    <button type="button" data-canvas-ui onClick={() => setInspectorOpen(true)} className={pillButton}>
                      <PanelLeftOpen className="size-4" aria-hidden /> Edit Inspector
                    </button>
                  ) : null}
                  <PreviewEngineBadge />
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
                </div>
                {before ? (
                  <div data-canvas-ui className="pointer-events-auto flex shrink-0 items-center gap-1.5">
                    {after ? <ViewModeSwitch value={viewMode} onChange={(m) => dispatch(viewModeChanged(m))} /> : null}
                    <Hint label="Open the gallery">
                      <button type="button" aria-label="Gallery" onClick={() => dispatch(openGallery('refine'))} className={darkButton}>
                        <Images className="size-4" />
                      </button>
                    </Hint>
                    <Hint label={after ? 'Download the result as JPG' : 'Download the original as JPG'}>
                      <button type="button" aria-label="Download" aria-busy={downloading || undefined} disabled={downloading} onClick={() => void download()} className={darkButton}>
                        {downloading ? <span className="size-4 animate-spin rounded-full border-2 border-white/30 border-t-white" aria-hidden /> : <Download className="size-4" />}
                      </button>
                    </Hint>
                  </div>
                ) : null}
              </div>

              {noImages ? (
                <div className="absolute inset-0 flex items-center justify-center transition-[padding] duration-300" style={{ paddingLeft: insetLeft }}>
                  <RefineDropZone upload={upload} isOver={drop.isOver} onBrowse={browse} />
                </div>
              ) : null}

              {drop.isOver && !noImages ? (
                <div className="pointer-events-none absolute inset-3 flex items-center justify-center rounded-2xl border-2 border-dashed border-brand-400 bg-brand-500/10" style={{ left: insetLeft + 12 }}>
                  <span className="inline-flex items-center gap-2 rounded-xl bg-stone-900/85 px-4 py-2.5 text-sm font-medium text-white">
                    <Upload className="size-4" aria-hidden /> Drop to upload
                  </span>
                </div>
              ) : null}
            </RefineCanvas>

            <div
              className={clsx('absolute inset-y-0 left-0 z-10 transition-transform duration-300 ease-out', inspectorOpen ? 'translate-x-0' : '-translate-x-full')}
              aria-hidden={!inspectorOpen || undefined}
              inert={!inspectorOpen}
            >
              <RefineInspector
                title={title}
                settings={refine.settings}
                variations={refine.variations}
                output={output}
                onChange={(patch) => dispatch(settingChanged(patch))}
                onVariations={(n) => dispatch(variationsChanged(n))}
                onReset={() => dispatch(settingsReset())}
                onMinimise={() => setInspectorOpen(false)}
                onGenerate={() => void action.generate()}
                canGenerate={canGenerate}
                submitting={action.submitting}
                processing={processingCount > 0}
                credits={action.credits}
                error={refine.error}
                onDismissError={() => dispatch(errorCleared())}
              />
            </div>
          </div>

          <ResultsStrip
            operations={operations}
            selectedId={result?.id ?? null}
            onSelect={(op) => dispatch(resultChosen(op.id))}
            loading={opsQuery.isLoading}
            error={opsError}
            hasImage={!!selected}
          />
        </div>
      </div>

      <RefinePromptModal open={promptOpen} onOpenChange={setPromptOpen} source={source} result={after ? result : null} />
    </Tooltip.Provider>
  );
}

const darkButton =
  'flex size-9 items-center justify-center rounded-lg border border-white/10 bg-stone-900/80 text-white/85 backdrop-blur transition-colors hover:bg-stone-800 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white/60 disabled:opacity-50';
const pillButton =
  'inline-flex h-8 items-center gap-1.5 rounded-lg border border-white/10 bg-stone-900/80 px-2.5 text-xs font-medium text-white/90 backdrop-blur hover:bg-stone-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white/60';

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

/** Honesty: with the CPU engine the refine is image processing (Lanczos, local contrast, sharpening), not a model. */
function PreviewEngineBadge() {
  const { data } = useGetEngineQuery();
  if (!data?.isPreview) return null;
  return (
    <Hint label="Refining on the CPU preview engine: Lanczos upscaling, local contrast, detail and sharpening, and colour matching. Connect a GPU engine (ENGINE=comfyui or runpod) for model upscaling." align="start">
      <span data-canvas-ui tabIndex={0} className="inline-flex h-7 items-center gap-1.5 rounded-full border border-amber-300/30 bg-amber-400/10 px-2.5 text-xs font-medium text-amber-200 backdrop-blur">
        <Cpu className="size-3.5" aria-hidden /> Preview engine (CPU)
      </span>
    </Hint>
  );
}
