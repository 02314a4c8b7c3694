import { useRef, useState, type DragEvent } from 'react';
import { firstImageFile } from './useRefineUpload';

/**
 * Drag-and-drop onto the canvas area: `isOver` while files are dragged over it; a drop uses only
 * the first file and only if its type begins with image/ (spec §2); anything else calls `onReject`.
 */
export function useImageDrop(onFile: (file: File) => void, onReject: () => void, disabled = false) {
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
        else onReject();
      },
    },
  };
}
