import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  TWEAK_LIMITS,
  type TweakImageKind,
  type TweakOperationType,
  type TweakPipelinePhase,
  type TweakTool,
} from '@atelier/contract';
import { logout } from '../../auth/store/authSlice';
import { workspaceSelected } from '../../teams/store/workspaceSlice';
import { clampZoom, DEFAULT_BOUNDS, layoutImage, type Bounds, type Point } from '../lib/geometry';
import {
  EMPTY_OBJECTS,
  type AddedImage,
  type BrushStroke,
  type CanvasObjects,
  type ObjectKind,
  type PencilRegion,
  type RectangleObject,
} from '../lib/objects';
import { currentObjects, pushHistory, redoHistory, startHistory, undoHistory, type TweakHistory } from './history';

/** The image on the canvas. */
export interface TweakBaseImage {
  kind: TweakImageKind;
  id: number;
  url: string;
  width: number;
  height: number;
}

/** An operation of this editing session (spec §3: id, type, data, status). */
export interface TweakOperation {
  id: number;
  type: TweakOperationType;
  data: { batchId: number; imageIds: number[]; baseImageId: number };
  status: 'processing' | 'completed' | 'failed';
}

/** What the inpaint after an outpaint needs, captured when the outpaint starts. */
export interface InpaintParams {
  objects: Pick<CanvasObjects, 'rectangleObjects' | 'brushObjects' | 'selectedRegions'>;
  /** Where the image lay in the canvas, and the frame the outpaint filled (canvas units). */
  imageBounds: Bounds;
  frame: Bounds;
  prompt: string;
  negativePrompt: string;
  maskKeyword: string;
  variations: number;
}

/** Spec §3 tweak pipeline state. */
export interface TweakPipeline {
  phase: TweakPipelinePhase | null;
  needsInpaint: boolean;
  inpaintParams: InpaintParams | null;
  /** The batch being waited for, and what it makes (also outside the outpaint pipeline). */
  batchId: number | null;
  awaiting: TweakOperationType | null;
  outpaintResultImageId: number | null;
  outpaintResultUrl: string | null;
  /** The outpainted image's size (from the outpaint's answer). */
  outpaintResultSize: { width: number; height: number } | null;
}

export type PanelSelection = { kind: 'image'; id: number } | { kind: 'batch'; id: number } | null;

/** Spec §3 tweak canvas state, plus the pipeline and the generating flag. */
export interface TweakState extends CanvasObjects {
  canvasBounds: Bounds;
  originalImageBounds: Bounds;
  zoom: number;
  pan: Point;
  currentTool: TweakTool;
  brushSize: number;
  operations: TweakOperation[];
  prompt: string;
  /**
   * The outpaint's own prompt (what continues beyond the image): empty for each new frame, never
   * the prompt left from an inpaint.
   */
  outpaintPrompt: string;
  variations: number;
  negativePrompt: string;
  maskKeyword: string;
  /** The operation type asked for in the URL (?operationType), if any. */
  operationType: string | null;
  selectedBaseImageId: number | null;
  selectedBase: TweakBaseImage | null;
  /** The image the session started from (the results' baseImageId). */
  originalBase: { kind: TweakImageKind; id: number } | null;
  history: TweakHistory;
  pipeline: TweakPipeline;
  generating: boolean;
  generatingSince: number | null;
  panel: PanelSelection;
  /** ?imageId named an image the caller cannot open here (not theirs, deleted, unfinished): the canvas says so. */
  missingImageId: number | null;
}

export const IDLE_PIPELINE: TweakPipeline = {
  phase: null,
  needsInpaint: false,
  inpaintParams: null,
  batchId: null,
  awaiting: null,
  outpaintResultImageId: null,
  outpaintResultUrl: null,
  outpaintResultSize: null,
};

export const initialTweakState: TweakState = {
  ...EMPTY_OBJECTS,
  canvasBounds: { ...DEFAULT_BOUNDS },
  originalImageBounds: { ...DEFAULT_BOUNDS },
  zoom: TWEAK_LIMITS.zoom.default,
  pan: { x: 0, y: 0 },
  currentTool: 'select',
  brushSize: TWEAK_LIMITS.brushSize.default,
  operations: [],
  prompt: '',
  outpaintPrompt: '',
  variations: TWEAK_LIMITS.variations.default,
  negativePrompt: '',
  maskKeyword: '',
  operationType: null,
  selectedBaseImageId: null,
  selectedBase: null,
  originalBase: null,
  history: startHistory(),
  pipeline: IDLE_PIPELINE,
  generating: false,
  generatingSince: null,
  panel: null,
  missingImageId: null,
};

function objectsOf(s: TweakState): CanvasObjects {
  return { selectedRegions: s.selectedRegions, rectangleObjects: s.rectangleObjects, brushObjects: s.brushObjects, addedImages: s.addedImages };
}

function show(s: TweakState, o: CanvasObjects) {
  s.selectedRegions = o.selectedRegions;
  s.rectangleObjects = o.rectangleObjects;
  s.brushObjects = o.brushObjects;
  s.addedImages = o.addedImages;
}

/** Applies a change to the objects and records it in the undo history. */
function act(s: TweakState, next: CanvasObjects) {
  show(s, next);
  s.history = pushHistory(s.history, next);
}

/** Lays the image out in the canvas and resets the frame and the view. */
function layOut(s: TweakState, base: TweakBaseImage) {
  s.selectedBase = base;
  s.selectedBaseImageId = base.id;
  s.originalImageBounds = layoutImage(base.width, base.height);
  s.canvasBounds = { ...s.originalImageBounds };
  s.outpaintPrompt = '';
  s.missingImageId = null;
  s.zoom = TWEAK_LIMITS.zoom.default;
  s.pan = { x: 0, y: 0 };
}

const tweakSlice = createSlice({
  name: 'tweak',
  initialState: initialTweakState,
  reducers: {
    /** Choosing a different base image (spec §4): all objects, operations and the history are cleared. */
    baseImageChanged(s, a: PayloadAction<{ base: TweakBaseImage; root?: { kind: TweakImageKind; id: number } }>) {
      layOut(s, a.payload.base);
      s.originalBase = a.payload.root ?? { kind: a.payload.base.kind, id: a.payload.base.id };
      show(s, EMPTY_OBJECTS);
      s.operations = [];
      s.history = startHistory();
      s.panel = null;
    },
    /** ?imageId cannot be opened: no image is shown (never another one), and the canvas says why. */
    imageNotFound(s, a: PayloadAction<number>) {
      s.selectedBase = null;
      s.selectedBaseImageId = null;
      s.originalBase = null;
      show(s, EMPTY_OBJECTS);
      s.operations = [];
      s.history = startHistory();
      s.panel = null;
      s.missingImageId = a.payload;
    },
    /** A silent selection changes only the base image id (spec §4). */
    baseImageSelectedSilently(s, a: PayloadAction<number>) {
      s.selectedBaseImageId = a.payload;
    },
    /**
     * Selecting a completed generation (spec §4): regions, rectangles and brush strokes are
     * cleared (as an undoable step); placed pictures, operations and the history stay.
     */
    generationSelected(s, a: PayloadAction<{ base: TweakBaseImage; panel?: PanelSelection }>) {
      const sameSize = s.selectedBase && s.selectedBase.width === a.payload.base.width && s.selectedBase.height === a.payload.base.height;
      if (sameSize) {
        s.selectedBase = a.payload.base;
        s.selectedBaseImageId = a.payload.base.id;
        s.canvasBounds = { ...s.originalImageBounds };
        s.outpaintPrompt = '';
      } else {
        layOut(s, a.payload.base);
      }
      if (s.selectedRegions.length || s.rectangleObjects.length || s.brushObjects.length) {
        act(s, { ...objectsOf(s), selectedRegions: [], rectangleObjects: [], brushObjects: [] });
      }
      s.panel = a.payload.panel ?? { kind: 'image', id: a.payload.base.id };
    },
    toolChanged(s, a: PayloadAction<TweakTool>) {
      s.currentTool = a.payload;
    },
    brushSizeChanged(s, a: PayloadAction<number>) {
      const { min, max } = TWEAK_LIMITS.brushSize;
      s.brushSize = Math.round(Math.min(max, Math.max(min, a.payload)));
    },
    viewChanged(s, a: PayloadAction<{ zoom?: number; pan?: Point }>) {
      if (a.payload.zoom !== undefined) s.zoom = clampZoom(a.payload.zoom);
      if (a.payload.pan) s.pan = a.payload.pan;
    },
    viewReset(s) {
      s.zoom = TWEAK_LIMITS.zoom.default;
      s.pan = { x: 0, y: 0 };
    },
    rectangleAdded(s, a: PayloadAction<RectangleObject>) {
      act(s, { ...objectsOf(s), rectangleObjects: [...s.rectangleObjects, a.payload] });
    },
    brushStrokeAdded(s, a: PayloadAction<BrushStroke>) {
      act(s, { ...objectsOf(s), brushObjects: [...s.brushObjects, a.payload] });
    },
    regionAdded(s, a: PayloadAction<PencilRegion>) {
      act(s, { ...objectsOf(s), selectedRegions: [...s.selectedRegions, a.payload] });
    },
    imageAdded(s, a: PayloadAction<AddedImage>) {
      act(s, { ...objectsOf(s), addedImages: [...s.addedImages, a.payload] });
    },
    /** Moving, scaling or turning a placed picture (undoable). */
    imagePlaced(s, a: PayloadAction<Pick<AddedImage, 'id' | 'x' | 'y' | 'width' | 'height' | 'rotation'>>) {
      const { id, ...box } = a.payload;
      act(s, { ...objectsOf(s), addedImages: s.addedImages.map((i) => (i.id === id ? { ...i, ...box } : i)) });
    },
    objectRemoved(s, a: PayloadAction<{ kind: ObjectKind; id: string }>) {
      const { kind, id } = a.payload;
      const o = objectsOf(s);
      const next: CanvasObjects = {
        selectedRegions: kind === 'region' ? o.selectedRegions.filter((r) => r.id !== id) : o.selectedRegions,
        rectangleObjects: kind === 'rectangle' ? o.rectangleObjects.filter((r) => r.id !== id) : o.rectangleObjects,
        brushObjects: kind === 'brush' ? o.brushObjects.filter((r) => r.id !== id) : o.brushObjects,
        addedImages: kind === 'image' ? o.addedImages.filter((r) => r.id !== id) : o.addedImages,
      };
      act(s, next);
    },
    /** The placed pictures became part of a result: they leave the canvas, so they cannot be paid for twice. */
    placedImagesComposited(s) {
      if (s.addedImages.length) act(s, { ...objectsOf(s), addedImages: [] });
    },
    objectsCleared(s) {
      if (s.selectedRegions.length || s.rectangleObjects.length || s.brushObjects.length || s.addedImages.length) act(s, EMPTY_OBJECTS);
    },
    undo(s) {
      const h = undoHistory(s.history);
      if (!h) return;
      s.history = h;
      show(s, currentObjects(h));
    },
    redo(s) {
      const h = redoHistory(s.history);
      if (!h) return;
      s.history = h;
      show(s, currentObjects(h));
    },
    /** The frame after an edge drag (select tool), committed when the drag ends. */
    canvasBoundsChanged(s, a: PayloadAction<Bounds>) {
      s.canvasBounds = a.payload;
    },
    canvasBoundsReset(s) {
      s.canvasBounds = { ...s.originalImageBounds };
      s.outpaintPrompt = '';
    },
    promptChanged(s, a: PayloadAction<string>) {
      s.prompt = a.payload;
    },
    outpaintPromptChanged(s, a: PayloadAction<string>) {
      s.outpaintPrompt = a.payload;
    },
    variationsChanged(s, a: PayloadAction<number>) {
      s.variations = a.payload === 2 ? 2 : 1;
    },
    /** ?prompt, operationType, maskKeyword, negativePrompt, variations (spec §2). */
    paramsFromUrl(s, a: PayloadAction<{ prompt?: string; operationType?: string; maskKeyword?: string; negativePrompt?: string; variations?: number }>) {
      const p = a.payload;
      if (p.prompt !== undefined) s.prompt = p.prompt;
      if (p.operationType !== undefined) s.operationType = p.operationType;
      if (p.maskKeyword !== undefined) s.maskKeyword = p.maskKeyword;
      if (p.negativePrompt !== undefined) s.negativePrompt = p.negativePrompt;
      if (p.variations === 1 || p.variations === 2) s.variations = p.variations;
    },
    panelSelected(s, a: PayloadAction<PanelSelection>) {
      s.panel = a.payload;
    },
    // ---- generating and the pipeline (spec §4) ----
    generatingStarted(s, a: PayloadAction<number>) {
      s.generating = true;
      s.generatingSince = a.payload;
    },
    generatingEnded(s) {
      s.generating = false;
      s.generatingSince = null;
    },
    operationStarted(s, a: PayloadAction<TweakOperation>) {
      s.operations = [a.payload, ...s.operations.filter((o) => o.id !== a.payload.id)];
    },
    operationFinished(s, a: PayloadAction<{ batchId: number; status: 'completed' | 'failed' }>) {
      const op = s.operations.find((o) => o.id === a.payload.batchId);
      if (op) op.status = a.payload.status;
    },
    /** Phase 1 (spec §4): the outpaint runs; an inpaint follows when `inpaintParams` were captured. */
    outpaintStarted(s, a: PayloadAction<{ batchId: number; inpaintParams: InpaintParams | null; size: { width: number; height: number } }>) {
      s.pipeline = {
        ...IDLE_PIPELINE,
        phase: 'OUTPAINT_STARTED',
        needsInpaint: a.payload.inpaintParams !== null,
        inpaintParams: a.payload.inpaintParams,
        batchId: a.payload.batchId,
        awaiting: 'outpaint',
        outpaintResultSize: a.payload.size,
      };
    },
    /** Placing pictures runs like phase 1 (no phase label of its own); an inpaint may follow on its result. */
    addImageStarted(s, a: PayloadAction<{ batchId: number; inpaintParams: InpaintParams | null; size: { width: number; height: number } }>) {
      s.pipeline = {
        ...IDLE_PIPELINE,
        needsInpaint: a.payload.inpaintParams !== null,
        inpaintParams: a.payload.inpaintParams,
        batchId: a.payload.batchId,
        awaiting: 'add_image',
        outpaintResultSize: a.payload.size,
      };
    },
    /** The first step finished and an inpaint follows: INPAINT_STARTING (its call goes out 500 ms later). */
    outpaintCompleted(s, a: PayloadAction<{ imageId: number; url: string }>) {
      s.pipeline.outpaintResultImageId = a.payload.imageId;
      s.pipeline.outpaintResultUrl = a.payload.url;
      s.pipeline.phase = 'INPAINT_STARTING';
      s.pipeline.batchId = null;
      s.pipeline.awaiting = null;
    },
    /** The inpaint runs: phase 2 of the pipeline, or an inpaint of its own (no phase). */
    inpaintStarted(s, a: PayloadAction<{ batchId: number }>) {
      s.pipeline.phase = s.pipeline.phase === 'INPAINT_STARTING' ? 'INPAINT_STARTED' : null;
      s.pipeline.needsInpaint = false;
      s.pipeline.batchId = a.payload.batchId;
      s.pipeline.awaiting = 'inpaint';
    },
    /** Waiting for an outpaint of its own or a regeneration. */
    operationAwaited(s, a: PayloadAction<{ batchId: number; operationType: TweakOperationType }>) {
      s.pipeline = { ...IDLE_PIPELINE, phase: a.payload.operationType === 'outpaint' ? 'OUTPAINT_STARTED' : null, batchId: a.payload.batchId, awaiting: a.payload.operationType };
    },
    pipelineCleared(s) {
      s.pipeline = IDLE_PIPELINE;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(logout.fulfilled, () => initialTweakState);
    // Nothing of the other workspace stays on the canvas (its image, objects, history, pipeline).
    builder.addCase(workspaceSelected, () => initialTweakState);
  },
});

export const {
  baseImageChanged,
  baseImageSelectedSilently,
  generationSelected,
  toolChanged,
  brushSizeChanged,
  viewChanged,
  viewReset,
  rectangleAdded,
  brushStrokeAdded,
  regionAdded,
  imageAdded,
  imagePlaced,
  objectRemoved,
  objectsCleared,
  placedImagesComposited,
  undo,
  redo,
  canvasBoundsChanged,
  canvasBoundsReset,
  promptChanged,
  outpaintPromptChanged,
  variationsChanged,
  paramsFromUrl,
  panelSelected,
  imageNotFound,
  generatingStarted,
  generatingEnded,
  operationStarted,
  operationFinished,
  outpaintStarted,
  addImageStarted,
  outpaintCompleted,
  operationAwaited,
  inpaintStarted,
  pipelineCleared,
} = tweakSlice.actions;

export const tweakReducer = tweakSlice.reducer;
