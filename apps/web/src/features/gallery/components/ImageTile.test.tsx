import type { GalleryImage } from '@atelier/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tooltip } from 'radix-ui';
import { describe, expect, it } from 'vitest';
import { json, mockFetchBy, renderWithRouter, signedInAuth } from '../../../test/factories';
import { GalleryActionsProvider } from './GalleryActions';
import { ImageTile } from './ImageTile';

const image = (overrides: Partial<GalleryImage> = {}): GalleryImage => ({
  id: 42,
  batchId: 7,
  moduleType: 'CREATE',
  operationType: null,
  status: 'COMPLETED',
  variationNumber: 1,
  createdAt: '2025-03-14T15:05:00.000Z',
  width: 1024,
  height: 768,
  thumbnailUrl: '/api/files/u/1/generated/42/thumb.webp?exp=1&sig=a',
  imageUrl: '/api/files/u/1/generated/42/image.jpg?exp=1&sig=a',
  inputImageId: 5,
  baseImageId: null,
  prompt: 'A brick library',
  isPublic: false,
  publishedAt: null,
  publicUrl: null,
  ...overrides,
});

function renderTile(img: GalleryImage) {
  const fetchMock = mockFetchBy((url) => {
    if (url.includes('/open-in-create')) return json({ inputImageId: 5, created: false });
    return json({});
  });
  const utils = renderWithRouter(
    [
      {
        path: '/gallery',
        element: (
          <Tooltip.Provider>
            <GalleryActionsProvider timeZone="UTC">
              <ImageTile image={img} layout="square" height={240} />
            </GalleryActionsProvider>
          </Tooltip.Provider>
        ),
      },
      { path: '/edit', element: <p>Tweak screen</p> },
      { path: '/create', element: <p>Create screen</p> },
    ],
    { path: '/gallery', auth: signedInAuth() },
  );
  return { ...utils, fetchMock };
}

const tile = () => document.querySelector('[data-gallery-tile]') as HTMLElement;

describe('ImageTile', () => {
  it('shows the actions only on hover, each named for screen readers', async () => {
    renderTile(image());
    expect(within(tile()).queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
    fireEvent.pointerEnter(tile());
    for (const name of ['Download', 'Share', 'Send to Tweak', 'Open in Create', 'More actions']) {
      expect(within(tile()).getByRole('button', { name })).toBeInTheDocument();
    }
    fireEvent.pointerLeave(tile());
    expect(within(tile()).queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
  });

  it('sends the image to Tweak as /edit?imageId=', async () => {
    const { router } = renderTile(image());
    fireEvent.pointerEnter(tile());
    await userEvent.click(within(tile()).getByRole('button', { name: 'Send to Tweak' }));
    expect(router.state.location.pathname + router.state.location.search).toBe('/edit?imageId=42');
  });

  it('opens Create with the input image the server names', async () => {
    const { router, fetchMock } = renderTile(image());
    fireEvent.pointerEnter(tile());
    await userEvent.click(within(tile()).getByRole('button', { name: 'Open in Create' }));
    await waitFor(() => expect(router.state.location.search).toBe('?imageId=5'));
    const urls = fetchMock.mock.calls.map(([u]) => (u instanceof Request ? u.url : String(u)));
    expect(urls.some((u) => u.endsWith('/api/gallery/images/42/open-in-create'))).toBe(true);
  });

  it('counts an image without a status as completed, and marks one still rendering', () => {
    const { unmount } = renderTile(image({ status: undefined }));
    expect(screen.queryByRole('status', { name: 'Rendering' })).not.toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    unmount();
    renderTile(image({ status: 'PROCESSING' }));
    expect(screen.getByRole('status', { name: 'Rendering' })).toBeInTheDocument();
  });
});
