import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MaskGeometryResponse } from '@atelier/contract';
import { json, mockFetchBy, withStore } from '../../../test/factories';
import { resetMaskView } from '../store/maskView';
import { maskRegion, masksReply } from '../testing';
import { CanvasMaskLayer, CanvasRegionPanel } from './CanvasRegions';
import { describePoint } from './GeometryOverlay';

const regions = [maskRegion(11, { label: 'facade' }), maskRegion(12, { label: 'sky', position: 1 }), maskRegion(13, { label: 'ground', position: 2 })];

function geometry(over: Partial<MaskGeometryResponse['data']> = {}): MaskGeometryResponse {
  return {
    success: true,
    data: {
      inputImageId: 5,
      width: 512,
      height: 384,
      focal: 330,
      focalFrom: 'vanishing-points',
      manhattan: true,
      vanishingPoints: [
        { role: 'vertical', x: 0.05, y: -0.99, w: 0.0001, support: 900, implied: false },
        { role: 'horizontal', x: -0.8, y: 0.5, w: 0.001, support: 700, implied: false },
        { role: 'horizontal', x: 1, y: 0, w: 0, support: 0, implied: true },
      ],
      regions: [
        {
          maskId: 11,
          label: 'facade',
          kind: 'wall',
          source: 'lines',
          confidence: 0.8,
          faces: 2,
          vanishing: [
            { x: -0.8, y: 0.5, w: 0.001 },
            { x: 0.05, y: -0.99, w: 0.0001 },
          ],
          step: 1,
          u: [
            [
              [100, 300],
              [102, 150],
            ],
            [
              [140, 300],
              [141, 150],
            ],
          ],
          v: [
            [
              [100, 300],
              [400, 280],
            ],
          ],
        },
        { maskId: 13, label: 'ground', kind: 'floor', source: 'fallback', confidence: 0.1, vanishing: [{ x: 1, y: 0, w: 0 }, { x: 0, y: -1, w: 0 }], faces: 1, step: 2, u: [], v: [] },
      ],
      ...over,
    },
  };
}

function setup(reply: () => Response | Promise<Response>) {
  const fetch = mockFetchBy((url) => {
    const path = new URL(url, 'http://app.test').pathname;
    if (path === '/api/masks/5') return json(masksReply(5, regions));
    if (path === '/api/masks/5/geometry') return reply();
    return json({}, 404);
  });
  render(
    withStore(
      <div>
        <div data-testid="image">
          <CanvasMaskLayer inputImageId={5} target="input" />
        </div>
        <CanvasRegionPanel inputImageId={5} target="input" />
      </div>,
    ).ui,
  );
  return fetch;
}

const geometryCalls = (fetch: ReturnType<typeof mockFetchBy>) => fetch.mock.calls.filter(([u]) => String(u instanceof Request ? u.url : u).includes('/geometry')).length;

describe('Show geometry on the region overlay', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    resetMaskView();
  });

  it('is off until switched on from the keyboard; then draws each plane grid over the image and lists the vanishing points', async () => {
    const fetch = setup(() => json(geometry()));
    const toggle = await screen.findByRole('button', { name: /Show geometry/ });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByTestId('geometry-overlay')).not.toBeInTheDocument();
    expect(geometryCalls(fetch)).toBe(0);

    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const overlay = await within(screen.getByTestId('image')).findByTestId('geometry-overlay');
    expect(overlay).toHaveAttribute('viewBox', '0 0 512 384');
    const wall = overlay.querySelector('[data-region="11"]')!;
    expect(wall.querySelectorAll('polyline')).toHaveLength(3);
    expect(wall.querySelector('polyline')).toHaveAttribute('points', '100,300 102,150');
    expect(overlay.querySelector('[data-region="13"]')).toHaveAttribute('data-source', 'fallback');

    const vps = screen.getByRole('list', { name: 'Vanishing points' });
    const items = within(vps).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([expect.stringMatching(/^Vertical.*outside the frame/), expect.stringMatching(/^Horizontal 1.*outside the frame/), expect.stringMatching(/^Horizontal 2at infinity \(0°\) · implied/)]);
    const planes = screen.getByRole('list', { name: 'Region planes' });
    expect(within(planes).getByText('wall · 2 faces · 80%')).toBeInTheDocument();
    expect(within(planes).getByText('flat guess')).toBeInTheDocument();

    await userEvent.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByTestId('geometry-overlay')).not.toBeInTheDocument();
  });

  it('says it is working while the server computes, and says so plainly when there is nothing to give a plane', async () => {
    let release: (r: Response) => void = () => {};
    setup(() => new Promise<Response>((r) => (release = r)));
    await userEvent.click(await screen.findByRole('button', { name: /Show geometry/ }));
    expect(await screen.findByText('Finding the lines and vanishing points…')).toBeInTheDocument();
    release(json(geometry({ regions: [] })));
    expect(await screen.findByText('No façade, ground or roof region to give a plane.')).toBeInTheDocument();
  });

  it('shows an error with a retry when the server fails', async () => {
    let fail = true;
    const fetch = setup(() => (fail ? json({ message: 'Internal error', code: 'INTERNAL' }, 500) : json(geometry())));
    await userEvent.click(await screen.findByRole('button', { name: /Show geometry/ }));
    const alert = await screen.findByRole('alert');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Vanishing points' })).toBeInTheDocument());
    expect(geometryCalls(fetch)).toBeGreaterThanOrEqual(2);
  });
});

describe('describePoint', () => {
  it('tells points at infinity from finite ones inside or outside the frame', () => {
    expect(describePoint({ x: 0, y: 1, w: 0 }, 512, 384)).toBe('at infinity (90°)');
    expect(describePoint({ x: 256, y: 192, w: 1 }, 512, 384)).toBe('at 256, 192');
    expect(describePoint({ x: -900, y: 200, w: 1 }, 512, 384)).toBe('outside the frame at -900, 200');
  });
});
