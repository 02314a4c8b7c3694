import { useRef, useState, type DragEvent } from 'react';

/** The first dropped file if its type begins with image/ (spec §2), else null. */
export function firstImageFile(files: FileList | File[] | null | undefined): File | null {
  const first = files?.[0];
  return first && first.type.startsWith('image/') ? first : null;
}

/**
 * Drag-and-drop onto an area (the Create and Refine canvases): `isOver` while files are dragged
 * over it; on drop only the first file is considered, and only if it is an image; anything else
 * calls `onReject`.
 */
export function useImageDrop(onFile: (file: File) => void, onReject?: () => void, disabled = false) {
  const [isOver, setIsOver] = useState(false);
  const depth = useRef(0);
  const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');

  return {
    isOver,
    handlers: {
      onDragEnter: (e: DragEvent) => {
        if (disabled || !hasFiles(e)) return;
        e.preventDefault();
        depth.current += 1;
        setIsOver(true);
      },
      onDragOver: (e: DragEvent) => {
        if (disabled || !hasFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      },
      onDragLeave: (e: DragEvent) => {
        if (disabled || !hasFiles(e)) return;
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setIsOver(false);
      },
      onDrop: (e: DragEvent) => {
        if (disabled || !hasFiles(e)) return;
        e.preventDefault();
        depth.current = 0;
        setIsOver(false);
        const file = firstImageFile(e.dataTransfer.files);
        if (file) onFile(file);
        else onReject?.();
      },
    },
  };
}
