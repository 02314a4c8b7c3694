import { describe, expect, it } from 'vitest';
import type { SetRender } from '@atelier/contract';
import { lookSummary, setRenderState } from './setLooks';

const view = (status: SetRender['views'][number]['status'], id: number): SetRender['views'][number] => ({
  inputImageId: id,
  fileName: `Camera ${id}`,
  inputThumbnailUrl: null,
  batchId: 10 + id,
  status,
  images: [],
});
const render = (status: SetRender['status'], views: SetRender['views']): SetRender => ({
  id: 1,
  set: 'Riverside',
  status,
  seeds: [123],
  variations: 2,
  cost: 2 * views.length,
  look: { prompt: 'Dusk', mode: 'photorealistic', renderType: 'exterior', selections: { weather: 'sunny', lighting: 'golden_hour', style: null } },
  createdAt: '2026-11-27T10:00:00.000Z',
  completedAt: null,
  views,
});

describe('set render rows', () => {
  it('sums up the look from mode, kind of view and chosen sections, skipping empty ones', () => {
    expect(lookSummary(render('COMPLETED', []).look)).toBe('Photorealistic · exterior · weather: sunny · lighting: golden hour');
    expect(lookSummary({ prompt: '', mode: 'art', renderType: 'aerial', selections: { pen_and_ink: 'fine' } })).toBe('Art · aerial · pen and ink: fine');
  });

  it('says how far a set render is, and names failed views once it is done', () => {
    expect(setRenderState(render('PROCESSING', [view('COMPLETED', 1), view('PROCESSING', 2)]))).toBe('Rendering · 1 of 2 views done');
    expect(setRenderState(render('COMPLETED', [view('COMPLETED', 1), view('FAILED', 2)]))).toBe('1 of 2 views rendered · 1 failed (refunded)');
    expect(setRenderState(render('COMPLETED', [view('COMPLETED', 1), view('COMPLETED', 2)]))).toBe('2 views · 2 variations each');
  });
});
