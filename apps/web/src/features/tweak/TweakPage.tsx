import { useCallback, useMemo, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { IMAGE_MESSAGES, IMAGE_UPLOAD_LIMITS, TWEAK_LIMITS, TWEAK_MESSAGES, TWEAK_PHASE_LABELS, type GeneratedImage, type TweakTool } from '@atelier/contract';
import { errorMessage } from '../../app/api/http';
import { downloadBrandedJpeg, uploadInputImage } from '../../app/api/images';
import { tweakApi, useCreateInputFromTweakMutation } from '../../app/api/tweak';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { usePageTitle } from '../../lib/usePageTitle';
import { useWorkspaceCredits } from '../credits';
import { CanvasTopBar } from './components/CanvasTopBar';
import { CanvasHint } from './components/CanvasHint';
import { ResultsStrip } from './components/ResultsStrip';
import { SidePanel } from './components/SidePanel';
import { SourceStrip } from './components/SourceStrip';
import type { StripUpload } from '../../components/workspace/ImageStrip';
import { HiddenFileInput } from '../../components/workspace/CanvasUpload';
import { WorkspaceLayout } from '../../components/workspace/WorkspaceLayout';
import { ToolRail } from './components/ToolRail';
import { TweakCanvas } from './components/TweakCanvas';
import { TweakToolbar } from './components/TweakToolbar';
import { useAutoSelect } from './hooks/useAutoSelect';
import { useTweakPipeline, type ReadyResult } from './hooks/useTweakPipeline';
import { useTweakSession } from './hooks/useTweakSession';
import { useTweakShortcuts } from './hooks/useTweakShortcuts';
import { isExpanded } from './lib/geometry';
import { fitInBox, loadImage } from './lib/overlay';
import { tweakCost } from './lib/cost';
import { countObjects, hasDrawnObjects, objectId } from './lib/objects';
import { groupResults } from './lib/results';
import { canRedo, canUndo } from './store/history';
import {
  brushSizeChanged,
  canvasBoundsReset,
  imageAdded,
  objectsCleared,
  panelSelected,
  outpaintPromptChanged,
  promptChanged,
  redo,
  toolChanged,
  undo,
  variationsChanged,
  viewChanged,
  viewReset,
} from './store/tweakSlice';

/** Add image places one picture per Generate (it is composited, then the next can be added). */
const TWEAK_ONE_PICTURE = 'One picture at a time: Generate places this one, or remove it with Cut, before adding another.';

/**
 * /edit and /tweak (spec §2 Tweak): the thumbnail strip of inputs and renders, the drawing canvas
 * with its tool rail, the prompt toolbar with Generate, the strip of tweak results and the side
 * panel of the selected result or batch.
 */
export function TweakPage() {
  usePageTitle('Tweak');
  const dispatch = useAppDispatch();
  const t = useAppSelector((s) => s.tweak);
  const session = useTweakSession();
  const { selectResult, selectSource } = session;

  const autoSelect = useAutoSelect((result: ReadyResult) => void selectResult(result));
  const onResultReady = autoSelect.schedule;
  // What the user picks wins over a finished result still waiting for its auto-select delay.
  const chooseSource = (...args: Parameters<typeof selectSource>) => {
    autoSelect.cancel();
    selectSource(...args);
  };
  const chooseResult = (image: GeneratedImage) => {
    if (!image.imageUrl) return;
    autoSelect.cancel();
    void selectResult({ id: image.id, url: image.processedImageUrl ?? image.imageUrl, width: image.width, height: image.height });
  };
  const pipeline = useTweakPipeline({ onResultReady });

  // ---- add image: a file picker, the picture fitted (its proportions kept) into 200 × 200 at 400,300 ----
  const pictureInput = useRef<HTMLInputElement>(null);
  const onTool = useCallback(
    (tool: TweakTool) => {
      if (tool === 'addImage') {
        pictureInput.current?.click();
        return;
      }
      dispatch(toolChanged(tool));
    },
    [dispatch],
  );
  useTweakShortcuts(onTool);
  const placePicture = async (file: File) => {
    if (!file.type.startsWith('image/')) {
      toast.error(IMAGE_MESSAGES.unsupportedType, { id: 'tweak-failure' });
      return;
    }
    if (t.addedImages.length > 0) {
      toast(TWEAK_ONE_PICTURE, { id: 'tweak-one-picture' });
      return;
    }
    const src = URL.createObjectURL(file);
    try {
      const img = await loadImage(src);
      const box = fitInBox(img.naturalWidth, img.naturalHeight, TWEAK_LIMITS.addedImage);
      dispatch(imageAdded({ id: objectId('image'), src, name: file.name, ...box, rotation: 0 }));
      dispatch(toolChanged('move'));
    } catch {
      URL.revokeObjectURL(src);
      toast.error(IMAGE_MESSAGES.unsupportedType, { id: 'tweak-failure' });
    }
  };

  // ---- upload to the strip (TWEAK_MODULE) ----
  const uploadInput = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<StripUpload>({ uploading: false, progress: 0, error: null });
  const uploadFile = async (file: File) => {
    if (!file.type.startsWith('image/')) return setUpload({ uploading: false, progress: 0, error: IMAGE_MESSAGES.unsupportedType });
    if (file.size > IMAGE_UPLOAD_LIMITS.maxBytes) return setUpload({ uploading: false, progress: 0, error: IMAGE_MESSAGES.tooLarge });
    setUpload({ uploading: true, progress: 0, error: null });
    try {
      const image = await uploadInputImage(file, { uploadSource: 'TWEAK_MODULE', dispatch, onProgress: (progress) => setUpload((u) => ({ ...u, progress })) });
      setUpload({ uploading: false, progress: 0, error: null });
      dispatch(tweakApi.util.invalidateTags(['InputImage']));
      chooseSource({ kind: 'input', image });
    } catch (error) {
      console.error('Upload failed:', error);
      setUpload({ uploading: false, progress: 0, error: errorMessage(error, IMAGE_MESSAGES.uploadFailed) });
    }
  };

  // ---- results and the panel ----
  const batches = useMemo(() => groupResults(session.results), [session.results]);
  const [createInput, creating] = useCreateInputFromTweakMutation();
  const continueFromResult = async (image: GeneratedImage) => {
    // The user's choice, made now: a finished result waiting for its auto-select must not replace it.
    autoSelect.cancel();
    try {
      const res = await createInput({
        generatedImageUrl: image.imageUrl ?? image.id,
        generatedThumbnailUrl: image.thumbnailUrl,
        originalInputImageId: image.inputImageId,
        fileName: `tweak_${image.id}.jpg`,
        tweakSettings: { prompt: t.prompt, variations: t.variations, operationType: image.operationType ?? undefined },
        uploadSource: 'TWEAK_MODULE',
      }).unwrap();
      if (!res.success) throw new Error(res.message);
      chooseSource({ kind: 'input', image: res.data }, { keepPrompt: true });
      toast.success('Added to your inputs', { id: 'tweak-input' });
    } catch (error) {
      toast.error(errorMessage(error, TWEAK_MESSAGES.createInputFailed), { id: 'tweak-failure' });
    }
  };

  // ---- Generate ----
  const objects = countObjects(t);
  const drawn = hasDrawnObjects(t);
  const expanded = isExpanded(t.canvasBounds, t.originalImageBounds);
  const promptGiven = t.prompt.trim().length > 0;
  // With the frame dragged beyond the image (and no picture to place), Generate outpaints.
  const outpainting = expanded && t.addedImages.length === 0;
  const blockedReason = !t.selectedBase
    ? 'Select an image first.'
    : t.addedImages.length > 0
      ? null
      : drawn
        ? promptGiven
          ? null
          : 'Enter a prompt describing the change.'
        : expanded
          ? null
          : 'Mark an area with Rectangle, Brush or Pencil, place an image, or drag an edge outward.';
  const label = t.pipeline.phase ? TWEAK_PHASE_LABELS[t.pipeline.phase] : t.generating ? 'Generating...' : TWEAK_PHASE_LABELS.IDLE;
  const cost = tweakCost(t, outpainting ? 'outpaint' : 'generate');
  const credits = useWorkspaceCredits();

  const selectedResult = t.selectedBase?.kind === 'generated' ? session.results.find((r) => r.id === t.selectedBase?.id) ?? null : null;
  const sourceSelected = t.originalBase;
  const caption = !t.selectedBase
    ? null
    : selectedResult
      ? `Tweak Image ${selectedResult.id} · ${selectedResult.operationType === 'outpaint' ? 'Outpaint' : selectedResult.operationType === 'add_image' ? 'Add image' : 'Inpaint'}`
      : t.selectedBase.kind === 'input'
        ? `Input · ${session.inputs.find((i) => i.id === t.selectedBase?.id)?.fileName ?? `#${t.selectedBase.id}`}`
        : `Render ${t.selectedBase.id}`;
  const sizeText = t.selectedBase?.width ? `${t.selectedBase.width} × ${t.selectedBase.height}` : null;

  return (
    <WorkspaceLayout
      testId="tweak-page"
      strip={
        <SourceStrip
          inputs={session.inputs}
          creates={session.creates}
          selected={sourceSelected}
          onSelect={(item) => chooseSource(item)}
          onUploadClick={() => uploadInput.current?.click()}
          upload={upload}
          loading={session.sources.isLoading}
          error={session.sources.isError ? errorMessage(session.sources.error, IMAGE_MESSAGES.fetchInputAndCreateFailed) : null}
        />
      }
      canvas={
        <TweakCanvas
          busy={t.generating}
          overlay={
            <>
              <ToolRail
                tool={t.currentTool}
                onTool={onTool}
                canUndo={canUndo(t.history)}
                canRedo={canRedo(t.history)}
                canClear={objects > 0}
                onUndo={() => dispatch(undo())}
                onRedo={() => dispatch(redo())}
                onClear={() => dispatch(objectsCleared())}
                disabled={!t.selectedBase}
              />
              <CanvasTopBar
                caption={caption}
                size={sizeText}
                zoom={t.zoom}
                onZoom={(zoom) => dispatch(viewChanged({ zoom }))}
                onFit={() => dispatch(viewReset())}
                showBrush={t.currentTool === 'brush'}
                brushSize={t.brushSize}
                onBrushSize={(n) => dispatch(brushSizeChanged(n))}
                frameExpanded={expanded && !t.generating}
                onResetFrame={() => dispatch(canvasBoundsReset())}
                disabled={t.generating}
              />
              <CanvasHint hasImage={!!t.selectedBase} noImages={session.sources.isSuccess && session.inputs.length === 0 && session.creates.length === 0} onUpload={() => uploadInput.current?.click()} />
            </>
          }
        />
      }
      bottom={
        <>
          <TweakToolbar
            prompt={t.prompt}
            onPrompt={(text) => dispatch(promptChanged(text))}
            showPrompt={!outpainting || drawn}
            outpaintPrompt={outpainting ? t.outpaintPrompt : null}
            onOutpaintPrompt={(text) => dispatch(outpaintPromptChanged(text))}
            variations={t.variations}
            onVariations={(n) => dispatch(variationsChanged(n))}
            label={label}
            working={t.generating}
            canGenerate={!blockedReason && !t.generating}
            blockedReason={blockedReason}
            cost={cost}
            credits={credits}
            onGenerate={() => void pipeline.generate()}
            status={label}
          />
          <ResultsStrip
            batches={batches}
            selectedImageId={t.selectedBase?.kind === 'generated' ? t.selectedBase.id : null}
            selectedBatchId={t.panel?.kind === 'batch' ? t.panel.id : null}
            onSelectImage={chooseResult}
            onSelectBatch={(batchId) => dispatch(panelSelected({ kind: 'batch', id: batchId }))}
            loading={session.history.isLoading}
            errors={[
              ...(session.history.isError ? [errorMessage(session.history.error, TWEAK_MESSAGES.fetchHistoryFailed)] : []),
              ...(session.tweakImages.isError ? [errorMessage(session.tweakImages.error, TWEAK_MESSAGES.fetchTweakImagesFailed)] : []),
            ]}
          />
        </>
      }
      sidePanel={
        <SidePanel
          selection={t.panel}
          batches={batches}
          results={session.results}
          prompt={t.prompt}
          busy={t.generating}
          creatingInput={creating.isLoading}
          onRegenerate={(image) => void pipeline.regenerate(image)}
          onUseAsInput={(image) => void continueFromResult(image)}
          onDownload={(image) => void downloadBrandedJpeg('generated', image.id, image.imageUrl)}
          onSelectImage={chooseResult}
        />
      }
      extra={
        <>
          <HiddenFileInput inputRef={uploadInput} testId="tweak-upload-input" onFile={(file) => void uploadFile(file)} />
          <HiddenFileInput inputRef={pictureInput} testId="tweak-add-image-input" onFile={(file) => void placePicture(file)} accept={IMAGE_UPLOAD_LIMITS.accept} />
        </>
      }
    />
  );
}
