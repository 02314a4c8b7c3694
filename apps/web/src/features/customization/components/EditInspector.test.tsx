import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { customizationApi } from '../../../app/api/customization';
import { json, mockFetchBy, renderWithRouter, signedInAuth } from '../../../test/factories';
import { toCatalog } from '../catalog';
import { inputImageSelected, settingsLoaded } from '../store/customizationSlice';
import { optionsFixture } from '../testing';
import { EditInspector } from './EditInspector';

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

/** The inspector with the options fetched through the real endpoint from a mocked server. */
async function renderInspector(reply: () => Response = () => json(optionsFixture())) {
  mockFetchBy((url) => (url.includes('/api/customization/options') ? reply() : json({ message: 'unexpected' }, 404)));
  const utils = renderWithRouter([{ path: '*', element: <EditInspector onMinimise={() => {}} /> }], { auth: signedInAuth() });
  await act(async () => {
    await utils.store.dispatch(customizationApi.endpoints.getCustomizationOptions.initiate(undefined, { subscribe: false }));
  });
  // The router renders the page a tick later.
  await screen.findByRole('button', { name: /Walls|Try again/ });
  return utils;
}

const slider = (name: string) => screen.getByRole('slider', { name });

describe('EditInspector', () => {
  beforeEach(() => {
    vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  });

  it('offers the render type above the style, exterior by default, chosen by click or arrow keys and restored from settings', async () => {
    const { store } = await renderInspector();
    const group = screen.getByRole('radiogroup', { name: 'Render type' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.textContent)).toEqual(['Exterior', 'Interior', 'Aerial', 'Elevation']);
    expect(within(group).getByRole('radio', { name: 'Exterior' })).toHaveAttribute('aria-checked', 'true');
    // Separate from the building type section and from the style switch.
    expect(screen.getByRole('radiogroup', { name: 'Render style' })).toBeInTheDocument();

    await userEvent.click(within(group).getByRole('radio', { name: 'Aerial' }));
    expect(store.getState().customization.renderType).toBe('aerial');
    expect(within(group).getByRole('radio', { name: 'Aerial' })).toHaveAttribute('aria-checked', 'true');
    expect(within(group).getByRole('radio', { name: 'Exterior' })).toHaveAttribute('aria-checked', 'false');

    // Keyboard: only the chosen radio is in the tab order; arrows move the choice and the focus.
    expect(within(group).getByRole('radio', { name: 'Aerial' })).toHaveAttribute('tabindex', '0');
    within(group).getByRole('radio', { name: 'Aerial' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(store.getState().customization.renderType).toBe('elevation');
    expect(within(group).getByRole('radio', { name: 'Elevation' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(store.getState().customization.renderType).toBe('exterior');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(store.getState().customization.renderType).toBe('aerial');

    act(() => {
      store.dispatch(settingsLoaded({ renderType: 'interior' }));
    });
    expect(within(group).getByRole('radio', { name: 'Interior' })).toHaveAttribute('aria-checked', 'true');
    // A render made before render types counts as exterior.
    act(() => {
      store.dispatch(settingsLoaded({}));
    });
    expect(store.getState().customization.renderType).toBe('exterior');
  });

  it('has the catalog of the options endpoint', async () => {
    const { store } = await renderInspector();
    expect(store.getState().customization.availableOptions).toEqual(toCatalog(optionsFixture()));
    expect(screen.getByRole('button', { name: /Walls/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Lighting/ })).toBeInTheDocument();
  });

  it('shows the sliders with the spec ranges and defaults: creativity 2–4 (3), expressivity 1–6 (2), resemblance 1–10 (3)', async () => {
    await renderInspector();
    expect(slider('Creativity')).toHaveAttribute('aria-valuemin', '2');
    expect(slider('Creativity')).toHaveAttribute('aria-valuemax', '4');
    expect(slider('Creativity')).toHaveAttribute('aria-valuenow', '3');
    expect(slider('Expressivity')).toHaveAttribute('aria-valuemin', '1');
    expect(slider('Expressivity')).toHaveAttribute('aria-valuemax', '6');
    expect(slider('Expressivity')).toHaveAttribute('aria-valuenow', '2');
    expect(slider('Resemblance')).toHaveAttribute('aria-valuemin', '1');
    expect(slider('Resemblance')).toHaveAttribute('aria-valuemax', '10');
    expect(slider('Resemblance')).toHaveAttribute('aria-valuenow', '3');
  });

  it('moves a slider by whole steps with the keyboard and stops at its bounds', async () => {
    const { store } = await renderInspector();
    slider('Creativity').focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(store.getState().customization.creativity).toBe(4);
    expect(slider('Creativity')).toHaveAttribute('aria-valuenow', '4');
    slider('Expressivity').focus();
    await userEvent.keyboard('{Home}');
    expect(store.getState().customization.expressivity).toBe(1);
  });

  it('offers 1 to 4 variations, 1 by default', async () => {
    const { store } = await renderInspector();
    const group = screen.getByRole('radiogroup', { name: 'Variations' });
    expect(within(group).getAllByRole('radio').map((r) => r.textContent)).toEqual(['1', '2', '3', '4']);
    expect(within(group).getByRole('radio', { name: '1 variation' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(within(group).getByRole('radio', { name: '4 variations' }));
    expect(store.getState().customization.variations).toBe(4);
  });

  it('keeps one section open at a time and groups walls by material category', async () => {
    await renderInspector();
    await userEvent.click(screen.getByRole('button', { name: /Walls/ }));
    expect(screen.getByRole('button', { name: 'Brick' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Red Brick, Running Bond' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Concrete' }));
    expect(screen.getByRole('button', { name: 'Board-formed Concrete' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Red Brick, Running Bond' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Lighting/ }));
    expect(screen.getByRole('button', { name: 'Sunset' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Board-formed Concrete' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Walls/ })).toHaveAttribute('aria-expanded', 'false');
  });

  it('picks a tile, shows it on the section, and unpicks it on a second click', async () => {
    const { store } = await renderInspector();
    await userEvent.click(screen.getByRole('button', { name: /Lighting/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Sunset' }));
    expect(screen.getByRole('button', { name: 'Sunset' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /Lighting/ })).toHaveTextContent('Sunset');
    expect(store.getState().customization.selections).toEqual({ lighting: 'lighting-sunset' });
    await userEvent.click(screen.getByRole('button', { name: 'Sunset' }));
    expect(store.getState().customization.selections).toEqual({});
  });

  it('switches to Art, shows the art sections and clears the selections', async () => {
    const { store } = await renderInspector();
    await userEvent.click(screen.getByRole('button', { name: /Lighting/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Sunset' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Art' }));
    expect(screen.getByRole('radio', { name: 'Art' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('button', { name: /Aquarelle/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Lighting/ })).not.toBeInTheDocument();
    expect(store.getState().customization.selections).toEqual({});
  });

  it('keeps style, levels and selections when an input image is selected, and restores 3/2/3 for settings without levels', async () => {
    const { store } = await renderInspector();
    await userEvent.click(screen.getByRole('button', { name: /Lighting/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Sunset' }));
    act(() => {
      store.dispatch(inputImageSelected());
    });
    expect(screen.getByRole('button', { name: 'Sunset' })).toHaveAttribute('aria-pressed', 'true');

    act(() => {
      store.dispatch(settingsLoaded({ selectedStyle: 'photorealistic', selections: { weather: 'weather-overcast' } }));
    });
    expect(slider('Creativity')).toHaveAttribute('aria-valuenow', '3');
    expect(slider('Expressivity')).toHaveAttribute('aria-valuenow', '2');
    expect(slider('Resemblance')).toHaveAttribute('aria-valuenow', '3');
    expect(screen.getByRole('button', { name: /Weather/ })).toHaveTextContent('Overcast');
  });

  it('says when the options could not be loaded', async () => {
    await renderInspector(() => json({}, 500));
    expect(screen.getByText('Failed to fetch customization options')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Try again/ })).toBeInTheDocument();
  });
});
