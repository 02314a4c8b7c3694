import { PanelLeftClose } from 'lucide-react';
import { useState, type ReactNode } from 'react';

/** The inspector's width; the canvas keeps this much free on its left while it is open. */
const INSPECTOR_WIDTH = 322;

/** Whether a screen's inspector is open (it is at first), and the width it covers on the canvas. */
export function useInspectorToggle() {
  const [open, setOpen] = useState(true);
  return { open, insetLeft: open ? INSPECTOR_WIDTH : 0, show: () => setOpen(true), minimise: () => setOpen(false) };
}

export type InspectorToggle = ReturnType<typeof useInspectorToggle>;

/**
 * The left inspector of a workspace screen (Create, Refine): its title with the minimise
 * button, a scrolling body and a footer that stays put (the main button and its cost).
 */
export function InspectorPanel({
  title,
  onMinimise,
  footer,
  children,
}: {
  title: string;
  onMinimise: () => void;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <aside aria-label="Edit Inspector" style={{ width: INSPECTOR_WIDTH }} className="flex h-full flex-col border-r border-stone-200 bg-white">
      <div className="flex h-12 shrink-0 items-center justify-between border-b border-stone-100 pr-2 pl-4">
        <h2 className="text-[13px] font-semibold tracking-tight text-stone-900">{title}</h2>
        <button
          type="button"
          onClick={onMinimise}
          aria-label="Minimise the inspector"
          title="Minimise"
          className="rounded-lg p-1.5 text-stone-400 transition-colors hover:bg-stone-100 hover:text-stone-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <PanelLeftClose className="size-4.5" />
        </button>
      </div>

      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">{children}</div>

      {footer ? <div className="shrink-0 space-y-3 border-t border-stone-200 bg-white p-4">{footer}</div> : null}
    </aside>
  );
}
