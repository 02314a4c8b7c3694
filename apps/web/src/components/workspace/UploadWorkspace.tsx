import type { ComponentProps, ReactNode } from 'react';
import { DropOverlay } from './CanvasFrame';
import { CanvasDropZone, HiddenFileInput } from './CanvasUpload';
import type { useWorkspaceUpload } from './useWorkspaceUpload';
import type { InspectorToggle } from './InspectorPanel';
import { WorkspaceLayout } from './WorkspaceLayout';

type WorkspaceUpload = ReturnType<typeof useWorkspaceUpload>;

/**
 * The workspace of a screen that takes uploads (Create, Upscale and Refine): the layout with the
 * hidden file input behind the upload buttons, drag-and-drop onto the canvas, the empty canvas's
 * upload area, and the overlay while a file is dragged over the canvas.
 */
export function UploadWorkspace({
  workspace: { upload, fileInput, browse, drop },
  fileInputTestId,
  emptyCanvas,
  inspectorState: { open, insetLeft },
  extra,
  ...layout
}: Omit<ComponentProps<typeof WorkspaceLayout>, 'dropHandlers' | 'canvasOverlay' | 'inspectorOpen'> & {
  workspace: WorkspaceUpload;
  fileInputTestId: string;
  /** The upload area the empty canvas shows; null when the canvas has something to show. */
  emptyCanvas: Pick<ComponentProps<typeof CanvasDropZone>, 'title' | 'text' | 'wholeZone'> | null;
  /** Whether the inspector is open, and the width it covers on the canvas. */
  inspectorState: InspectorToggle;
  extra?: ReactNode;
}) {
  return (
    <WorkspaceLayout
      {...layout}
      inspectorOpen={open}
      dropHandlers={drop.handlers}
      canvasOverlay={
        emptyCanvas ? (
          <CanvasDropZone insetLeft={insetLeft} {...emptyCanvas} upload={upload} isOver={drop.isOver} onBrowse={browse} />
        ) : drop.isOver ? (
          <DropOverlay insetLeft={insetLeft} />
        ) : null
      }
      extra={
        <>
          <HiddenFileInput inputRef={fileInput} testId={fileInputTestId} onFile={(file) => void upload.upload(file)} />
          {extra}
        </>
      }
    />
  );
}

/** The strip's upload tile and paging, from the screen's upload and its infinite query of images. */
export function uploadStripChrome(
  { upload, browse }: WorkspaceUpload,
  query: { isLoading: boolean; hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown },
  error: string | null,
) {
  return {
    onUploadClick: browse,
    upload,
    loading: query.isLoading,
    error,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    onLoadMore: () => void query.fetchNextPage(),
  };
}
