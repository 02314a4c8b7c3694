import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InputImage, RefineOperation, RefineOperationsResponse } from '@atelier/contract';
import { AppToaster } from '../../components/ui/toast';
import { json, mockFetchBy, renderWithRouter, signedInAuth } from '../../test/factories';
import { RefinePage } from './RefinePage';

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const empty = { inputImages: [], pagination: { page: 1, limit: 50, total: 0, totalPages: 0 } };

function operations(imageId: number, ops: RefineOperation[] = []): RefineOperationsResponse {
  return {
    imageId,
    imageType: 'generated',
    source: { imageId, imageType: 'generated', name: `Render 3 · variation 1`, imageUrl: `/api/files/gen/${imageId}.jpg`, thumbnailUrl: null, width: 1200, height: 800, prompt: 'a brick villa' },
    operations: ops,
  };
}

const page = (total: number) => ({ page: 1, limit: 50, total, totalPages: total > 0 ? 1 : 0 });

/** A completed render of the caller's, as GET /images/all-user-images lists it. */
function render(id: number, moduleType: 'CREATE' | 'TWEAK' | 'REFINE' = 'CREATE', operationType: string | null = null) {
  return {
    id,
    imageUrl: `/api/files/gen/${id}.jpg`,
    processedImageUrl: null,
    thumbnailUrl: `/api/files/gen/${id}-thumb.webp`,
    batchId: id,
    variationNumber: 1,
    status: 'COMPLETED',
    runpodStatus: 'COMPLETED',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    moduleType,
    operationType,
    maskMaterialMappings: null,
    aiPrompt: null,
    aiMaterials: [],
    settingsSnapshot: null,
    contextSelection: null,
    prompt: 'a brick villa',
    settings: null,
    inputImageId: null,
    baseImageId: null,
    width: 640,
    height: 480,
  };
}

function serve({ settings404 = true, renders = [] as unknown[], inputs = [] as unknown[] }: { settings404?: boolean; renders?: unknown[]; inputs?: unknown[] } = {}) {
  return mockFetchBy((url) => {
    const path = new URL(url, 'http://app.test').pathname;
    if (path === '/api/images/input-images-by-source/REFINE_MODULE') return json(empty);
    if (path === '/api/images/all-user-images') return json({ images: renders, pagination: page(renders.length) });
    if (path === '/api/images/input-images') return json({ inputImages: inputs, pagination: page(inputs.length) });
    if (path === '/api/refine/operations/41') return json({ ...operations(41), source: { ...operations(41).source, width: 640, height: 480 } });
    if (path === '/api/refine/settings/41') return json({ message: 'No refine settings are saved for this image', code: 'NOT_FOUND' }, 404);
    if (path === '/api/engine') return json({ name: 'local', isPreview: true });
    if (path === '/api/refine/operations/31') return json(operations(31));
    if (path === '/api/refine/settings/31') return settings404 ? json({ message: 'No refine settings are saved for this image', code: 'NOT_FOUND' }, 404) : json({});
    if (path === '/api/refine/settings') return json({ imageId: 31, imageType: 'generated', settings: {}, updatedAt: '2026-01-01T00:00:00.000Z' });
    if (path === '/api/refine/generate') {
      return json({
        success: true,
        batchId: 9,
        runpodId: 'local-9',
        output: { width: 3938, height: 2625 },
        remainingCredits: 118,
        operations: [2, 1].map((n) => ({
          id: 90 + n,
          status: 'PROCESSING',
          runpodStatus: 'SUBMITTED',
          resultImageUrl: null,
          processedImageUrl: null,
          thumbnailUrl: null,
          batchId: 9,
          variationNumber: n,
          operationType: 'upscale',
          width: null,
          height: null,
          settings: null,
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
        })),
      });
    }
    return json({ message: `unexpected ${path}` }, 404);
  });
}

function renderRefine(state: unknown, auth = signedInAuth()) {
  return renderWithRouter(
    [
      {
        path: '/upscale',
        element: (
          <>
            <RefinePage />
            <AppToaster />
          </>
        ),
      },
      { path: '/subscription', element: <p>Plans</p> },
    ],
    { path: '/upscale', auth, state },
  );
}

async function requestsTo(fetch: ReturnType<typeof serve>, path: string): Promise<unknown[]> {
  const bodies: unknown[] = [];
  for (const [input] of fetch.mock.calls) {
    if (!(input instanceof Request) || new URL(input.url).pathname !== path) continue;
    bodies.push(await input.clone().json());
  }
  return bodies;
}

describe('RefinePage', () => {
  beforeEach(() => {
    vi.stubGlobal('ResizeObserver', NoopResizeObserver);
    // react-hot-toast reads the reduced-motion preference.
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }));
    window.sessionStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the upload area when there is nothing to refine', async () => {
    serve();
    renderRefine(null);
    expect(await screen.findByRole('button', { name: 'Upload an image to refine' })).toBeInTheDocument();
    expect(screen.getByText(/JPG, PNG or WEBP/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
  });

  it('opened without an image (the work sidebar), lists the renders and inputs to choose from; a chosen render shows its output size relative to it', async () => {
    const input: InputImage = {
      id: 7,
      originalUrl: '/api/files/in/7.png',
      processedUrl: null,
      imageUrl: '/api/files/in/7.png',
      thumbnailUrl: null,
      fileName: 'harbour-house.png',
      status: 'COMPLETED',
      isProcessed: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      uploadSource: 'CREATE_MODULE',
      dimensions: { width: 960, height: 640 },
      aiMaterials: [],
      aiPrompt: null,
      generatedPrompt: null,
      sourceGeneratedImageId: null,
      sourceInputImageId: null,
    };
    serve({ renders: [render(42, 'TWEAK', 'inpaint'), render(41)], inputs: [input] });
    renderRefine(null);
    const strip = await screen.findByRole('navigation', { name: 'Images to refine' });
    expect(await within(strip).findByRole('button', { name: 'Render 41, variation 1' })).toBeInTheDocument();
    expect(within(strip).getByRole('button', { name: 'Tweak 42, variation 1' })).toBeInTheDocument();
    expect(within(strip).getByRole('button', { name: 'harbour-house.png' })).toBeInTheDocument();
    expect(within(strip).getByText('Renders')).toBeInTheDocument();
    expect(within(strip).getByText('Inputs')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload an image to refine' })).not.toBeInTheDocument();

    await userEvent.click(within(strip).getByRole('button', { name: 'Render 41, variation 1' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Scale 2×' }));
    await waitFor(() => expect(screen.getByTestId('refine-output')).toHaveTextContent('3,938 × 2,954 px, 6.2× this render'));
  });

  it("selects Create's image from the navigation state, clears the state, and uses the defaults after a 404", async () => {
    serve();
    const { router } = renderRefine({ imageId: 31, imageUrl: '/api/files/gen/31.jpg', imageType: 'generated' });
    const pinned = await screen.findByRole('button', { name: 'Render 31 from Create' });
    expect(pinned).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(screen.getByRole('combobox', { name: 'Resolution' })).toHaveValue('1969');
    expect(await screen.findByTestId('refine-output')).toHaveTextContent('1,969 × 1,313 px, 1.6× this render · 2.6 MP');
    expect(screen.getByRole('switch', { name: 'Match Color' })).toBeChecked();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('without credits for every variation shows the out-of-credits toast and sends nothing', async () => {
    const fetch = serve();
    renderRefine({ imageId: 31, imageUrl: '/api/files/gen/31.jpg', imageType: 'generated' }, signedInAuth({ credits: 1 }));
    await screen.findByText(/1,969 × 1,313 px/);
    await userEvent.click(screen.getByRole('radio', { name: '2 variations' }));
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText("You've run out of credits! Upgrade your plan to continue generating amazing content.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upgrade Now' })).toBeInTheDocument();
    expect(await requestsTo(fetch, '/api/refine/generate')).toEqual([]);
  });

  it('sends the settings with the image and shows the new results as in progress', async () => {
    const fetch = serve();
    renderRefine({ imageId: 31, imageUrl: '/api/files/gen/31.jpg', imageType: 'generated' });
    await screen.findByText(/1,969 × 1,313 px/);
    await userEvent.click(screen.getByRole('radio', { name: 'Scale 2×' }));
    await userEvent.click(screen.getByRole('radio', { name: '2 variations' }));
    expect(screen.getByTestId('refine-output')).toHaveTextContent('3,938 × 2,626 px');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    const results = screen.getByRole('region', { name: 'Results' });
    await waitFor(() => expect(within(results).getAllByRole('button', { name: /refining/ })).toHaveLength(2));
    expect(await requestsTo(fetch, '/api/refine/generate')).toEqual([
      {
        imageId: 31,
        imageType: 'generated',
        imageUrl: '/api/files/gen/31.jpg',
        resolution: { width: 1969, height: 1969 },
        scaleFactor: 2,
        aiStrength: 12,
        resemblance: 12,
        clarity: 12,
        sharpness: 12,
        matchColor: true,
        variations: 2,
      },
    ]);
  });
});
