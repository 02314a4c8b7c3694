import type { SetRender, SetRenderView } from '@atelier/contract';

export interface ViewProgress {
  done: number;
  total: number;
  label: string;
  tone: 'working' | 'done' | 'failed';
}

/** One view's progress in a set render: its finished variations of the set's, and what to say. */
export function viewProgress(view: SetRenderView, variations: number): ViewProgress {
  const done = view.images.filter((i) => i.status !== 'PROCESSING').length;
  const total = Math.max(variations, view.images.length);
  if (view.status === 'FAILED') return { done, total, label: 'Failed · refunded', tone: 'failed' };
  if (view.status === 'COMPLETED') {
    const failed = view.images.filter((i) => i.status === 'FAILED').length;
    return { done, total, label: failed ? `Done · ${failed} failed` : 'Done', tone: 'done' };
  }
  return { done, total, label: `Rendering ${done}/${total}`, tone: 'working' };
}

/** The whole set render's progress: finished variations over all views. */
export function setProgress(render: SetRender): { done: number; total: number } {
  return render.views.reduce(
    (acc, v) => {
      const p = viewProgress(v, render.variations);
      return { done: acc.done + p.done, total: acc.total + p.total };
    },
    { done: 0, total: 0 },
  );
}

/** "3 views × 2 variations = 6 credits" (the rule the server charges by). */
export function setCostLine(views: number, variations: number, cost: number): string {
  return `${views} view${views === 1 ? '' : 's'} × ${variations} variation${variations === 1 ? '' : 's'} = ${cost} credit${cost === 1 ? '' : 's'}`;
}
