import clsx from 'clsx';
import { Tooltip } from 'radix-ui';
import type { ReactNode } from 'react';
import type { useImageDrop } from '../upload/useImageDrop';

/**
 * The layout the image screens (Create, Tweak, Upscale) share, after InvokeAI's canvas: the image
 * strip on the left; the canvas filling the middle, with the inspector sliding over its left edge;
 * the bottom strips (toolbar, results) under it; an optional side panel on the right. `extra`
 * holds what has no place of its own (hidden file inputs, dialogs).
 */
export function WorkspaceLayout({
  testId,
  strip,
  canvas,
  inspector,
  inspectorOpen = false,
  bottom,
  sidePanel,
  extra,
  dropHandlers,
  canvasOverlay,
}: {
  testId?: string;
  strip: ReactNode;
  canvas: ReactNode;
  inspector?: ReactNode;
  inspectorOpen?: boolean;
  bottom: ReactNode;
  sidePanel?: ReactNode;
  extra?: ReactNode;
  /** Drag-and-drop upload onto the canvas area. */
  dropHandlers?: ReturnType<typeof useImageDrop>['handlers'];
  /** Over the canvas, under the inspector (e.g. the empty canvas's upload area). */
  canvasOverlay?: ReactNode;
}) {
  return (
    <Tooltip.Provider delayDuration={250}>
      <div className="flex min-h-0 flex-1" data-testid={testId}>
        {strip}
        <div className="flex min-w-0 flex-1 flex-col">
          <div className="relative min-h-0 flex-1 overflow-hidden" data-workspace-canvas {...dropHandlers}>
            {canvas}
            {canvasOverlay}
            {inspector ? (
              <div
                className={clsx('absolute inset-y-0 left-0 z-10 transition-transform duration-300 ease-out', inspectorOpen ? 'translate-x-0' : '-translate-x-full')}
                aria-hidden={!inspectorOpen || undefined}
                inert={!inspectorOpen}
              >
                {inspector}
              </div>
            ) : null}
          </div>
          {bottom}
        </div>
        {sidePanel}
      </div>
      {extra}
    </Tooltip.Provider>
  );
}
