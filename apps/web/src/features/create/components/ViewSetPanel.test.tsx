import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { SetRender } from '@atelier/contract';
import { json, signedInAuth, withStore } from '../../../test/factories';
import { useRenderSet } from '../hooks/useRenderSet';
import { inputImage } from '../testing';
import { ViewSetPanel } from './ViewSetPanel';

const SET = 'Riverside – scheme B';
const views = [inputImage(7, { fileName: 'Camera.North', viewSet: SET }), inputImage(8, { fileName: 'Camera.South', viewSet: SET })];

/** The set, its quote, the render and its progress answered as the server does; each progress read advances one view. */
function serveSet({ balance = 20 } = {}) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  let reads = 0;
  const progress = (): SetRender => {
    reads++;
    const viewState = (id: number, batchId: number, doneAfter: number) => ({
      inputImageId: id,
      fileName: id === 7 ? 'Camera.North' : 'Camera.South',
      inputThumbnailUrl: null,
      batchId,
      status: reads >= doneAfter ? ('COMPLETED' as const) : ('PROCESSING' as const),
      images: [1, 2].map((n) => ({ id: batchId * 10 + n, variationNumber: n, status: reads >= doneAfter ? ('COMPLETED' as const) : ('PROCESSING' as const), imageUrl: null, thumbnailUrl: null })),
    });
    return {
      id: 5,
      set: SET,
      status: reads >= 3 ? 'COMPLETED' : 'PROCESSING',
      seeds: [1234567890, 2234567890],
      variations: 2,
      cost: 4,
      look: { prompt: 'Dusk', mode: 'photorealistic', renderType: 'exterior', selections: {} },
      createdAt: '2026-11-27T10:00:00.000Z',
      completedAt: null,
      views: [viewState(7, 31, 2), viewState(8, 32, 3)],
    };
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : null;
      const url = new URL(request ? request.url : String(input), 'http://app.test');
      const method = (request?.method ?? init?.method ?? 'GET').toUpperCase();
      const text = request ? await request.clone().text() : '';
      calls.push({ method, path: url.pathname + url.search, body: text ? JSON.parse(text) : undefined });
      const setPath = `/api/images/input-images/sets/${encodeURIComponent(SET)}`;
      if (url.pathname === setPath) return json({ name: SET, views });
      if (url.pathname === `${setPath}/quote`) {
        const variations = Number(url.searchParams.get('variations'));
        return json({ set: SET, views: 2, variations, cost: 2 * variations, balance, enough: balance >= 2 * variations });
      }
      if (url.pathname === '/api/runpod/render-set' && method === 'POST') return json({ ...progress(), status: 'PROCESSING' });
      if (url.pathname === '/api/runpod/set-renders/5') return json(progress());
      return json({ message: 'Not found', code: 'NOT_FOUND' }, 404);
    }),
  );
  return { calls, writes: () => calls.filter((c) => c.method !== 'GET') };
}

function Harness({ onSelect = () => {} }: { onSelect?: (id: number) => void }) {
  const renderSet = useRenderSet(7);
  return (
    <ViewSetPanel
      set={SET}
      selectedId={7}
      variations={2}
      onSelect={(v) => onSelect(v.id)}
      onRender={() => renderSet.start(SET, 2)}
      starting={renderSet.starting}
      activeRenderId={renderSet.activeRenderId(SET)}
    />
  );
}

const show = (ui: React.ReactElement) => render(withStore(<MemoryRouter>{ui}</MemoryRouter>, signedInAuth({ credits: 20 })).ui);

describe('ViewSetPanel', () => {
  it("shows the set's views side by side, the shown one pressed, and selects another", async () => {
    serveSet();
    const onSelect = vi.fn();
    show(<Harness onSelect={onSelect} />);
    const strip = await screen.findByRole('list', { name: 'Views of the set' });
    await waitFor(() => expect(within(strip).getAllByRole('img').map((i) => i.getAttribute('alt'))).toEqual(['Camera.North', 'Camera.South']));
    expect(screen.getByRole('button', { name: 'View Camera.North' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'View Camera.South' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'View Camera.South' }));
    expect(onSelect).toHaveBeenCalledWith(8);
    expect(screen.getByRole('button', { name: /Render set · 4 credits/ })).toBeEnabled();
  });

  it('folds to its header to leave the render in view, and unfolds', async () => {
    serveSet();
    show(<Harness />);
    await screen.findByRole('button', { name: 'View Camera.North' });
    await userEvent.click(screen.getByRole('button', { name: 'Hide the views' }));
    expect(screen.queryByRole('list', { name: 'Views of the set' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show the views' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: /Render set · 4 credits/ })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Show the views' }));
    expect(screen.getByRole('list', { name: 'Views of the set' })).toBeVisible();
  });

  it('asks with the total cost first, then renders the set with the shown look and follows each view', async () => {
    const server = serveSet();
    show(<Harness />);
    await screen.findByRole('button', { name: 'View Camera.South' });
    await userEvent.click(screen.getByRole('button', { name: /Render set · 4 credits/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('2 views × 2 variations = 4 credits')).toBeInTheDocument();
    expect(within(dialog).getByText('20 credits available')).toBeInTheDocument();
    expect(server.writes()).toEqual([]); // nothing started by opening the dialog
    await userEvent.click(within(dialog).getByRole('button', { name: 'Render 2 views · 4 credits' }));

    await waitFor(() => expect(server.writes()).toHaveLength(1));
    const body = server.writes()[0].body as Record<string, unknown>;
    expect(server.writes()[0].path).toBe('/api/runpod/render-set');
    expect(body).toMatchObject({ set: SET, fromInputImageId: 7, variations: 2 });
    expect(body).not.toHaveProperty('inputImageId');
    // Progress per view, then the set done.
    expect(await screen.findByTestId('view-progress-7')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('view-progress-7')).toHaveTextContent('Done'), { timeout: 6000 });
    await waitFor(() => expect(screen.getByTestId('set-progress')).toHaveTextContent('Set rendered'), { timeout: 6000 });
    expect(screen.getByTestId('view-progress-8')).toHaveTextContent('Done');
    // Once the set is done, its progress is no longer asked for.
    const reads = () => server.calls.filter((c) => c.path === '/api/runpod/set-renders/5').length;
    const after = reads();
    await new Promise((r) => setTimeout(r, 3500));
    expect(reads()).toBe(after);
  }, 20_000);

  it('cannot start when the credits do not cover the set, and says so', async () => {
    const server = serveSet({ balance: 3 });
    show(<Harness />);
    await screen.findByRole('button', { name: 'View Camera.South' });
    await userEvent.click(screen.getByRole('button', { name: /Render set · 4 credits/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Not enough credits: 3 available')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Render 2 views · 4 credits' })).toBeDisabled();
    expect(server.writes()).toEqual([]);
  });
});
