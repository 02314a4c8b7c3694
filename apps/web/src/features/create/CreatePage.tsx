import { ZoomIn } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { IMAGE_MESSAGES, GENERATION_MESSAGES, type InputImage, type InputImagePass, type PassKind } from '@atelier/contract';
import { flattenCreateImages, useGetCreateImagesInfiniteQuery } from '../../app/api/generation';
import { errorMessage } from '../../app/api/http';
import { useGetInputImagePassesQuery } from '../../app/api/passes';
import { downloadBrandedJpeg, flattenInputImages, inputImageAdded, useGetInputImagesInfiniteQuery } from '../../app/api/images';
import { useLiveMessage } from '../../app/socket/liveListeners';
import { useLiveChannel } from '../../app/socket/useLiveChannel';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { usePageTitle } from '../../lib/usePageTitle';
import { useInspectorToggle } from '../../components/workspace/InspectorPanel';
import { EditInspector, promptChanged, structureFidelityChanged } from '../customization';
import { CanvasMaskLayer, CanvasRegionPanel, RegionPanel, RegionsCard, usePromptRegions, useRestoreSavedRegions } from '../masks';
import { openGallery } from '../gallery';
import { CreateButton } from './components/CreateButton';
import { CreateCanvas, type CanvasImage } from './components/CreateCanvas';
import { CanvasTopBar, ImageActions } from '../../components/workspace/CanvasFrame';
import { UploadWorkspace, uploadStripChrome } from '../../components/workspace/UploadWorkspace';
import { useWorkspaceUpload } from '../../components/workspace/useWorkspaceUpload';
import { HistoryStrip } from './components/HistoryStrip';
import { InputStrip } from './components/InputStrip';
import { PassesCard, PassOverlay } from './components/PassesCard';
import { PromptCard } from './components/PromptCard';
import { PreviewNotes } from './components/PreviewNotes';
import { PromptModal } from './components/PromptModal';
import { historyItems, historySlots, isGenerating } from './historyOrder';
import { useCreateAction } from './hooks/useCreateAction';
import { useCreateSelection } from './hooks/useCreateSelection';
import { useRenderSet } from './hooks/useRenderSet';
import { ViewSetPanel } from './components/ViewSetPanel';

const EMPTY_PASSES: InputImagePass[] = [];

/**
 * /create (spec §2): input images on the left, the edit inspector, the pan and zoom canvas with
 * its gallery, download and Upscale Image buttons, the prompt modal and the History strip.
 */
export function CreatePage() {
  usePageTitle('Create');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const prompt = useAppSelector((s) => s.customization.generatedPrompt);
  const structureFidelity = useAppSelector((s) => s.customization.structureFidelity);
  const customization = useAppSelector((s) => s.customization);

  const inputsQuery = useGetInputImagesInfiniteQuery();
  const inputs = useMemo(() => flattenInputImages(inputsQuery.data), [inputsQuery.data]);
  const createQuery = useGetCreateImagesInfiniteQuery();
  const createImages = useMemo(() => flattenCreateImages(createQuery.data), [createQuery.data]);
  const slots = useMemo(() => historySlots(historyItems(createImages)), [createImages]);
  const generating = isGenerating(createImages);

  const inspector = useInspectorToggle();
  const [promptOpen, setPromptOpen] = useState(false);
  const openPromptModal = useCallback(() => setPromptOpen(true), []);

  const sel = useCreateSelection({
    inputs,
    inputsReady: inputsQuery.isSuccess || inputsQuery.isError,
    createImages,
    createReady: createQuery.isSuccess,
    openPromptModal,
  });
  const { selectInput } = sel;

  const workspace = useWorkspaceUpload(
    useCallback((image: InputImage) => selectInput(image), [selectInput]),
    { added: inputImageAdded },
  );

  const action = useCreateAction({
    selection: sel.selection,
    selectedGenerated: sel.selectedGenerated,
    baseInputId: sel.baseInputId,
    selectInputSilently: useCallback((id: number) => selectInput({ id }, { silent: true }), [selectInput]),
  });

  const [downloading, setDownloading] = useState(false);
  const [loadedSize, setLoadedSize] = useState<{ key: string; width: number; height: number } | null>(null);

  useLiveChannel('generation', sel.baseInputId);
  useLiveChannel('masks', sel.baseInputId);
  useLiveMessage((message) => {
    if (message.type !== 'variation_failed' || !createImages.some((i) => i.id === message.imageId)) return;
    console.warn(`Variation ${message.variationNumber} of batch ${message.batchId} failed:`, message.error);
    toast.error(`${GENERATION_MESSAGES.variationFailed}: variation ${message.variationNumber}. Its credit was refunded.`, { id: `failed-${message.imageId}` });
  });

  const canvasImage: CanvasImage | null = sel.selectedGenerated?.imageUrl
    ? {
        key: `generated-${sel.selectedGenerated.id}`,
        url: sel.selectedGenerated.processedImageUrl ?? sel.selectedGenerated.imageUrl,
        alt: `Render ${sel.selectedGenerated.batchId}, variation ${sel.selectedGenerated.variationNumber}`,
        width: sel.selectedGenerated.width,
        height: sel.selectedGenerated.height,
      }
    : sel.selectedInput
      ? {
          key: `input-${sel.selectedInput.id}`,
          url: sel.selectedInput.imageUrl,
          alt: sel.selectedInput.fileName,
          width: sel.selectedInput.dimensions.width,
          height: sel.selectedInput.dimensions.height,
        }
      : null;

  const shown = sel.selectedGenerated
    ? { kind: 'generated' as const, id: sel.selectedGenerated.id, url: sel.selectedGenerated.imageUrl }
    : sel.selectedInput
      ? { kind: 'input' as const, id: sel.selectedInput.id, url: sel.selectedInput.imageUrl }
      : null;

  // The regions belong to the input image (of the shown render too); generated from its processed url, else its image url
  // (a render's input not among the loaded pages: the render's, of the same geometry).
  const baseInput = sel.selectedInput ?? inputs.find((i) => i.id === sel.baseInputId) ?? null;
  const regionsImageUrl = baseInput ? (baseInput.processedUrl ?? baseInput.imageUrl) : sel.baseInputId ? (canvasImage?.url ?? null) : null;
  const regionsTarget = sel.selectedGenerated ? 'render' : 'input';
  const promptRegions = usePromptRegions({ inputImageId: sel.baseInputId, open: promptOpen });
  useRestoreSavedRegions(sel.selection?.kind === 'input' ? sel.selection.id : null);

  // The view's depth and normal passes (issue 31), one of them laid over the canvas on demand.
  const passes = useGetInputImagePassesQuery(sel.baseInputId ?? skipToken).data ?? EMPTY_PASSES;
  const [passShown, setPassShown] = useState<PassKind | null>(null);
  const overlaidPass = passes.find((p) => p.kind === passShown) ?? null;

  // A pushed view of a set (issue 31): the set's views side by side, and Render set.
  const viewSet = baseInput?.viewSet ?? null;
  const renderSet = useRenderSet(sel.baseInputId);

  const noInputs = inputsQuery.isSuccess && inputs.length === 0;
  const inputsError = inputsQuery.isError ? errorMessage(inputsQuery.error, IMAGE_MESSAGES.fetchInputImagesFailed) : null;
  const historyError = createQuery.isError ? errorMessage(createQuery.error, GENERATION_MESSAGES.variationsFailed) : null;

  const upscale = () => {
    if (!shown?.url) return;
    navigate('/upscale', { state: { imageId: shown.id, imageUrl: shown.url, imageType: shown.kind === 'input' ? 'uploaded' : 'generated' } });
  };

  const download = async () => {
    if (!shown) return;
    setDownloading(true);
    try {
      await downloadBrandedJpeg(shown.kind, shown.id, shown.url);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <UploadWorkspace
      workspace={workspace}
      fileInputTestId="create-file-input"
      inspectorState={inspector}
      emptyCanvas={
        noInputs || (!shown && inputsQuery.isSuccess)
          ? { title: 'Upload an image to create', text: 'A model screenshot, sketch or photo of a building. Drag and drop it here, or browse.' }
          : null
      }
      strip={
        <InputStrip
          inputs={inputs}
          selectedId={sel.selection?.kind === 'input' ? sel.selection.id : null}
          sourceId={sel.selection?.kind === 'generated' ? sel.baseInputId : null}
          onSelect={(image) => selectInput(image)}
          {...uploadStripChrome(workspace, inputsQuery, inputsError)}
        />
      }
      canvas={
        <CreateCanvas
          image={canvasImage}
          insetLeft={inspector.insetLeft}
          onImageSize={(size) => canvasImage && setLoadedSize({ key: canvasImage.key, ...size })}
          imageLayer={
            <>
              <CanvasMaskLayer inputImageId={sel.baseInputId} target={regionsTarget} />
              {overlaidPass ? <PassOverlay pass={overlaidPass} /> : null}
            </>
          }
        >
          {/* Top bar: engine note and what is shown, then the image actions. */}
          <CanvasTopBar
            inspector={inspector}
            engineHint={ENGINE_HINT}
            left={
              <>
                {shown ? <ShownCaption selection={sel} size={loadedSize?.key === canvasImage?.key ? loadedSize : null} /> : null}
                {shown && sel.selectedGenerated ? <PreviewNotes snapshot={sel.selectedGenerated.settingsSnapshot} /> : null}
              </>
            }
            right={
              shown ? (
                <>
                  <ImageActions onGallery={() => dispatch(openGallery('create'))} downloadHint="Download as JPG" downloading={downloading} onDownload={() => void download()} />
                  <button
                    type="button"
                    onClick={upscale}
                    disabled={!shown.url}
                    className="inline-flex h-9 items-center gap-1.5 rounded-lg bg-white px-3.5 text-[13px] font-semibold text-stone-900 shadow-card transition-colors hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white/70 disabled:opacity-50"
                  >
                    <ZoomIn className="size-4" aria-hidden /> Upscale Image
                  </button>
                </>
              ) : null
            }
          />

          {viewSet && shown ? (
            <div className="pointer-events-none absolute bottom-16" style={{ left: inspector.insetLeft + 12 }}>
              <ViewSetPanel
                set={viewSet}
                selectedId={sel.selection?.kind === 'input' ? sel.selection.id : null}
                variations={customization.variations}
                onSelect={(view) => selectInput(view)}
                onRender={() => renderSet.start(viewSet, customization.variations)}
                starting={renderSet.starting}
                activeRenderId={renderSet.activeRenderId(viewSet)}
              />
            </div>
          ) : null}

          {shown ? (
            <div className="pointer-events-none absolute top-14 right-3">
              <CanvasRegionPanel inputImageId={sel.baseInputId} target={regionsTarget} />
            </div>
          ) : null}
        </CreateCanvas>
      }
      inspector={
        <EditInspector
          onMinimise={inspector.minimise}
          prompt={
            <>
              <PromptCard prompt={prompt} onEdit={openPromptModal} />
              <RegionsCard inputImageId={sel.baseInputId} imageUrl={regionsImageUrl} onAssignMaterials={openPromptModal} target={regionsTarget} />
              <PassesCard
                passes={passes}
                shown={overlaidPass?.kind ?? null}
                onShow={setPassShown}
                fidelity={structureFidelity}
                onFidelity={(v) => dispatch(structureFidelityChanged(v))}
              />
            </>
          }
          footer={
            <CreateButton
              onCreate={() => void action.create()}
              disabled={!sel.selection || generating || action.submitting || sel.baseInputLoading}
              submitting={action.submitting}
              generating={generating}
              cost={action.cost}
              credits={action.credits}
              hasEnoughCredits={action.hasEnoughCredits}
            />
          }
        />
      }
      bottom={
        <HistoryStrip
          slots={slots}
          selectedId={sel.selection?.kind === 'generated' ? sel.selection.id : null}
          onSelect={sel.selectGenerated}
          onAddVariation={(batchId) => void action.addVariation(batchId)}
          addingVariation={action.addingVariation}
          loading={createQuery.isLoading}
          error={historyError}
          hasMore={createQuery.hasNextPage}
          onLoadMore={() => {
            if (!createQuery.isFetchingNextPage) void createQuery.fetchNextPage();
          }}
        />
      }
      extra={
        <PromptModal
          open={promptOpen}
          onOpenChange={setPromptOpen}
          prompt={sel.baseInputId ? promptRegions.prompt : prompt}
          onSave={(text) => {
            // With an input image, Save also stores its regions' materials, prompt materials and prompt (spec §5).
            if (sel.baseInputId) return promptRegions.save(text);
            dispatch(promptChanged(text));
          }}
          hasInputImage={!!sel.baseInputId}
          aiPrompt={sel.baseInputId ? promptRegions.writeAiPrompt : null}
          aiPromptBusy={promptRegions.writing}
          regions={sel.baseInputId ? <RegionPanel state={promptRegions} imageUrl={regionsImageUrl} /> : undefined}
          saving={promptRegions.saving}
          error={promptRegions.error}
        />
      }
    />
  );
}

/** Honesty: with the CPU engine, renders are image processing, not a diffusion model. */
const ENGINE_HINT = (
  <>
    <p className="font-semibold text-white">Renders use the CPU preview engine</p>
    <p className="mt-1">
      It is honest image processing, not a diffusion model: colour grading for light and weather, sky replacement, material textures composited
      into regions with the original shading, and drawn art styles.
    </p>
    <p className="mt-1">It does not paint what a prompt describes. Each render lists what it changed under “What changed”.</p>
    <p className="mt-2">
      For AI renders, connect a GPU engine: start the server with <code className="rounded bg-white/10 px-1 text-white">ENGINE=comfyui</code> (and
      COMFYUI_URL) or <code className="rounded bg-white/10 px-1 text-white">ENGINE=runpod</code> (with RUNPOD_API_KEY and RUNPOD_ENDPOINT_ID).
    </p>
  </>
);

function ShownCaption({ selection, size: loaded }: { selection: ReturnType<typeof useCreateSelection>; size: { width: number; height: number } | null }) {
  const { selectedGenerated, selectedInput } = selection;
  const text = selectedGenerated
    ? `Render ${selectedGenerated.batchId} · Variation ${selectedGenerated.variationNumber}`
    : selectedInput
      ? `Input · ${selectedInput.fileName}`
      : null;
  const dims = loaded ?? (selectedGenerated?.width && selectedGenerated.height ? { width: selectedGenerated.width, height: selectedGenerated.height } : selectedInput?.dimensions ?? null);
  const size = dims ? `${dims.width} × ${dims.height}` : null;
  if (!text) return null;
  return (
    <span className="inline-flex h-7 max-w-[22rem] items-center gap-2 truncate rounded-full bg-stone-900/70 px-3 text-xs text-white/80 backdrop-blur">
      <span className="truncate font-medium text-white/90">{text}</span>
      {size ? <span className="shrink-0 tabular-nums text-white/50">{size}</span> : null}
    </span>
  );
}
