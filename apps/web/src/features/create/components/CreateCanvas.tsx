import clsx from 'clsx';
import { useMemo, useState, type ReactNode } from 'react';
import type { Size } from '../../../lib/canvasView';
import { CanvasLoading, CanvasSurface, ZoomControls } from '../../../components/workspace/CanvasFrame';
import { usePanZoom } from '../../../components/workspace/usePanZoom';

export interface CanvasImage {
  /** Changes when another image is shown (the view is fitted again). */
  key: string;
  url: string;
  alt: string;
  width: number | null;
  height: number | null;
}

/**
 * The Create canvas (spec §2, §9): the workspace's pan and zoom surface showing one image, with
 * an image-space layer over it (the regions overlay) that pans and zooms with it. Double-click
 * fits the image again.
 */
export function CreateCanvas({
  image,
  insetLeft,
  overlay,
  imageLayer,
  children,
  onImageSize,
}: {
  image: CanvasImage | null;
  insetLeft: number;
  overlay?: ReactNode;
  /** Drawn over the image in image space (it pans and zooms with it), e.g. the mask overlay. */
  imageLayer?: ReactNode;
  children?: ReactNode;
  /** The shown image's pixel size, once it has loaded. */
  onImageSize?: (size: Size) => void;
}) {
  const [natural, setNatural] = useState<Size | null>(null);
  const [loaded, setLoaded] = useState(false);

  const metaWidth = image?.width ?? 0;
  const metaHeight = image?.height ?? 0;
  const size: Size | null = useMemo(
    () => natural ?? (metaWidth && metaHeight ? { width: metaWidth, height: metaHeight } : null),
    [natural, metaWidth, metaHeight],
  );

  // A new image: forget the loaded state and the natural size.
  const [shownKey, setShownKey] = useState<string | null>(null);
  if ((image?.key ?? null) !== shownKey) {
    setShownKey(image?.key ?? null);
    setNatural(null);
    setLoaded(false);
  }

  const pan = usePanZoom({ viewKey: image?.key ?? null, size, insetLeft });

  return (
    <CanvasSurface
      surfaceRef={pan.viewportRef}
      testId="create-canvas"
      grab={!!image}
      dragging={pan.dragging}
      onPointerDown={(e) => {
        if (image) pan.startPan(e);
      }}
      onPointerMove={pan.movePan}
      onPointerUp={pan.endPan}
      onPointerCancel={pan.cancelPan}
      onDoubleClick={(e) => {
        if (!(e.target as HTMLElement).closest('[data-canvas-ui]')) pan.fit();
      }}
    >
      {image ? (
        <img
          key={image.key}
          src={image.url}
          alt={image.alt}
          draggable={false}
          onLoad={(e) => {
            const img = e.currentTarget;
            if (img.naturalWidth && img.naturalHeight) {
              setNatural({ width: img.naturalWidth, height: img.naturalHeight });
              onImageSize?.({ width: img.naturalWidth, height: img.naturalHeight });
            }
            setLoaded(true);
          }}
          className={clsx(
            'absolute top-0 left-0 max-w-none origin-top-left shadow-[0_20px_60px_-20px_rgb(0_0_0/0.7)] transition-opacity duration-200',
            loaded && size ? 'opacity-100' : 'opacity-0',
          )}
          style={{
            width: size?.width,
            height: size?.height,
            transform: pan.transform,
            transition: pan.transition ? `${pan.transition}, opacity 200ms` : 'opacity 200ms',
          }}
        />
      ) : null}
      {image && imageLayer && size && loaded ? (
        <div className="absolute top-0 left-0 origin-top-left" style={{ width: size.width, height: size.height, transform: pan.transform, transition: pan.transition }}>
          {imageLayer}
        </div>
      ) : null}
      {image && !loaded ? <CanvasLoading insetLeft={insetLeft} /> : null}

      {children}

      {image ? <ZoomControls zoom={pan.view.zoom} insetLeft={insetLeft} onZoomBy={pan.zoomBy} onFit={pan.fit} fitHint="Fit to screen (double-click)" /> : null}

      {overlay}
    </CanvasSurface>
  );
}
