import type Konva from 'konva';
import { useEffect, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import { Circle as KCircle, Group, Image as KImage, Layer, Line, Rect, Stage, Transformer } from 'react-konva';
import { TWEAK_LIMITS } from '@atelier/contract';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import {
  appendSpaced,
  boundsOfPoints,
  clampToDrawingArea,
  dragEdge,
  fractionsToPoints,
  fromFraction,
  isWithinDrawingArea,
  panForZoomAt,
  pointsToFractions,
  rectangleFromDrag,
  toFraction,
  viewTransform,
  wheelZoom,
  type Bounds,
  type Edge,
  type Point,
} from '../lib/geometry';
import { MASK_COLOR, objectId, type AddedImage, type ObjectKind } from '../lib/objects';
import {
  brushStrokeAdded,
  canvasBoundsChanged,
  imagePlaced,
  objectRemoved,
  rectangleAdded,
  regionAdded,
  viewChanged,
} from '../store/tweakSlice';
import { useHtmlImage } from '../hooks/useHtmlImage';

/** What the pointer is doing between down and up; kept in a ref, never in Redux. */
type Gesture =
  | { kind: 'rectangle'; start: Point }
  | { kind: 'brush'; points: number[] }
  | { kind: 'pencil'; points: number[] }
  | { kind: 'pan'; startScreen: Point; startPan: Point }
  | { kind: 'edge'; edge: Edge; startFrame: Bounds; startPoint: Point }
  | null;

/** The tool rail covers the left of the canvas: the image is fitted to the right of it. */
const VIEW_INSET = { left: 60 };
const HANDLE_LONG = 34;
const HANDLE_SHORT = 10;

/**
 * The drawing canvas (spec §2 tools; Konva). The image lies at originalImageBounds in canvas units;
 * the frame (canvasBounds) can be pulled beyond it with the select tool's edge handles; releasing
 * one only sets the frame (Generate outpaints it). Rectangles, brush strokes and pencil regions
 * mark what an inpaint changes; placed pictures can be moved and resized with the move tool; the
 * cut tool removes what it is clicked on. Pointer positions while drawing stay in this component:
 * a shape reaches the store when the pointer lifts. The wheel zooms about the pointer; dragging
 * the background with select or move (or with Space held) pans.
 */
export function TweakCanvas({ overlay, busy }: { overlay?: ReactNode; busy: boolean }) {
  const dispatch = useAppDispatch();
  const t = useAppSelector((s) => s.tweak);
  const { image, status: imageStatus } = useHtmlImage(t.selectedBase?.url ?? null);

  const containerRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const update = () => setSize({ width: el.clientWidth, height: el.clientHeight });
    update();
    const ro = new ResizeObserver(update);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const view = useMemo(() => viewTransform(t.canvasBounds, size, t.zoom, t.pan, VIEW_INSET), [t.canvasBounds, size, t.zoom, t.pan]);
  const image0 = t.originalImageBounds;
  const stageRef = useRef<Konva.Stage>(null);
  const gesture = useRef<Gesture>(null);
  const liveRect = useRef<Konva.Rect>(null);
  const liveLine = useRef<Konva.Line>(null);
  const cursorRef = useRef<Konva.Circle>(null);
  const [liveFrame, setLiveFrame] = useState<Bounds | null>(null);
  const [selectedImage, setSelectedImage] = useState<string | null>(null);
  const [spaceDown, setSpaceDown] = useState(false);
  const transformerRef = useRef<Konva.Transformer>(null);

  const frame = liveFrame ?? t.canvasBounds;
  const tool = t.currentTool;
  const drawing = tool === 'rectangle' || tool === 'brush' || tool === 'pencil';

  // Space held: pan with any tool (not while typing).
  useEffect(() => {
    const typing = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
    };
    const down = (e: KeyboardEvent) => {
      if (e.code === 'Space' && !typing(e)) {
        setSpaceDown(true);
        e.preventDefault();
      }
    };
    const up = (e: KeyboardEvent) => {
      if (e.code === 'Space') setSpaceDown(false);
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, []);

  // The transformer's handles follow the selected placed picture, else the newest (move tool only).
  const handled = selectedImage ?? t.addedImages.at(-1)?.id ?? null;
  useEffect(() => {
    const tr = transformerRef.current;
    const stage = stageRef.current;
    if (!tr || !stage) return;
    const node = handled && tool === 'move' ? stage.findOne(`#img-${handled}`) : null;
    tr.nodes(node ? [node] : []);
    tr.getLayer()?.batchDraw();
  }, [handled, tool, t.addedImages]);

  const toCanvas = (screen: Point): Point => ({ x: (screen.x - view.x) / view.scale, y: (screen.y - view.y) / view.scale });
  const pointer = (): { screen: Point; canvas: Point } | null => {
    const p = stageRef.current?.getPointerPosition();
    return p ? { screen: p, canvas: toCanvas(p) } : null;
  };
  /** The pointer of a window event (a gesture goes on when the pointer leaves the canvas). */
  const pointerOf = (e: PointerEvent): { screen: Point; canvas: Point } | null => {
    const rect = containerRef.current?.getBoundingClientRect();
    if (!rect) return null;
    const screen = { x: e.clientX - rect.left, y: e.clientY - rect.top };
    return { screen, canvas: toCanvas(screen) };
  };
  const liveFrameRef = useRef<Bounds | null>(null);
  const showLiveFrame = (f: Bounds | null) => {
    liveFrameRef.current = f;
    setLiveFrame(f);
  };
  /** From pointer-down to pointer-up, the moves and the release are followed on the window. */
  const follow = () => {
    const move = (e: PointerEvent) => onGestureMove(pointerOf(e));
    const up = (e: PointerEvent) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', up);
      onGestureEnd(pointerOf(e));
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', up);
  };

  const objectUnder = (target: Konva.Node): { kind: ObjectKind; id: string } | null => {
    const name = target.name();
    const m = /^obj:(region|rectangle|brush|image):(.+)$/.exec(name);
    return m ? { kind: m[1] as ObjectKind, id: m[2] } : null;
  };

  function onPointerDown(e: Konva.KonvaEventObject<PointerEvent>) {
    beginGesture(e);
    if (gesture.current) follow();
  }

  function beginGesture(e: Konva.KonvaEventObject<PointerEvent>) {
    const p = pointer();
    if (!p || e.evt.button === 2) return;
    const target = e.target;
    const panning = spaceDown || e.evt.button === 1;
    if (panning) {
      gesture.current = { kind: 'pan', startScreen: p.screen, startPan: t.pan };
      return;
    }
    const handle = /^edge:(left|right|top|bottom)$/.exec(target.name());
    if (handle && tool === 'select' && !busy) {
      gesture.current = { kind: 'edge', edge: handle[1] as Edge, startFrame: t.canvasBounds, startPoint: p.canvas };
      return;
    }
    if (tool === 'cut') {
      const hit = objectUnder(target);
      if (hit) dispatch(objectRemoved(hit));
      return;
    }
    // A placed picture and its transformer handles move, scale and turn the picture (Konva), never the view.
    if (tool === 'move' && (objectUnder(target)?.kind === 'image' || target.findAncestor('Transformer'))) return;
    if (tool === 'move' || tool === 'select') {
      setSelectedImage(null);
      gesture.current = { kind: 'pan', startScreen: p.screen, startPan: t.pan };
      return;
    }
    if (!drawing || !t.selectedBase || !isWithinDrawingArea(p.canvas, image0)) return;
    if (tool === 'rectangle') {
      gesture.current = { kind: 'rectangle', start: p.canvas };
      liveRect.current?.setAttrs({ x: p.canvas.x, y: p.canvas.y, width: 0, height: 0, visible: true });
    } else {
      const points = [p.canvas.x, p.canvas.y];
      gesture.current = { kind: tool === 'brush' ? 'brush' : 'pencil', points };
      liveLine.current?.setAttrs({
        points,
        visible: true,
        closed: false,
        stroke: MASK_COLOR,
        strokeWidth: tool === 'brush' ? t.brushSize : 2 / view.scale,
        opacity: tool === 'brush' ? 0.5 : 1,
        dash: tool === 'pencil' ? [6 / view.scale, 4 / view.scale] : [],
        fill: undefined,
      });
    }
    liveRect.current?.getLayer()?.batchDraw();
  }

  /** The brush outline follows the pointer over the canvas. */
  function onPointerMove() {
    const p = pointer();
    if (!p || !cursorRef.current) return;
    cursorRef.current.setAttrs({ x: p.canvas.x, y: p.canvas.y, radius: t.brushSize / 2, visible: tool === 'brush' && !spaceDown });
    cursorRef.current.getLayer()?.batchDraw();
  }

  function onGestureMove(p: { screen: Point; canvas: Point } | null) {
    const g = gesture.current;
    if (!g || !p) return;
    if (g.kind === 'pan') {
      const stage = stageRef.current;
      const dx = p.screen.x - g.startScreen.x;
      const dy = p.screen.y - g.startScreen.y;
      stage?.position({ x: view.x + (g.startPan.x + dx - t.pan.x), y: view.y + (g.startPan.y + dy - t.pan.y) });
      stage?.batchDraw();
    } else if (g.kind === 'edge') {
      const horizontal = g.edge === 'left' || g.edge === 'right';
      const delta = horizontal ? p.canvas.x - g.startPoint.x : p.canvas.y - g.startPoint.y;
      showLiveFrame(dragEdge(g.startFrame, image0, g.edge, delta));
    } else if (g.kind === 'rectangle') {
      const end = clampToDrawingArea(p.canvas, image0);
      const start = clampToDrawingArea(g.start, image0);
      liveRect.current?.setAttrs({ x: Math.min(start.x, end.x), y: Math.min(start.y, end.y), width: Math.abs(end.x - start.x), height: Math.abs(end.y - start.y) });
      liveRect.current?.getLayer()?.batchDraw();
    } else {
      const spacing = (g.kind === 'brush' ? TWEAK_LIMITS.brushSpacing : TWEAK_LIMITS.pencilSpacing) / view.scale;
      if (appendSpaced(g.points, clampToDrawingArea(p.canvas, image0), spacing)) {
        liveLine.current?.points(g.points.slice());
        liveLine.current?.getLayer()?.batchDraw();
      }
    }
  }

  function onGestureEnd(p: { screen: Point; canvas: Point } | null) {
    const g = gesture.current;
    gesture.current = null;
    liveRect.current?.visible(false);
    liveLine.current?.visible(false);
    liveRect.current?.getLayer()?.batchDraw();
    if (!g) return;
    if (g.kind === 'pan') {
      if (!p) return;
      dispatch(viewChanged({ pan: { x: g.startPan.x + p.screen.x - g.startScreen.x, y: g.startPan.y + p.screen.y - g.startScreen.y } }));
    } else if (g.kind === 'edge') {
      const next = liveFrameRef.current ?? g.startFrame;
      showLiveFrame(null);
      if (next.x !== t.canvasBounds.x || next.y !== t.canvasBounds.y || next.width !== t.canvasBounds.width || next.height !== t.canvasBounds.height) {
        // Releasing the handle only sets the frame: Generate starts the outpaint.
        dispatch(canvasBoundsChanged(next));
      }
    } else if (g.kind === 'rectangle') {
      const r = p ? rectangleFromDrag(g.start, p.canvas, image0, view.scale) : null;
      if (r) dispatch(rectangleAdded({ id: objectId('rect'), ...r, color: MASK_COLOR, strokeWidth: 2 }));
    } else if (g.kind === 'brush') {
      if (g.points.length < 2) return;
      const b = boundsOfPoints(g.points);
      const f0 = toFraction({ x: b.x, y: b.y }, image0);
      dispatch(
        brushStrokeAdded({
          id: objectId('brush'),
          path: pointsToFractions(g.points, image0),
          bounds: { x: f0.x, y: f0.y, width: b.width / image0.width, height: b.height / image0.height },
          color: MASK_COLOR,
          strokeWidth: t.brushSize,
        }),
      );
    } else if (g.kind === 'pencil') {
      const b = boundsOfPoints(g.points);
      if (g.points.length < 6 || b.width * view.scale <= TWEAK_LIMITS.rectangleMinPx || b.height * view.scale <= TWEAK_LIMITS.rectangleMinPx) return;
      const f0 = toFraction({ x: b.x, y: b.y }, image0);
      dispatch(
        regionAdded({
          id: objectId('region'),
          path: g.points,
          imagePath: pointsToFractions(g.points, image0),
          bounds: { x: f0.x, y: f0.y, width: b.width / image0.width, height: b.height / image0.height },
        }),
      );
    }
  }

  function onWheel(e: Konva.KonvaEventObject<WheelEvent>) {
    e.evt.preventDefault();
    const p = pointer();
    if (!p) return;
    const zoom = wheelZoom(t.zoom, e.evt.deltaY);
    if (zoom === t.zoom) return;
    dispatch(viewChanged({ zoom, pan: panForZoomAt(t.canvasBounds, size, { zoom: t.zoom, pan: t.pan }, zoom, p.screen, VIEW_INSET) }));
  }

  const expanded = frame.x < image0.x - 0.5 || frame.y < image0.y - 0.5 || frame.x + frame.width > image0.x + image0.width + 0.5 || frame.y + frame.height > image0.y + image0.height + 0.5;
  const px = 1 / view.scale; // one screen pixel in canvas units
  const cursor = spaceDown || tool === 'move' ? 'grab' : tool === 'select' ? 'default' : tool === 'brush' ? 'none' : tool === 'cut' ? 'pointer' : 'crosshair';
  const maskOpacity = tool === 'cut' ? 0.8 : 1;

  return (
    <div
      ref={containerRef}
      data-testid="tweak-canvas"
      data-tool={tool}
      data-rectangles={t.rectangleObjects.length}
      data-brushes={t.brushObjects.length}
      data-regions={t.selectedRegions.length}
      data-images={t.addedImages.length}
      data-image-status={imageStatus}
      data-image-box={screenBox(image0, view)}
      data-frame-box={screenBox(frame, view)}
      data-picture-box={t.addedImages[0] ? screenBox(t.addedImages[0], view) : undefined}
      data-picture-rotation={t.addedImages[0] ? Math.round(t.addedImages[0].rotation) : undefined}
      className="absolute inset-0 overflow-hidden bg-[#252423] [background-image:radial-gradient(rgba(255,255,255,0.055)_1px,transparent_1px)] [background-size:22px_22px]"
      style={{ cursor }}
      onPointerLeave={() => cursorRef.current?.visible(false)}
    >
      {size.width > 0 ? (
        <Stage
          ref={stageRef}
          width={size.width}
          height={size.height}
          x={view.x}
          y={view.y}
          scaleX={view.scale}
          scaleY={view.scale}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onWheel={onWheel}
          onContextMenu={(e) => e.evt.preventDefault()}
        >
          <Layer>
            {/* The frame: the area an outpaint will fill shows hatched beyond the image. */}
            {expanded ? (
              <>
                <Rect x={frame.x} y={frame.y} width={frame.width} height={frame.height} fill="#34322f" listening={false} />
                <Rect
                  x={frame.x}
                  y={frame.y}
                  width={frame.width}
                  height={frame.height}
                  fillPatternImage={hatch() as unknown as HTMLImageElement}
                  fillPatternScale={{ x: px, y: px }}
                  opacity={0.55}
                  listening={false}
                />
              </>
            ) : null}
            <Rect x={image0.x} y={image0.y} width={image0.width} height={image0.height} fill="#1b1a19" shadowColor="#000" shadowBlur={24 * px} shadowOpacity={0.45} listening={false} />
            {image ? <KImage image={image} x={image0.x} y={image0.y} width={image0.width} height={image0.height} listening={false} /> : null}
          </Layer>

          <Layer opacity={maskOpacity}>
            {t.rectangleObjects.map((r) => {
              const a = fromFraction({ x: r.x, y: r.y }, image0);
              return (
                <Rect
                  key={r.id}
                  name={`obj:rectangle:${r.id}`}
                  x={a.x}
                  y={a.y}
                  width={r.width * image0.width}
                  height={r.height * image0.height}
                  fill={r.color}
                  opacity={0.32}
                  stroke={r.color}
                  strokeWidth={2 * px}
                  strokeScaleEnabled={false}
                  listening={tool === 'cut'}
                  hitStrokeWidth={8 * px}
                />
              );
            })}
            {t.rectangleObjects.map((r) => {
              const a = fromFraction({ x: r.x, y: r.y }, image0);
              return <Rect key={`${r.id}-outline`} x={a.x} y={a.y} width={r.width * image0.width} height={r.height * image0.height} stroke={r.color} strokeWidth={2 * px} listening={false} />;
            })}
            {t.brushObjects.map((b) => (
              <Line
                key={b.id}
                name={`obj:brush:${b.id}`}
                points={fractionsToPoints(b.path, image0)}
                stroke={b.color}
                strokeWidth={b.strokeWidth}
                lineCap="round"
                lineJoin="round"
                opacity={0.5}
                listening={tool === 'cut'}
              />
            ))}
            {t.selectedRegions.map((g) => (
              <Line
                key={g.id}
                name={`obj:region:${g.id}`}
                points={fractionsToPoints(g.imagePath, image0)}
                closed
                fill={MASK_COLOR}
                opacity={0.38}
                stroke={MASK_COLOR}
                strokeWidth={2 * px}
                listening={tool === 'cut'}
              />
            ))}
            {t.selectedRegions.map((g) => (
              <Line key={`${g.id}-outline`} points={fractionsToPoints(g.imagePath, image0)} closed stroke={MASK_COLOR} strokeWidth={2 * px} listening={false} />
            ))}
            {t.addedImages.map((a) => (
              <PlacedPicture
                key={a.id}
                item={a}
                draggable={tool === 'move' && !spaceDown}
                listening={tool === 'move' || tool === 'cut'}
                onSelect={() => setSelectedImage(a.id)}
                onPlaced={(placed) => dispatch(imagePlaced({ id: a.id, ...placed }))}
              />
            ))}
            <Transformer
              ref={transformerRef}
              rotateEnabled
              rotationSnaps={[0, 90, 180, 270]}
              rotationSnapTolerance={4}
              keepRatio
              enabledAnchors={['top-left', 'top-right', 'bottom-left', 'bottom-right']}
              flipEnabled={false}
              borderStroke="#ffffff"
              anchorStroke="#ffffff"
              anchorFill="#3a6553"
              anchorSize={9}
              anchorCornerRadius={2}
              boundBoxFunc={(oldBox, newBox) => (newBox.width < 12 || newBox.height < 12 ? oldBox : newBox)}
            />
          </Layer>

          <Layer listening={tool === 'select'}>
            <Rect ref={liveRect} visible={false} fill={MASK_COLOR} opacity={0.3} stroke={MASK_COLOR} strokeWidth={2 * px} listening={false} />
            <Line ref={liveLine} visible={false} lineCap="round" lineJoin="round" listening={false} />
            {/* The frame and, with the select tool, its edge handles. */}
            <Rect x={frame.x} y={frame.y} width={frame.width} height={frame.height} stroke={expanded ? '#f5f5f4' : 'rgba(255,255,255,0.35)'} strokeWidth={1.5 * px} dash={expanded ? [8 * px, 6 * px] : undefined} listening={false} />
            {tool === 'select' && t.selectedBase && !busy ? <EdgeHandles frame={frame} px={px} /> : null}
            <CursorCircle ref={cursorRef} px={px} />
          </Layer>
        </Stage>
      ) : null}
      {imageStatus === 'loading' && t.selectedBase ? (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <span className="size-8 animate-spin rounded-full border-2 border-white/15 border-t-white/70" aria-label="Loading image" />
        </div>
      ) : null}
      {overlay}
    </div>
  );
}

/** A canvas-unit box on screen, "x,y,width,height" in CSS pixels of the canvas (for tests and tooling). */
function screenBox(b: Bounds, view: { x: number; y: number; scale: number }): string {
  return [b.x * view.scale + view.x, b.y * view.scale + view.y, b.width * view.scale, b.height * view.scale].map((v) => Math.round(v)).join(',');
}

function EdgeHandles({ frame, px }: { frame: Bounds; px: number }) {
  const cx = frame.x + frame.width / 2;
  const cy = frame.y + frame.height / 2;
  const long = HANDLE_LONG * px;
  const short = HANDLE_SHORT * px;
  const handle = (edge: Edge, x: number, y: number, horizontal: boolean) => (
    <Rect
      key={edge}
      name={`edge:${edge}`}
      x={x - (horizontal ? short : long) / 2}
      y={y - (horizontal ? long : short) / 2}
      width={horizontal ? short : long}
      height={horizontal ? long : short}
      cornerRadius={short / 2}
      fill="#ffffff"
      stroke="#3a6553"
      strokeWidth={1.5 * px}
      shadowColor="#000"
      shadowBlur={6 * px}
      shadowOpacity={0.35}
      hitStrokeWidth={14 * px}
      onMouseEnter={(e) => {
        const c = e.target.getStage()?.container();
        if (c) c.style.cursor = horizontal ? 'ew-resize' : 'ns-resize';
      }}
      onMouseLeave={(e) => {
        const c = e.target.getStage()?.container();
        if (c) c.style.cursor = '';
      }}
    />
  );
  return (
    <Group>
      {handle('left', frame.x, cy, true)}
      {handle('right', frame.x + frame.width, cy, true)}
      {handle('top', cx, frame.y, false)}
      {handle('bottom', cx, frame.y + frame.height, false)}
    </Group>
  );
}

function CursorCircle({ ref, px }: { ref: Ref<Konva.Circle>; px: number }) {
  return <KCircle ref={ref} visible={false} stroke="#ffffff" strokeWidth={1.5 * px} shadowColor="#000" shadowBlur={2 * px} shadowOpacity={0.8} listening={false} />;
}

function PlacedPicture({
  item,
  draggable,
  listening,
  onSelect,
  onPlaced,
}: {
  item: AddedImage;
  draggable: boolean;
  listening: boolean;
  onSelect: () => void;
  onPlaced: (placed: Pick<AddedImage, 'x' | 'y' | 'width' | 'height' | 'rotation'>) => void;
}) {
  const { image } = useHtmlImage(item.src);
  const soft = useMemo(() => (image ? featheredCopy(image) : null), [image]);
  // The node turns about the picture's centre: it is placed by its centre with an offset of half its size.
  const placedFrom = (node: Konva.Node, width: number, height: number) => ({
    x: node.x() - width / 2,
    y: node.y() - height / 2,
    width,
    height,
    rotation: node.rotation(),
  });
  return (
    <KImage
      id={`img-${item.id}`}
      name={`obj:image:${item.id}`}
      image={soft ?? undefined}
      x={item.x + item.width / 2}
      y={item.y + item.height / 2}
      offsetX={item.width / 2}
      offsetY={item.height / 2}
      width={item.width}
      height={item.height}
      rotation={item.rotation}
      draggable={draggable}
      listening={listening}
      onPointerDown={onSelect}
      onDragEnd={(e) => onPlaced(placedFrom(e.target, item.width, item.height))}
      onTransformEnd={(e) => {
        const node = e.target;
        const width = Math.max(12, node.width() * node.scaleX());
        const height = Math.max(12, node.height() * node.scaleY());
        node.scale({ x: 1, y: 1 });
        onPlaced(placedFrom(node, width, height));
      }}
    />
  );
}

/** The picture with its edges faded out, as the server blends it (a preview of the feathered placement). */
function featheredCopy(image: HTMLImageElement): HTMLCanvasElement {
  const c = document.createElement('canvas');
  c.width = image.naturalWidth;
  c.height = image.naturalHeight;
  const ctx = c.getContext('2d');
  if (!ctx) return c;
  ctx.drawImage(image, 0, 0);
  const f = Math.max(1, Math.round(Math.min(c.width, c.height) * 0.06));
  ctx.globalCompositeOperation = 'destination-in';
  const fade = (x0: number, y0: number, x1: number, y1: number) => {
    const g = ctx.createLinearGradient(x0, y0, x1, y1);
    g.addColorStop(0, 'rgba(0,0,0,0)');
    g.addColorStop(1, 'rgba(0,0,0,1)');
    return g;
  };
  // Four passes, one per edge: each keeps the pixels' alpha times its ramp.
  for (const [x0, y0, x1, y1] of [
    [0, 0, f, 0],
    [c.width, 0, c.width - f, 0],
    [0, 0, 0, f],
    [0, c.height, 0, c.height - f],
  ]) {
    ctx.fillStyle = fade(x0, y0, x1, y1);
    ctx.fillRect(0, 0, c.width, c.height);
  }
  return c;
}

let hatchCanvas: HTMLCanvasElement | null = null;
/** A diagonal hatch, drawn once, for the area an outpaint will fill. */
function hatch(): HTMLCanvasElement {
  if (hatchCanvas) return hatchCanvas;
  const c = document.createElement('canvas');
  c.width = 14;
  c.height = 14;
  const ctx = c.getContext('2d');
  if (ctx) {
    ctx.strokeStyle = 'rgba(255,255,255,0.16)';
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.moveTo(-2, 16);
    ctx.lineTo(16, -2);
    ctx.moveTo(-2, 2);
    ctx.lineTo(2, -2);
    ctx.moveTo(12, 16);
    ctx.lineTo(16, 12);
    ctx.stroke();
  }
  hatchCanvas = c;
  return c;
}
