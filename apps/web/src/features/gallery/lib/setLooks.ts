import type { SetRender } from '@atelier/contract';

const words = (v: string) => v.replace(/[_-]+/g, ' ').trim();

/**
 * What makes a set render's look, in one line: the mode, the kind of view and the chosen
 * sections (sky, light, style, …), e.g. "Photorealistic · exterior · weather: sunny · lighting: golden hour".
 */
export function lookSummary(look: SetRender['look']): string {
  const parts = [look.mode === 'art' ? 'Art' : 'Photorealistic', words(look.renderType)];
  for (const [section, value] of Object.entries(look.selections)) {
    if (value === null || value === undefined || value === '') continue;
    parts.push(`${words(section)}: ${words(String(value))}`);
  }
  return parts.join(' · ');
}

/** "2 of 3 views rendered" while a set render runs or when some views failed; "3 views" when all are done. */
export function setRenderState(render: SetRender): string {
  const done = render.views.filter((v) => v.status === 'COMPLETED').length;
  const failed = render.views.filter((v) => v.status === 'FAILED').length;
  const n = render.views.length;
  if (render.status !== 'COMPLETED') return `Rendering · ${done} of ${n} views done`;
  if (failed) return `${done} of ${n} views rendered · ${failed} failed (refunded)`;
  return `${n} view${n === 1 ? '' : 's'} · ${render.variations} variation${render.variations === 1 ? '' : 's'} each`;
}
