import { useEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import type { MaskRegion } from '@atelier/contract';
import { buildLabelMap, hexToRgb, overlaySize, paintOverlay, regionAt, type LabelMap } from '../lib/overlay';

/** Loads an image URL (same origin: the signed file URLs) into RGBA pixels of the given size. */
function loadPixels(url: string, width: number, height: number, signal: AbortSignal): Promise<Uint8ClampedArray> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.decoding = 'async';
    img.onload = () => {
      if (signal.aborted) return reject(new Error('aborted'));
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const g = canvas.getContext('2d', { willReadFrequently: true });
      if (!g) return reject(new Error('no 2d context'));
      g.imageSmoothingEnabled = false;
      g.drawImage(img, 0, 0, width, height);
      resolve(g.getImageData(0, 0, width, height).data);
    };
    img.onerror = () => reject(new Error(`mask ${url} did not load`));
    img.src = url;
  });
}

/**
 * The regions drawn over an image (spec §2 mask overlay): each in its colour with its edges, the
 * highlighted one (hovered here or in a list) stronger and the others dimmed; hidden regions are
 * not drawn. Fills its parent, which has the image's size and transform. Reports the region
 * under the pointer.
 */
export function MaskOverlay({
  regions,
  highlightId,
  onHover,
  className,
}: {
  regions: MaskRegion[];
  highlightId: number | null;
  onHover?: (maskId: number | null) => void;
  className?: string;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [map, setMap] = useState<LabelMap | null>(null);
  const lastHover = useRef<number | null>(null);

  // The label map is rebuilt when the set of mask files changes (a region edit gives new files), not on style or visibility.
  const files = useMemo(() => regions.map((r) => ({ id: r.id, url: r.maskUrl })), [regions]);
  const filesKey = files.map((f) => `${f.id}:${f.url.split('?')[0]}`).join(',');
  const first = files[0]?.url;
  useEffect(() => {
    if (!filesKey || !first) {
      setMap(null);
      return;
    }
    const controller = new AbortController();
    const probe = new Image();
    probe.onload = () => {
      const size = overlaySize(probe.naturalWidth || 1, probe.naturalHeight || 1);
      Promise.all(files.map((f) => loadPixels(f.url, size.width, size.height, controller.signal)))
        .then((pixels) => {
          if (!controller.signal.aborted) setMap(buildLabelMap(pixels, size.width, size.height));
        })
        .catch(() => {
          if (!controller.signal.aborted) setMap(null);
        });
    };
    probe.src = first;
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the files are known by their ids
  }, [filesKey]);

  const highlight = highlightId === null ? -1 : regions.findIndex((r) => r.id === highlightId);
  const colorsKey = regions.map((r) => `${r.color}${r.isVisible ? '' : '-'}`).join(',');
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !map) return;
    canvas.width = map.width;
    canvas.height = map.height;
    const g = canvas.getContext('2d');
    if (!g) return;
    const image = g.createImageData(map.width, map.height);
    paintOverlay(map, image.data, { colors: regions.map((r) => hexToRgb(r.color)), visible: regions.map((r) => r.isVisible), highlight });
    g.putImageData(image, 0, 0);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- colorsKey stands for the colours and visibility
  }, [map, colorsKey, highlight]);

  const hoverAt = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!map || !onHover) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const k = regionAt(map, (e.clientX - rect.left) / rect.width, (e.clientY - rect.top) / rect.height);
    const id = k >= 0 && regions[k]?.isVisible ? regions[k].id : null;
    if (id !== lastHover.current) {
      lastHover.current = id;
      onHover(id);
    }
  };

  return (
    <canvas
      ref={canvasRef}
      data-testid="mask-overlay"
      aria-hidden
      onPointerMove={hoverAt}
      onPointerLeave={() => {
        lastHover.current = null;
        onHover?.(null);
      }}
      className={className ?? 'absolute inset-0 size-full'}
      style={{ imageRendering: 'auto', opacity: map ? 1 : 0, transition: 'opacity 200ms' }}
    />
  );
}
