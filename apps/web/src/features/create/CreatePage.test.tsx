import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, type RouteObject } from 'react-router';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomizationSettings } from '@atelier/contract';
import { AppToaster } from '../../components/ui/toast';
import { json, renderWithRouter, signedInAuth } from '../../test/factories';
import { optionsFixture } from '../customization/testing';
import { createImagesStarted, generationApi, flattenCreateImages } from '../../app/api/generation';
import { WORKSPACE_STORAGE_KEY } from '../teams/store/storedWorkspace';
import { workspaceSelected } from '../teams/store/workspaceSlice';
import { CreatePage } from './CreatePage';
import { AUTO_SELECT_DELAY_MS } from './historyOrder';
import { createImage, inputImage, page } from './testing';

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

function settings(overrides: Partial<CustomizationSettings>): { success: true; settings: CustomizationSettings } {
  return {
    success: true,
    settings: {
      selectedStyle: 'photorealistic',
      variations: 1,
      creativity: 3,
      expressivity: 2,
      resemblance: 3,
      selections: {},
      maskMaterialMappings: {},
      contextSelection: null,
      generatedPrompt: null,
      aiMaterials: [],
      inputImageId: 4,
      batchId: 3,
      ...overrides,
    },
  };
}

interface Server {
  inputs?: ReturnType<typeof inputImage>[];
  creates?: ReturnType<typeof createImage>[];
  batchSettings?: Record<number, unknown>;
  imageSettings?: Record<number, unknown>;
  /** Images past the loaded pages, answered by GET /images/{input,generated}-images/{id}. */
  olderInputs?: ReturnType<typeof inputImage>[];
  olderCreates?: ReturnType<typeof createImage>[];
  /** The reply to POST /runpod/generate (default: batch 9 with images 91 to 94). */
  generate?: () => Response | Promise<Response>;
  /** Replies that arrive when the test says, by path. */
  later?: Record<string, Promise<Response>>;
  /** GET /credits: the balance of the workspace the call names (X-Atelier-Workspace). */
  balances?: { personal: number; team: number };
}

function serve({ inputs = [inputImage(5), inputImage(4)], creates = [], batchSettings = {}, imageSettings = {}, generate, olderInputs = [], olderCreates = [], later = {}, balances }: Server = {}) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const request = input instanceof Request ? input : null;
    const url = request ? request.url : String(input);
    const path = new URL(url, 'http://app.test').pathname;
    if (path === '/api/credits' && balances) {
      const credits = request?.headers.get('X-Atelier-Workspace') ? balances.team : balances.personal;
      return json({ credits, purchasedCredits: 0, planCredits: credits, allowance: 1000 });
    }
    return answer(url, path);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;

  function answer(url: string, path: string): Response | Promise<Response> {
    if (path in later) return later[path];
    if (path === '/api/images/input-images') return json(page('inputImages', inputs));
    if (path === '/api/runpod/variations') return json(page('variations', creates));
    if (path === '/api/engine') return json({ name: 'local', isPreview: true });
    if (path === '/api/customization/options') return json(optionsFixture());
    const batch = /^\/api\/customization\/batch\/(\d+)\/settings$/.exec(path);
    if (batch && batchSettings[Number(batch[1])]) return json(batchSettings[Number(batch[1])]);
    const image = /^\/api\/customization\/image\/(\d+)\/settings$/.exec(path);
    if (image && imageSettings[Number(image[1])]) return json(imageSettings[Number(image[1])]);
    const older = /^\/api\/images\/(input|generated)-images\/(\d+)$/.exec(path);
    if (older) {
      const found = (older[1] === 'input' ? olderInputs : olderCreates).find((i) => i.id === Number(older[2]));
      return found ? json(found) : json({ message: 'not found', code: 'NOT_FOUND' }, 404);
    }
    if (path === '/api/images/input-images/4/settings') return json(inputImage(4));
    if (path === '/api/images/create-input-from-generated') return json(inputImage(77, { fileName: 'render_3_1.jpg', sourceGeneratedImageId: 31, sourceInputImageId: 4 }), 201);
    if (path === '/api/runpod/generate') {
      if (generate) return generate();
      return json({ success: true, batchId: 9, runpodId: 'local-9', runpodJobs: [1, 2, 3, 4].map((n) => ({ imageId: 90 + n, variationNumber: n, status: 'PROCESSING' })), remainingCredits: 16 });
    }
    return json({ message: `unexpected ${path}` }, 404);
  }
}

function UpscaleProbe() {
  const location = useLocation();
  return <pre data-testid="upscale-state">{JSON.stringify(location.state)}</pre>;
}

function renderCreate(path = '/create', auth = signedInAuth(), upscale: Omit<RouteObject, 'path' | 'index'> = { element: <UpscaleProbe /> }) {
  return renderWithRouter(
    [
      {
        path: '/create',
        element: (
          <>
            <CreatePage />
            <AppToaster />
          </>
        ),
      },
      { path: '/upscale', ...upscale },
      { path: '/subscription', element: <p>Plans</p> },
    ],
    { path, auth },
  );
}

/** The URL of each fetch call (RTK Query passes a Request). */
const urlsOf = (fetch: ReturnType<typeof serve>) => fetch.mock.calls.map(([input]) => (typeof input === 'string' ? input : (input as Request).url));

const slider = (name: string) => screen.getByRole('slider', { name });
const inputButtonOrImage = (name: string) => screen.getByRole('img', { name });
const inputButton = (id: number) => screen.getByRole('button', { name: `Input image house-${id}.png` });

describe('CreatePage', () => {
  beforeEach(() => {
    vi.stubGlobal('ResizeObserver', NoopResizeObserver);
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }));
    // The History strip is virtualized: give its scroller a size in jsdom.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(108);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('selects the newest input image when the URL names none', async () => {
    serve();
    renderCreate();
    await waitFor(() => expect(inputButton(5)).toHaveAttribute('aria-pressed', 'true'));
    expect(inputButton(4)).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('img', { name: 'house-5.png' })).toBeInTheDocument();
  });

  it('selects the input image of ?imageId', async () => {
    serve();
    renderCreate('/create?imageId=4');
    await waitFor(() => expect(inputButton(4)).toHaveAttribute('aria-pressed', 'true'));
  });

  it('selects the input image of ?imageId when it is older than the loaded page, fetched by its id', async () => {
    const fetch = serve({ olderInputs: [inputImage(2)] });
    renderCreate('/create?imageId=2');
    await waitFor(() => expect(screen.getByRole('img', { name: 'house-2.png' })).toBeInTheDocument());
    expect(urlsOf(fetch).some((u) => u.endsWith('/api/images/input-images/2'))).toBe(true);
  });

  it('restores ?render of a render older than the loaded page: fetched by its id, shown and its settings loaded', async () => {
    const fetch = serve({
      creates: [createImage(31, { batchId: 3, variationNumber: 1, updatedAt: '2026-01-01T00:00:00.000Z' })],
      olderCreates: [createImage(12, { batchId: 2, variationNumber: 2, updatedAt: '2026-01-01T00:00:00.000Z' })],
      batchSettings: { 2: settings({ inputImageId: 4, batchId: 2 }) },
      imageSettings: { 12: settings({ creativity: 2, generatedPrompt: 'OLD DUSK' }) },
    });
    const { store, router } = renderCreate('/create?imageId=5&render=12');
    await waitFor(() => expect(screen.getByRole('img', { name: 'Render 2, variation 2' })).toBeInTheDocument());
    await waitFor(() => expect(store.getState().customization).toMatchObject({ creativity: 2, generatedPrompt: 'OLD DUSK' }));
    expect(router.state.location.search).toContain('render=12');
    expect(urlsOf(fetch).some((u) => u.endsWith('/api/images/generated-images/12'))).toBe(true);
  });

  it('a workspace switch leaves nothing of the other workspace: its input (fetched by id) and ?imageId go, the new one’s newest is selected', async () => {
    const inputs = [inputImage(5), inputImage(4)];
    serve({ inputs, olderInputs: [inputImage(2)] });
    const { store, router } = renderCreate('/create?imageId=2');
    await waitFor(() => expect(inputButtonOrImage('house-2.png')).toBeInTheDocument());
    inputs.splice(0, inputs.length, inputImage(21));
    act(() => {
      store.dispatch(workspaceSelected(7));
    });
    await waitFor(() => expect(inputButton(21)).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.queryByRole('img', { name: 'house-2.png' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Input image house-5.png' })).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).not.toContain('imageId=2'));
  });

  it('a render auto-selected while the user is on the way to Upscale does not take the user back to Create', async () => {
    serve({ imageSettings: { 31: settings({}) } });
    // Upscale's code is still loading when the auto-select fires (a lazy route, as in the app).
    let loadUpscale: (route: { Component: () => ReactElement }) => void = () => undefined;
    const upscaleCode = new Promise<{ Component: () => ReactElement }>((resolve) => (loadUpscale = resolve));
    const { store, router } = renderCreate('/create', signedInAuth(), { lazy: () => upscaleCode });
    await waitFor(() => expect(inputButton(5)).toHaveAttribute('aria-pressed', 'true'));

    // Create's auto-select timer is held, so that it fires exactly when the test says: right after
    // the click on Upscale started the router's navigation, before React rendered Create again.
    const realSetTimeout = globalThis.setTimeout;
    let autoSelect: (() => void) | null = null;
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
      if (ms === AUTO_SELECT_DELAY_MS) {
        autoSelect = fn;
        return 0;
      }
      return realSetTimeout(fn, ms);
    }) as typeof setTimeout);
    // A render completes (a live message): Create will select it 200 ms after it shows.
    store.dispatch(createImagesStarted([createImage(31, { batchId: 3, updatedAt: new Date().toISOString() })]));
    await waitFor(() => expect(autoSelect).not.toBeNull());

    void router.navigate('/upscale');
    autoSelect!();
    loadUpscale({ Component: UpscaleProbe });

    await waitFor(() => expect(router.state.location.pathname).toBe('/upscale'));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByTestId('upscale-state')).toBeInTheDocument();
  });

  it('a render fetched by id that arrives after the user left Create does not write the URL of the new screen', async () => {
    let answer: (r: Response) => void = () => undefined;
    const late = new Promise<Response>((resolve) => (answer = resolve));
    const served = serve({ imageSettings: { 12: settings({}) }, later: { '/api/images/generated-images/12': late } });
    const { router } = renderCreate('/create?imageId=5&render=12');
    await waitFor(() => expect(inputButton(5)).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(urlsOf(served).some((u) => u.endsWith('/api/images/generated-images/12'))).toBe(true));

    await act(() => router.navigate('/upscale'));
    expect(await screen.findByTestId('upscale-state')).toBeInTheDocument();
    answer(json(createImage(12, { batchId: 2, variationNumber: 2 })));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(router.state.location.pathname).toBe('/upscale');
    expect(router.state.location.search).toBe('');
  });

  it('shows the upload area when there are no input images', async () => {
    serve({ inputs: [] });
    renderCreate();
    expect(await screen.findByRole('heading', { name: 'Upload an image to create' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
  });

  it('restores the settings of ?fromBatch, with creativity 3, expressivity 2 and resemblance 3 where the batch has none', async () => {
    const stored = settings({ selectedStyle: 'art', variations: 2, selections: { linocut: 'linocut-black-ink' }, generatedPrompt: 'INK ON PAPER', inputImageId: 4 });
    const partial = { ...stored, settings: { ...stored.settings } } as { settings: Partial<CustomizationSettings> };
    delete partial.settings.creativity;
    delete partial.settings.expressivity;
    delete partial.settings.resemblance;
    serve({ batchSettings: { 3: partial } });
    const { store } = renderCreate('/create?fromBatch=3');
    await waitFor(() => expect(store.getState().customization.selectedStyle).toBe('art'));
    expect(store.getState().customization).toMatchObject({ variations: 2, creativity: 3, expressivity: 2, resemblance: 3, generatedPrompt: 'INK ON PAPER', selections: { linocut: 'linocut-black-ink' } });
    expect(await screen.findByTestId('prompt-text')).toHaveTextContent('INK ON PAPER');
    expect(slider('Creativity')).toHaveAttribute('aria-valuenow', '3');
    expect(slider('Expressivity')).toHaveAttribute('aria-valuenow', '2');
    expect(slider('Resemblance')).toHaveAttribute('aria-valuenow', '3');
    // The batch's input image is selected.
    await waitFor(() => expect(inputButton(4)).toHaveAttribute('aria-pressed', 'true'));
  });

  it('takes prompt and levels from the query parameters', async () => {
    serve();
    const { store } = renderCreate('/create?prompt=Glass%20pavilion&creativity=4&expressivity=5&resemblance=8&variations=3');
    await waitFor(() => expect(store.getState().customization).toMatchObject({ generatedPrompt: 'Glass pavilion', creativity: 4, expressivity: 5, resemblance: 8, variations: 3 }));
    expect(await screen.findByTestId('prompt-text')).toHaveTextContent('Glass pavilion');
  });

  it('restores a render’s settings when it is selected and marks the input image it came from', async () => {
    serve({
      creates: [createImage(31, { batchId: 3, variationNumber: 1, updatedAt: '2026-01-01T00:00:00.000Z' })],
      batchSettings: { 3: settings({ inputImageId: 4 }) },
      imageSettings: { 31: settings({ creativity: 4, expressivity: 5, resemblance: 9, selections: { lighting: 'lighting-sunset' }, generatedPrompt: 'DUSK' }) },
    });
    const { store } = renderCreate();
    await waitFor(() => expect(inputButton(5)).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(await screen.findByRole('button', { name: 'Render 3, variation 1' }));
    await waitFor(() => expect(store.getState().customization).toMatchObject({ creativity: 4, expressivity: 5, resemblance: 9, generatedPrompt: 'DUSK' }));
    expect(screen.getByRole('button', { name: 'Render 3, variation 1' })).toHaveAttribute('aria-pressed', 'true');
    // Its input image, found through the batch, is marked as the source.
    await waitFor(() => expect(inputButton(4)).toHaveAttribute('title', 'house-4.png (source of the selected render)'));
  });

  it('clears prompt, mappings and context when another input image is selected', async () => {
    serve();
    const { store } = renderCreate('/create?prompt=Loft');
    await waitFor(() => expect(store.getState().customization.generatedPrompt).toBe('Loft'));
    await userEvent.click(inputButton(4));
    expect(store.getState().customization.generatedPrompt).toBe('');
    expect(inputButton(4)).toHaveAttribute('aria-pressed', 'true');
  });

  it('with fewer credits than variations shows the out-of-credits toast and sends nothing', async () => {
    const fetch = serve();
    const { store } = renderCreate('/create?variations=4', signedInAuth({ credits: 2 }));
    await waitFor(() => expect(store.getState().customization.variations).toBe(4));
    await waitFor(() => expect(inputButton(5)).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByText('Only 2 left')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText("You've run out of credits! Upgrade your plan to continue generating amazing content.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upgrade Now' })).toBeInTheDocument();
    expect(urlsOf(fetch).some((url) => url.includes('/api/images/input-images'))).toBe(true);
    expect(urlsOf(fetch).some((url) => url.includes('/runpod/generate'))).toBe(false);
  });

  it("in a team, Create counts the team's pool, not the personal balance of the session", async () => {
    localStorage.setItem(WORKSPACE_STORAGE_KEY, '7');
    const fetch = serve({ balances: { personal: 500, team: 2 } });
    renderCreate('/create?variations=4', signedInAuth({ credits: 500 }));
    await waitFor(() => expect(inputButton(5)).toHaveAttribute('aria-pressed', 'true'));
    expect(await screen.findByText('Only 2 left')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText("You've run out of credits! Upgrade your plan to continue generating amazing content.")).toBeInTheDocument();
    expect(urlsOf(fetch).some((url) => url.includes('/runpod/generate'))).toBe(false);
  });

  it('in a team with a full pool, Create renders although the personal balance is empty', async () => {
    localStorage.setItem(WORKSPACE_STORAGE_KEY, '7');
    const fetch = serve({ balances: { personal: 0, team: 900 } });
    renderCreate('/create', signedInAuth({ credits: 0 }));
    await waitFor(() => expect(inputButton(5)).toHaveAttribute('aria-pressed', 'true'));
    expect(await screen.findByText('900 available')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(urlsOf(fetch).some((url) => url.includes('/runpod/generate'))).toBe(true));
  });

  it('Create sends the request, updates the credits and shows a spinner slot per variation', async () => {
    const fetch = serve();
    const { store } = renderCreate('/create?variations=4');
    await waitFor(() => expect(inputButton(5)).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(store.getState().customization.variations).toBe(4));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    const history = await screen.findByRole('region', { name: 'History' });
    await waitFor(() => expect(within(history).getAllByRole('button', { name: /rendering/ })).toHaveLength(4));
    expect(store.getState().auth.credits).toBe(16);
    const index = urlsOf(fetch).findIndex((url) => url.includes('/runpod/generate'));
    const request = fetch.mock.calls[index][0] as unknown as Request;
    expect(request.method).toBe('POST');
    const body = JSON.parse(await request.text());
    expect(body).toMatchObject({ inputImageId: 5, variations: 4, prompt: 'CREATE AN ARCHITECTURAL VISUALIZATION', settings: { mode: 'photorealistic', creativity: 3, expressivity: 2, resemblance: 3 } });
    // Disabled while the render runs.
    expect(screen.getByRole('button', { name: /Rendering/ })).toBeDisabled();
  });

  it('from a render: saves the settings to its input, continues from a new input copied from it, selects that and renders it', async () => {
    const fetch = serve({
      creates: [createImage(31, { batchId: 3, variationNumber: 1, updatedAt: '2026-01-01T00:00:00.000Z' })],
      batchSettings: { 3: settings({ inputImageId: 4 }) },
      imageSettings: { 31: settings({ creativity: 4 }) },
    });
    const { store } = renderCreate();
    await userEvent.click(await screen.findByRole('button', { name: 'Render 3, variation 1' }));
    await waitFor(() => expect(store.getState().customization.creativity).toBe(4));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(urlsOf(fetch).some((url) => url.includes('/runpod/generate'))).toBe(true));
    const calls = urlsOf(fetch).map((url, i) => ({ path: new URL(url).pathname, request: fetch.mock.calls[i][0] as unknown as Request }));
    const order = calls.map((c) => c.path).filter((p) => /settings$|from-generated|generate$/.test(p) && !p.includes('/customization/'));
    expect(order).toEqual(['/api/images/input-images/4/settings', '/api/images/create-input-from-generated', '/api/runpod/generate']);
    const saved = await calls.find((c) => c.path.endsWith('/4/settings'))!.request.json();
    expect(saved).toMatchObject({ creativity: 4, expressivity: 2, resemblance: 3 });
    const copied = await calls.find((c) => c.path.endsWith('from-generated'))!.request.json();
    expect(copied).toMatchObject({ generatedImageUrl: 31, originalInputImageId: 4, uploadSource: 'CREATE_MODULE' });
    const generated = await calls.find((c) => c.path.endsWith('/generate'))!.request.json();
    expect(generated).toMatchObject({ inputImageId: 77, settings: { creativity: 4 } });
    // The new input image is selected, and the settings stayed.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Input image render_3_1.jpg' })).toHaveAttribute('aria-pressed', 'true'));
    expect(store.getState().customization.creativity).toBe(4);
  });

  it('takes only the first dropped file, only if it is an image, and says when the upload failed', async () => {
    serve({ inputs: [] });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
    const send = vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (this: XMLHttpRequest) {
      // The network is down: the request errors.
      setTimeout(() => this.onerror?.(new ProgressEvent('error')), 0);
    });
    renderCreate();
    const zone = (await screen.findByRole('heading', { name: 'Upload an image to create' })).closest('[data-workspace-canvas]')!;
    const drop = (files: File[]) => fireEvent.drop(zone, { dataTransfer: { files, types: ['Files'] } });

    drop([new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' }), new File(['png'], 'a.png', { type: 'image/png' })]);
    expect(send).not.toHaveBeenCalled();

    drop([new File(['png'], 'villa.png', { type: 'image/png' }), new File(['png'], 'b.png', { type: 'image/png' })]);
    expect(send).toHaveBeenCalledTimes(1);
    const form = send.mock.calls[0][0] as FormData;
    expect((form.get('file') as File).name).toBe('villa.png');
    expect(form.get('uploadSource')).toBe('CREATE_MODULE');
    expect((await screen.findAllByText('Failed to upload image')).length).toBeGreaterThan(0);
  });

  it('shows four slots for the newest batch; its first free slot adds a variation with the batch’s input and settings', async () => {
    const fetch = serve({
      creates: [createImage(31, { batchId: 3, variationNumber: 1, updatedAt: '2026-01-01T00:00:00.000Z' })],
      batchSettings: { 3: settings({ inputImageId: 4, creativity: 2, selections: { lighting: 'lighting-sunset' } }) },
    });
    renderCreate();
    const history = await screen.findByRole('region', { name: 'History' });
    const free = await within(history).findAllByRole('button', { name: 'Add a variation to render 3' });
    expect(free).toHaveLength(3);
    expect(free.map((b) => (b as HTMLButtonElement).disabled)).toEqual([false, true, true]);
    await userEvent.click(free[0]);
    await waitFor(() => expect(urlsOf(fetch).some((url) => url.includes('/runpod/generate'))).toBe(true));
    const index = urlsOf(fetch).findIndex((url) => url.includes('/runpod/generate'));
    const body = await (fetch.mock.calls[index][0] as unknown as Request).json();
    expect(body).toMatchObject({ existingBatchId: 3, inputImageId: 4, variations: 1, settings: { creativity: 2, selections: { lighting: 'lighting-sunset' } } });
  });

  it('Upscale Image opens /upscale with the image in the navigation state', async () => {
    serve();
    renderCreate();
    await waitFor(() => expect(inputButton(5)).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(screen.getByRole('button', { name: 'Upscale Image' }));
    expect(JSON.parse((await screen.findByTestId('upscale-state')).textContent!)).toEqual({
      imageId: 5,
      imageUrl: '/api/files/in/5.web.jpg?sig=x',
      imageType: 'uploaded',
    });
  });

  it('opens the prompt modal after a second with ?showMasks=true', async () => {
    serve();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderCreate('/create?showMasks=true');
    await waitFor(() => expect(inputButton(5)).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(await screen.findByRole('dialog', { name: 'Prompt' })).toBeInTheDocument();
  });

  it('shows a SUBMITTED placeholder per variation the moment Create is pressed, replaced by the real ids of the reply', async () => {
    let answer!: (reply: Response) => void;
    serve({ generate: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { store } = renderCreate('/create?variations=3');
    const cached = () => flattenCreateImages(generationApi.endpoints.getCreateImages.select(undefined)(store.getState()).data);
    await waitFor(() => expect(inputButton(5)).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(store.getState().customization.variations).toBe(3));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    // The server has not answered yet: three spinner slots already, and Create is off.
    const history = screen.getByRole('region', { name: 'History' });
    await waitFor(() => expect(within(history).getAllByRole('button', { name: /rendering/ })).toHaveLength(3));
    expect(answer).toBeDefined();
    expect(cached().map((i) => ({ status: i.status, runpodStatus: i.runpodStatus, temporary: i.id < 0, variationNumber: i.variationNumber }))).toEqual([1, 2, 3].map((n) => ({ status: 'PROCESSING', runpodStatus: 'SUBMITTED', temporary: true, variationNumber: n })));
    expect(screen.getByRole('button', { name: /Rendering/ })).toBeDisabled();

    answer(json({ success: true, batchId: 9, runpodId: 'local-9', runpodJobs: [1, 2, 3].map((n) => ({ imageId: 90 + n, variationNumber: n, status: 'PROCESSING' })), remainingCredits: 17 }));
    await waitFor(() => expect(cached().map((i) => i.id).sort()).toEqual([91, 92, 93]));
    expect(cached().every((i) => i.batchId === 9 && i.status === 'PROCESSING')).toBe(true);
    expect(within(history).getAllByRole('button', { name: /rendering/ })).toHaveLength(3);
  });

  it('takes the placeholders away when the server refuses the render, and says why', async () => {
    let answer!: (reply: Response) => void;
    serve({ generate: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { store } = renderCreate('/create?variations=2');
    await waitFor(() => expect(inputButton(5)).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(store.getState().customization.variations).toBe(2));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    const history = screen.getByRole('region', { name: 'History' });
    await waitFor(() => expect(within(history).getAllByRole('button', { name: /rendering/ })).toHaveLength(2));
    answer(json({ message: 'The render engine is not reachable', code: 'ENGINE_UNAVAILABLE' }, 503));
    expect(await screen.findByText('The render engine is not reachable')).toBeInTheDocument();
    await waitFor(() => expect(within(history).queryAllByRole('button', { name: /rendering/ })).toHaveLength(0));
    expect(screen.getByRole('button', { name: 'Create' })).toBeEnabled();
  });

  it('offers every free slot of the newest batch while other images are processing, none while a variant is being started', async () => {
    let answer!: (reply: Response) => void;
    serve({
      creates: [
        createImage(31, { batchId: 3, variationNumber: 1, updatedAt: '2026-01-01T00:00:00.000Z' }),
        createImage(21, { batchId: 2, variationNumber: 1, status: 'PROCESSING', imageUrl: null, createdAt: '2026-02-01T00:00:00.000Z' }),
      ],
      batchSettings: { 3: settings({ inputImageId: 4 }) },
      generate: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderCreate();
    const history = await screen.findByRole('region', { name: 'History' });
    const free = await within(history).findAllByRole('button', { name: 'Add a variation to render 3' });
    expect(free.map((b) => (b as HTMLButtonElement).disabled)).toEqual([false, false, false]);
    await userEvent.click(free[1]);
    // The variant's request is under way: every variant button is off.
    await waitFor(() => expect(within(history).getAllByRole('button', { name: 'Add a variation to render 3' }).every((b) => (b as HTMLButtonElement).disabled)).toBe(true));
    await waitFor(() => expect(answer).toBeDefined());
    answer(json({ success: true, batchId: 3, runpodId: 'local-3', runpodJobs: [{ imageId: 32, variationNumber: 2, status: 'PROCESSING' }], remainingCredits: 100 }));
    await waitFor(() => expect(within(history).getAllByRole('button', { name: 'Add a variation to render 3' }).map((b) => (b as HTMLButtonElement).disabled)).toEqual([false, false]));
  });
});
