import type { GalleryImage } from '@atelier/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeStore } from '../../../app/store';
import { initialAuthState } from '../../auth/store/authSlice';
import { json, mockFetchBy, signedInAuth } from '../../../test/factories';
import { GalleryPage } from '../GalleryPage';

// The gallery's filter panel (spec §3 "filters, filter panel") on the /gallery page: the URL holds
// the filters (a refresh keeps them), every gallery call sends them, the active ones are chips,
// and a filter that matches nothing says so with a way out.

const VIEWPORT = { width: 1200, height: 800 };

function image(id: number, day: string, isPublic: boolean): GalleryImage {
  return {
    id,
    batchId: id,
    moduleType: 'CREATE',
    operationType: null,
    status: 'COMPLETED',
    variationNumber: 1,
    createdAt: `${day}T10:00:00.000Z`,
    width: 1024,
    height: 768,
    thumbnailUrl: `/api/files/u/1/generated/${id}/thumb.webp?exp=1&sig=x`,
    imageUrl: `/api/files/u/1/generated/${id}/image.jpg?exp=1&sig=x`,
    inputImageId: null,
    baseImageId: null,
    prompt: 'A timber pavilion',
    isPublic,
    publishedAt: null,
    publicUrl: null,
  };
}

/** Three interior renders (one shared), two exterior: the fake server filters as the real one does. */
const IMAGES = [
  { ...image(5, '2025-05-05', false), renderType: 'interior' },
  { ...image(4, '2025-05-04', false), renderType: 'exterior' },
  { ...image(3, '2025-05-03', true), renderType: 'interior' },
  { ...image(2, '2025-05-02', false), renderType: 'exterior' },
  { ...image(1, '2025-05-01', false), renderType: 'interior' },
];

function serve() {
  const asked: URL[] = [];
  mockFetchBy((url) => {
    const u = new URL(url, 'http://localhost');
    asked.push(u);
    const renderType = u.searchParams.get('renderType');
    const visibility = u.searchParams.get('visibility');
    const dateFrom = u.searchParams.get('dateFrom');
    const matching = IMAGES.filter(
      (i) =>
        (!renderType || i.renderType === renderType) &&
        (!visibility || i.isPublic === (visibility === 'shared')) &&
        (!dateFrom || i.createdAt.slice(0, 10) >= dateFrom),
    );
    if (u.pathname === '/api/gallery/days') {
      const days = matching.map((i) => ({ date: i.createdAt.slice(0, 10), count: 1 }));
      return json({ mode: 'organize', timeZone: 'UTC', unit: 'image', total: matching.length, days });
    }
    if (u.pathname === '/api/gallery/images') {
      const inRange = matching.filter((i) => i.createdAt.slice(0, 10) >= u.searchParams.get('from')! && i.createdAt.slice(0, 10) <= u.searchParams.get('to')!);
      return json({ images: inRange, pagination: { page: 1, limit: 100, total: inRange.length, totalPages: 1 } });
    }
    return json({});
  });
  return asked;
}

function renderAt(path: string) {
  const store = makeStore({ auth: { ...initialAuthState, ...signedInAuth() } });
  const router = createMemoryRouter([{ path: '/gallery', element: <GalleryPage /> }], { initialEntries: [path] });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}

const tileIds = () => [...document.querySelectorAll('[data-gallery-tile]')].map((t) => Number(t.getAttribute('data-image-id')));

describe('gallery filters', () => {
  const saved = {
    w: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth'),
    h: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight'),
  };
  beforeEach(() => {
    const size = (dim: 'width' | 'height') =>
      function (this: HTMLElement) {
        return this.hasAttribute('data-gallery-scroll') ? VIEWPORT[dim] : 0;
      };
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: size('width') });
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: size('height') });
  });
  afterEach(() => {
    if (saved.w) Object.defineProperty(HTMLElement.prototype, 'clientWidth', saved.w);
    if (saved.h) Object.defineProperty(HTMLElement.prototype, 'clientHeight', saved.h);
  });

  it('opens with the filters its URL names, sends them with every gallery call and shows them as chips', async () => {
    const asked = serve();
    renderAt('/gallery?renderType=interior');
    await waitFor(() => expect(tileIds()).toEqual([5, 3, 1]));
    const gallery = asked.filter((u) => u.pathname.startsWith('/api/gallery/'));
    expect(gallery.length).toBeGreaterThan(1);
    expect(gallery.every((u) => u.searchParams.get('renderType') === 'interior')).toBe(true);
    const chips = screen.getByRole('group', { name: 'Active filters' });
    expect(within(chips).getByText('Interior')).toBeInTheDocument();
    expect(screen.getByText('3 images')).toBeInTheDocument();
  });

  it('the panel is used from the keyboard; the URL follows; no match says so; chips and Clear filters remove them', async () => {
    const user = userEvent.setup();
    serve();
    const router = renderAt('/gallery');
    // Unfiltered, the exterior renders (4, 2) are among the first tiles.
    await waitFor(() => expect(tileIds().slice(0, 4)).toEqual([5, 4, 3, 2]));

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const panel = screen.getByRole('region', { name: 'Filters' });
    // Tab into the render type group and choose with the arrow keys, as a keyboard user does.
    within(panel).getByRole('radio', { name: 'Exterior' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(within(panel).getByRole('radio', { name: 'Interior' })).toBeChecked();
    await waitFor(() => expect(router.state.location.search).toBe('?renderType=interior'));
    await waitFor(() => expect(tileIds()).toEqual([5, 3, 1]));

    await user.click(within(panel).getByRole('radio', { name: 'Private' }));
    await user.type(within(panel).getByLabelText('From'), '2025-05-04');
    await waitFor(() => expect(router.state.location.search).toBe('?renderType=interior&visibility=private&dateFrom=2025-05-04'));
    await user.click(within(panel).getByRole('radio', { name: 'Shared on Explore' }));
    expect(await screen.findByText('No images match these filters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters · 3' })).toHaveAttribute('aria-expanded', 'true');

    await user.click(screen.getByRole('button', { name: 'Remove filter: Shared on Explore' }));
    await waitFor(() => expect(router.state.location.search).toBe('?renderType=interior&dateFrom=2025-05-04'));
    await user.click(within(screen.getByRole('group', { name: 'Active filters' })).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('group', { name: 'Active filters' })).not.toBeInTheDocument();
    await waitFor(() => expect(tileIds().slice(0, 4)).toEqual([5, 4, 3, 2]));
  });
});
