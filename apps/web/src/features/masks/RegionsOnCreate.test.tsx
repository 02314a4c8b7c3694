import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AiPromptMaterial, MaskRegion } from '@atelier/contract';
import { applyLiveMessage } from '../../app/socket/liveCache';
import { AppToaster } from '../../components/ui/toast';
import { customizationApi } from '../../app/api/customization';
import { json, renderWithRouter, signedInAuth } from '../../test/factories';
import { CreatePage } from '../create/CreatePage';
import { inputImage, page } from '../create/testing';
import { renderTypeChanged } from '../customization';
import { optionsFixture } from '../customization/testing';
import { resetMaskView } from './store/maskView';
import { maskRegion, masksReply } from './testing';

/**
 * The regions on the Create screen through the real page, store and api, with the server
 * answered by a fake fetch: Generate Regions, the region list of the prompt modal and its save
 * rules (spec §5), the AI prompt shortcut, live mask messages and the spec's error texts.
 */

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

interface Call {
  method: string;
  path: string;
  body: unknown;
}

const savedConcrete: AiPromptMaterial = {
  id: 21,
  inputImageId: 5,
  materialOptionId: 'walls-concrete-board-formed',
  customizationOptionId: null,
  subCategoryId: 'walls-concrete',
  displayName: 'Board-formed Concrete',
  subCategory: { id: 'walls-concrete', slug: 'concrete', displayName: 'Concrete' },
  materialOption: null,
  createdAt: '2026-03-01T10:00:00.000Z',
};

function serve({
  inputs = [inputImage(5)],
  regions = [maskRegion(11, { label: 'facade' }), maskRegion(12, { label: 'sky', position: 1 }), maskRegion(13, { label: 'ground', position: 2, customText: 'old path' }), maskRegion(14, { position: 3 })],
  status,
  failStyle = false,
  savedPrompt = null,
}: { inputs?: ReturnType<typeof inputImage>[]; regions?: MaskRegion[]; status?: 'none' | 'processing' | 'completed' | 'failed'; failStyle?: boolean; savedPrompt?: string | null } = {}) {
  const calls: Call[] = [];
  // The prompt saved with the image, as the server keeps it (a blank one clears it).
  let stored = savedPrompt;
  let nextMaterial = 40;
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    // RTK Query sends a Request; apiRequest sends a url and init.
    const request = input instanceof Request ? input : null;
    const url = request ? request.url : String(input);
    const path = new URL(url, 'http://app.test').pathname;
    const method = (request?.method ?? init?.method ?? 'GET').toUpperCase();
    const text = request ? await request.clone().text() : typeof init?.body === 'string' ? init.body : '';
    const body = text ? JSON.parse(text) : undefined;
    calls.push({ method, path, body });
    if (path === '/api/images/input-images') return json(page('inputImages', inputs));
    if (path === '/api/runpod/variations') return json(page('variations', []));
    if (path === '/api/engine') return json({ name: 'local', isPreview: true });
    if (path === '/api/customization/options') return json(optionsFixture());
    if (path === '/api/masks/5') return json(masksReply(5, regions, status));
    if (path === '/api/masks/generate') return json({ success: true, message: 'Mask generation started', data: { inputImageId: 5, status: 'processing' } });
    const style = /^\/api\/masks\/(\d+)\/style$/.exec(path);
    if (style) {
      if (failStyle) return json({}, 500);
      const region = regions.find((r) => r.id === Number(style[1]))!;
      return json({ success: true, message: 'Mask style updated', data: { ...region, customText: body?.customText ?? null } });
    }
    const visibility = /^\/api\/masks\/(\d+)\/visibility$/.exec(path);
    if (visibility) {
      const region = regions.find((r) => r.id === Number(visibility[1]))!;
      return json({ success: true, message: 'Mask visibility updated', data: { ...region, isVisible: body.isVisible } });
    }
    if (path === '/api/ai-prompt/materials/5') return json({ success: true, data: { inputImageId: 5, materials: [savedConcrete] } });
    if (path === '/api/ai-prompt/materials' && method === 'POST')
      return json({ success: true, message: 'AI prompt material added', duplicate: false, data: { ...savedConcrete, ...body, id: nextMaterial++ } });
    if (path === '/api/ai-prompt/generate') return json({ success: true, message: 'Prompt generated', data: { inputImageId: 5, generatedPrompt: 'A villa in Red Brick, Running Bond at dusk.', writer: 'template' } });
    if (path === '/api/ai-prompt/prompt/5' && method === 'GET') return json({ success: true, data: { inputImageId: 5, generatedPrompt: stored } });
    if (path === '/api/ai-prompt/prompt/5' && method === 'POST') {
      stored = String(body.prompt ?? '').trim() || null;
      return json({ success: true, data: { inputImageId: 5, generatedPrompt: stored } });
    }
    return json({ message: `unexpected ${method} ${path}` }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, calls };
}

function renderCreate(path = '/create') {
  const rendered = renderWithRouter([{ path: '/create', element: (<><CreatePage /><AppToaster /></>) }], { path, auth: signedInAuth() });
  // The app's store loads the catalog at sign-in (startOptionsLoader); a test store does not.
  void rendered.store.dispatch(customizationApi.endpoints.getCustomizationOptions.initiate(undefined, { subscribe: false }));
  return rendered;
}

const regionsCard = () => screen.getByRole('region', { name: 'Regions' });

async function openModal() {
  await waitFor(() => expect(within(regionsCard()).getByText(/4 regions/)).toBeInTheDocument());
  fireEvent.click(within(regionsCard()).getByRole('button', { name: 'Materials' }));
  return screen.findByRole('dialog', { name: 'Prompt' });
}

describe('regions on the Create screen', () => {
  beforeEach(() => {
    resetMaskView();
    vi.stubGlobal('ResizeObserver', NoopResizeObserver);
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }));
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(108);
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });
  afterEach(() => vi.restoreAllMocks());

  it('saves only the configured regions (the trimmed typed name winning), only unsaved materials, and the prompt', async () => {
    const { calls } = serve();
    const { store } = renderCreate();
    const modal = await openModal();
    const user = userEvent.setup();

    await user.click(within(modal).getByRole('listitem', { name: 'Region Façade' }));
    await user.click(within(modal).getByRole('button', { name: 'Red Brick, Running Bond' }));
    expect(within(modal).getByRole('listitem', { name: 'Region Façade' })).toHaveTextContent('Red Brick, Running Bond');
    await user.type(within(modal).getByRole('textbox', { name: 'Name for Ground' }), '  gravel  ');
    // A material picked with no region selected joins the prompt only.
    await user.click(within(modal).getByRole('listitem', { name: 'Region Façade' }));
    await user.click(within(modal).getByRole('button', { name: 'London Stock Brick' }));
    const chips = within(modal).getByRole('list', { name: 'Materials in the AI prompt' });
    expect(within(chips).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Board-formed Concrete', 'Red Brick, Running Bond', 'London Stock Brick']);
    await user.type(within(modal).getByRole('textbox', { name: 'Prompt' }), 'Evening light');

    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const styles = calls.filter((c) => c.method === 'PUT' && c.path.endsWith('/style'));
    expect(styles).toEqual([
      { method: 'PUT', path: '/api/masks/11/style', body: { materialOptionId: 'walls-brick-red-running-bond', customizationOptionId: null, subCategoryId: 'walls-brick', customText: null } },
      { method: 'PUT', path: '/api/masks/13/style', body: { materialOptionId: null, customizationOptionId: null, subCategoryId: null, customText: 'gravel' } },
    ]);
    const posted = calls.filter((c) => c.method === 'POST' && c.path === '/api/ai-prompt/materials').map((c) => (c.body as { displayName: string }).displayName);
    expect(posted).toEqual(['Red Brick, Running Bond', 'London Stock Brick']);
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/ai-prompt/prompt/5').map((c) => c.body)).toEqual([{ prompt: 'Evening light' }]);

    const c = store.getState().customization;
    expect(Object.keys(c.maskMaterialMappings).sort()).toEqual(['mask_11', 'mask_13']);
    expect(c.maskMaterialMappings.mask_11).toMatchObject({ materialOptionId: 'walls-brick-red-running-bond', materialOptionName: 'Red Brick, Running Bond', subCategorySlug: 'brick' });
    expect(c.maskMaterialMappings.mask_13).toMatchObject({ customText: 'gravel' });
    expect((c.aiMaterials as AiPromptMaterial[]).map((m) => m.id)).toEqual([21, 40, 41]);
    expect(c.generatedPrompt).toBe('Evening light');
    expect(screen.getByTestId('prompt-text')).toHaveTextContent('Evening light');
  });

  it('saves a cleared prompt as blank: neither the restore nor reopening brings the old prompt back', async () => {
    const { calls } = serve({ savedPrompt: 'A hotel interior at night' });
    const { store } = renderCreate();
    const user = userEvent.setup();
    // The saved prompt is restored into the blank settings.
    await waitFor(() => expect(store.getState().customization.generatedPrompt).toBe('A hotel interior at night'));
    let modal = await openModal();
    const box = within(modal).getByRole('textbox', { name: 'Prompt' });
    expect(box).toHaveValue('A hotel interior at night');
    await user.clear(box);
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // The blank prompt was posted, so the server no longer holds the old one.
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/ai-prompt/prompt/5').map((c) => c.body)).toEqual([{ prompt: '' }]);
    // Nothing refills it: not the restore of blank settings, not the modal's saved-prompt load.
    await new Promise((r) => setTimeout(r, 50));
    expect(store.getState().customization.generatedPrompt).toBe('');
    expect(screen.getByTestId('prompt-text')).not.toHaveTextContent(/hotel/i);
    modal = await openModal();
    expect(within(modal).getByRole('textbox', { name: 'Prompt' })).toHaveValue('');
  });

  it('keeps the modal open with Failed to save configurations when a save fails', async () => {
    serve({ failStyle: true });
    renderCreate();
    const modal = await openModal();
    const user = userEvent.setup();
    await user.type(within(modal).getByRole('textbox', { name: 'Name for Sky' }), 'dramatic clouds');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await within(modal).findByRole('alert')).toHaveTextContent('Failed to save configurations: Failed to update mask style');
    expect(screen.getByRole('dialog', { name: 'Prompt' })).toBeInTheDocument();
  });

  it('writes an AI prompt with Ctrl+Enter from the words, the unsaved region styles and materials', async () => {
    const { calls } = serve();
    renderCreate();
    const modal = await openModal();
    const user = userEvent.setup();
    await user.click(within(modal).getByRole('listitem', { name: 'Region Façade' }));
    await user.click(within(modal).getByRole('button', { name: 'Red Brick, Running Bond' }));
    const box = within(modal).getByRole('textbox', { name: 'Prompt' });
    await user.type(box, 'at dusk');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(box).toHaveValue('A villa in Red Brick, Running Bond at dusk.'));
    const request = calls.find((c) => c.path === '/api/ai-prompt/generate')!.body as Record<string, unknown>;
    expect(request).toMatchObject({ inputImageId: 5, userPrompt: 'at dusk', includeSelectedMaterials: true, renderType: 'exterior', settings: { mode: 'photorealistic' } });
    expect(request.regions).toContainEqual({ maskId: 11, materialOptionId: 'walls-brick-red-running-bond', customizationOptionId: null, customText: null });
    expect(request.regions).toContainEqual({ maskId: 13, materialOptionId: null, customizationOptionId: null, customText: 'old path' });
    expect(request.materialsText).toBeNull();
  });

  it('disables AI prompt writing with no input image', async () => {
    const { calls } = serve({ inputs: [] });
    renderCreate();
    await screen.findByRole('heading', { name: 'Upload an image to create' });
    expect(within(regionsCard()).getByRole('button', { name: 'Generate Regions' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Edit prompt' }));
    const modal = await screen.findByRole('dialog', { name: 'Prompt' });
    expect(within(modal).getByRole('button', { name: 'AI prompt' })).toBeDisabled();
    fireEvent.keyDown(within(modal).getByRole('textbox', { name: 'Prompt' }), { key: 'Enter', ctrlKey: true });
    expect(calls.some((c) => c.path === '/api/ai-prompt/generate')).toBe(false);
  });

  it('Generate Regions starts a generation with the processed url when the image has no regions', async () => {
    const { calls } = serve({ regions: [] });
    renderCreate();
    await waitFor(() => expect(within(regionsCard()).getByRole('button', { name: 'Generate Regions' })).toBeEnabled());
    fireEvent.click(within(regionsCard()).getByRole('button', { name: 'Generate Regions' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/masks/generate')).toBe(true));
    expect(calls.find((c) => c.path === '/api/masks/generate')!.body).toEqual({
      inputImageId: 5,
      imageUrl: '/api/files/in/5.web.jpg?sig=x',
      // Spec §7: callbackUrl is part of the call (the server reads its own copy and answers by masks_completed).
      callbackUrl: `${window.location.origin}/api/masks/5`,
      renderType: 'exterior',
    });
    expect(await within(regionsCard()).findByText('Finding regions…')).toBeInTheDocument();
    expect(within(regionsCard()).getByRole('button', { name: 'Generate Regions' })).toBeDisabled();
  });

  it('Generate Regions sends the render type chosen in Create', async () => {
    const { calls } = serve({ regions: [] });
    const { store } = renderCreate();
    act(() => {
      store.dispatch(renderTypeChanged('interior'));
    });
    await waitFor(() => expect(within(regionsCard()).getByRole('button', { name: 'Generate Regions' })).toBeEnabled());
    fireEvent.click(within(regionsCard()).getByRole('button', { name: 'Generate Regions' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/masks/generate')).toBe(true));
    expect(calls.find((c) => c.path === '/api/masks/generate')!.body).toMatchObject({ inputImageId: 5, renderType: 'interior' });
  });

  it('Generate Regions shows the hidden regions again instead when there are regions', async () => {
    const { calls } = serve({ regions: [maskRegion(11, { label: 'facade' }), maskRegion(12, { label: 'sky', position: 1, isVisible: false })] });
    renderCreate();
    await waitFor(() => expect(regionsCard()).toHaveTextContent('1 hidden'));
    fireEvent.click(within(regionsCard()).getByRole('button', { name: 'Generate Regions' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/masks/12/visibility')).toBe(true));
    expect(calls.find((c) => c.path === '/api/masks/12/visibility')!.body).toEqual({ isVisible: true });
    expect(calls.some((c) => c.path === '/api/masks/generate')).toBe(false);
  });

  it('says No image URL available for mask generation when the image has no url', async () => {
    const { calls } = serve({ regions: [], inputs: [inputImage(5, { processedUrl: null, imageUrl: '' })] });
    renderCreate();
    await waitFor(() => expect(within(regionsCard()).getByRole('button', { name: 'Generate Regions' })).toBeEnabled());
    fireEvent.click(within(regionsCard()).getByRole('button', { name: 'Generate Regions' }));
    expect(await screen.findByText('No image URL available for mask generation')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/masks/generate')).toBe(false);
  });

  it('follows masks_completed (masks and AI prompt materials load again) and masks_failed (Mask generation failed)', async () => {
    const { calls } = serve();
    const { store } = renderCreate();
    await openModal();
    const count = (path: string) => calls.filter((c) => c.path === path && c.method === 'GET').length;
    await waitFor(() => expect(count('/api/ai-prompt/materials/5')).toBe(1));
    const masksBefore = count('/api/masks/5');
    act(() => applyLiveMessage({ type: 'masks_completed', inputImageId: 5, maskCount: 4 }, store.dispatch, store.getState));
    await waitFor(() => expect(count('/api/ai-prompt/materials/5')).toBe(2));
    expect(count('/api/masks/5')).toBeGreaterThan(masksBefore);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    act(() => applyLiveMessage({ type: 'masks_failed', inputImageId: 5, error: '' }, store.dispatch, store.getState));
    expect(await within(regionsCard()).findByText('Mask generation failed')).toBeInTheDocument();
  });

  it('tells a failed regions request with the spec texts', async () => {
    serve({ regions: [], status: 'failed' });
    renderCreate();
    expect(await within(regionsCard()).findByText('Mask generation failed')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Edit prompt' }));
    const modal = await screen.findByRole('dialog', { name: 'Prompt' });
    expect(modal).toHaveTextContent('Failed to generate regions. Please try generating regions again from the Edit Inspector.');
  });
});
