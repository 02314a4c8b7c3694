import type { GalleryDaysResponse, GalleryImage } from '@atelier/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../app/api/base';
import { makeStore } from '../../../app/store';
import { initialAuthState } from '../../auth/store/authSlice';
import { json, mockFetchBy, signedInAuth } from '../../../test/factories';
import { dayKeyOf } from '../lib/days';
import { GalleryView } from './GalleryView';

// The gallery against a mocked API holding 5,000 images over 120 days: the DOM keeps only the
// rows near the viewport, only the month pages of those rows are requested, and the visible day
// stays put when newer images arrive.

const VIEWPORT = { width: 1200, height: 800 };
const HOUR = 3_600_000;

function makeImages(count: number, newest = Date.UTC(2025, 5, 30, 20)): GalleryImage[] {
  const step = (120 * 24 * HOUR) / count;
  return Array.from({ length: count }, (_, i) => {
    const createdAt = new Date(newest - Math.round(i * step)).toISOString();
    return {
      id: count - i,
      batchId: Math.ceil((count - i) / 4),
      moduleType: 'CREATE',
      operationType: null,
      status: 'COMPLETED',
      variationNumber: 1,
      createdAt,
      width: 1024,
      height: 768,
      thumbnailUrl: `/api/files/u/1/generated/${count - i}/thumb.webp?exp=1&sig=x`,
      imageUrl: `/api/files/u/1/generated/${count - i}/image.jpg?exp=1&sig=x`,
      inputImageId: null,
      baseImageId: null,
      prompt: 'A timber pavilion',
      isPublic: false,
      publishedAt: null,
      publicUrl: null,
    } satisfies GalleryImage;
  });
}

const dayKeys = new Map<string, string>();
const utcDay = (iso: string) => {
  let key = dayKeys.get(iso);
  if (!key) dayKeys.set(iso, (key = dayKeyOf(iso, 'UTC')));
  return key;
};

function daysOf(images: GalleryImage[]): GalleryDaysResponse {
  const counts = new Map<string, number>();
  for (const img of images) counts.set(utcDay(img.createdAt), (counts.get(utcDay(img.createdAt)) ?? 0) + 1);
  const days = [...counts.entries()].sort((a, b) => (a[0] < b[0] ? 1 : -1)).map(([date, count]) => ({ date, count }));
  return { mode: 'organize', timeZone: 'UTC', unit: 'image', total: images.length, days };
}

/** A fake server over `images` (read at call time, so tests can add some). */
function serve(state: { images: GalleryImage[]; failPages?: number }) {
  return mockFetchBy((url) => {
    const u = new URL(url, 'http://localhost');
    if (u.pathname === '/api/gallery/days') return json(daysOf(state.images));
    if (u.pathname === '/api/gallery/images') {
      if (state.failPages && state.failPages-- > 0) return json({ message: 'Something went wrong', code: 'INTERNAL' }, 500);
      const from = u.searchParams.get('from')!;
      const to = u.searchParams.get('to')!;
      const page = Number(u.searchParams.get('page'));
      const limit = Number(u.searchParams.get('limit'));
      const inRange = state.images.filter((i) => {
        const d = utcDay(i.createdAt);
        return d >= from && d <= to;
      });
      return json({
        images: inRange.slice((page - 1) * limit, page * limit),
        pagination: { page, limit, total: inRange.length, totalPages: Math.ceil(inRange.length / limit) },
      });
    }
    return json({});
  });
}

function renderGallery() {
  const store = makeStore({ auth: { ...initialAuthState, ...signedInAuth() } });
  const router = createMemoryRouter([{ path: '/gallery', element: <GalleryView variant="page" timeZone="UTC" initialRect={VIEWPORT} /> }], {
    initialEntries: ['/gallery'],
  });
  const utils = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...utils, store };
}

const scroller = () => document.querySelector('[data-gallery-scroll]') as HTMLElement;
async function scrollTo(top: number) {
  await act(async () => {
    scroller().scrollTop = top;
    fireEvent.scroll(scroller());
  });
}
const tileIds = () => [...document.querySelectorAll('[data-gallery-tile]')].map((t) => Number(t.getAttribute('data-image-id')));

describe('GalleryView with 5,000 images', () => {
  // jsdom has no layout: give the scroll area the size of a window (the virtualizer reads clientWidth/clientHeight).
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

  it('keeps fewer than 300 image elements in the DOM while scrolling the whole history, loading only nearby pages', async () => {
    const state = { images: makeImages(5000) };
    const fetchMock = serve(state);
    renderGallery();

    await waitFor(() => expect(document.querySelectorAll('img').length).toBeGreaterThan(0));
    expect(screen.getByText('5,000 images')).toBeInTheDocument();
    const inner = scroller().firstElementChild as HTMLElement;
    const totalHeight = parseFloat(inner.style.height);
    // The whole history's height is known up front: 5,000 images / 4 columns of ~280 px rows.
    expect(totalHeight).toBeGreaterThan(1250 * 250);

    let most = 0;
    const seen = new Set<number>();
    for (let top = 0; top < totalHeight; top += totalHeight / 15) {
      await scrollTo(top);
      await waitFor(() => expect(document.querySelectorAll('[data-gallery-tile]').length).toBeGreaterThan(0));
      const count = document.querySelectorAll('img').length;
      most = Math.max(most, count);
      tileIds().forEach((id) => seen.add(id));
    }
    await scrollTo(totalHeight);
    await waitFor(() => expect(tileIds()).toContain(1));

    expect(most).toBeLessThan(300);
    expect(most).toBeGreaterThan(8);
    // Images from across the history were shown, the oldest included…
    expect(seen.size).toBeGreaterThan(150);
    // …with far fewer requests than 50 pages of 100, and never the whole history at once.
    const pageCalls = fetchMock.mock.calls
      .map(([u]) => (u instanceof Request ? u.url : String(u)))
      .filter((u) => u.includes('/api/gallery/images'));
    expect(pageCalls.length).toBeGreaterThan(3);
    expect(pageCalls.length).toBeLessThan(60);
    for (const call of pageCalls) expect(new URL(call, 'http://x').searchParams.get('limit')).toBe('100');
  }, 60_000);

  it('keeps the day being looked at in place when new images arrive on a newer day', async () => {
    const state = { images: makeImages(600) };
    serve(state);
    const { store } = renderGallery();
    await waitFor(() => expect(document.querySelectorAll('[data-gallery-tile]').length).toBeGreaterThan(0));

    await scrollTo(6000);
    await waitFor(() => expect(tileIds().length).toBeGreaterThan(0));
    const before = tileIds();

    // Ten new images on a new day, newer than everything shown.
    const newest = Date.parse(state.images[0].createdAt);
    const fresh = Array.from({ length: 10 }, (_, i) => ({
      ...state.images[0],
      id: 10_000 + i,
      createdAt: new Date(newest + 30 * HOUR + i * 60_000).toISOString(),
    })).reverse();
    state.images = [...fresh, ...state.images];
    await act(async () => {
      store.dispatch(api.util.invalidateTags(['GalleryDays']));
    });
    await waitFor(() => expect(screen.getByText('610 images')).toBeInTheDocument());
    // One more day header and three more rows above: the view moved down by exactly that…
    await waitFor(() => expect(scroller().scrollTop).toBeGreaterThan(6000));
    // …so the same images are still on screen.
    await waitFor(() => expect(tileIds().filter((id) => before.includes(id)).length).toBeGreaterThan(before.length / 2));
  }, 30_000);

  it('stays at the top when the user is at the top, showing the new images', async () => {
    const state = { images: makeImages(40) };
    serve(state);
    const { store } = renderGallery();
    await waitFor(() => expect(tileIds()).toContain(40));
    state.images = [{ ...state.images[0], id: 99, createdAt: new Date(Date.parse(state.images[0].createdAt) + 60_000).toISOString() }, ...state.images];
    await act(async () => {
      store.dispatch(api.util.invalidateTags(['GalleryDays']));
    });
    await waitFor(() => expect(tileIds()).toContain(99));
    expect(scroller().scrollTop).toBe(0);
  });

  it('offers a retry on tiles whose page failed to load, instead of skeletons forever', async () => {
    const state = { images: makeImages(12), failPages: 1 };
    serve(state);
    renderGallery();
    const retry = await screen.findAllByRole('button', { name: /Couldn’t load/ });
    // The newest month failed; its images are missing until the retry.
    expect(tileIds()).not.toContain(12);
    await act(async () => retry[0].click());
    await waitFor(() => expect(tileIds()).toContain(12));
    expect(screen.queryByRole('button', { name: /Couldn’t load/ })).not.toBeInTheDocument();
  });
});
