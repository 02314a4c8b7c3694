import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withStore } from '../../../test/factories';
import { maskRegion } from '../testing';
import { RegionLegend } from './RegionLegend';

function showAt(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? 0);
    return { matches: width >= min, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} };
  });
  const regions = [maskRegion(1, { label: 'facade' }), maskRegion(2, { label: 'sky', position: 1 }), maskRegion(3, { label: 'ground', position: 2 })];
  render(withStore(<RegionLegend inputImageId={5} regions={regions} />).ui);
}

describe('RegionLegend', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts as a compact strip of swatches below 1440 px wide (it would cover a third of a 1280 × 720 canvas)', async () => {
    showAt(1280);
    expect(screen.getByRole('button', { name: /Regions/ })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'Regions on the canvas' })).not.toBeInTheDocument();
    expect(screen.getByTestId('region-swatches').children).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: /Regions/ }));
    expect(screen.getByRole('list', { name: 'Regions on the canvas' })).toBeInTheDocument();
  });

  it('starts open from 1440 px wide', () => {
    showAt(1440);
    expect(screen.getByRole('list', { name: 'Regions on the canvas' })).toBeInTheDocument();
    expect(screen.queryByTestId('region-swatches')).not.toBeInTheDocument();
  });
});
