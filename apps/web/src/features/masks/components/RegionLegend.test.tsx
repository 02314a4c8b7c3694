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

describe('RegionLegend confidence', () => {
  it('marks the regions the engine is unsure of, with the confidence in the tooltip, and not the sure or user-named ones', () => {
    const regions = [
      maskRegion(1, { label: 'facade', confidence: 0.93 }),
      maskRegion(2, { label: 'roof', position: 1, confidence: 0.52 }),
      maskRegion(3, { label: 'region', position: 2, confidence: 0.41 }),
      maskRegion(4, { label: 'Oak cladding', position: 3, confidence: null }),
    ];
    render(withStore(<RegionLegend inputImageId={5} regions={regions} />).ui);
    const marks = screen.getAllByText('unsure');
    expect(marks).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'Unsure of this name (52 % confidence): check it' })).toHaveAttribute('title', 'Unsure of this name (52 % confidence): check it');
    expect(screen.getByRole('img', { name: /Not named: .*41 % confidence/ })).toBeInTheDocument();
    expect(screen.getByText('Region 3')).toBeInTheDocument();
  });
});
