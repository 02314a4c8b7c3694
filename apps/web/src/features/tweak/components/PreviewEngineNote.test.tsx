import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { generationApi } from '../../../app/api/generation';
import { json, mockFetchBy, withStore } from '../../../test/factories';
import { PREVIEW_ENGINE_PROMPT_NOTE } from './PreviewEngineNote';
import { TweakToolbar } from './TweakToolbar';

function toolbarWith(engine: { name: string; isPreview: boolean }) {
  mockFetchBy((url) => (url.includes('/api/engine') ? json(engine) : json({}, 404)));
  const { ui, store } = withStore(
    <TweakToolbar prompt="add a green roof garden" onPrompt={() => {}} variations={1} onVariations={() => {}} label="Generate" working={false} canGenerate blockedReason={null} cost={{ total: 1, steps: 'Inpaint 1' }} credits={10} onGenerate={() => {}} status="" />,
  );
  render(ui);
  return store;
}

describe('the Tweak prompt box and the preview engine', () => {
  it('says next to the prompt that the CPU engine fills from the surroundings and prompts need a GPU engine', async () => {
    toolbarWith({ name: 'local', isPreview: true });
    expect(await screen.findByText(`${PREVIEW_ENGINE_PROMPT_NOTE}.`)).toBeInTheDocument();
  });

  it('says nothing of the kind with a GPU engine', async () => {
    const store = toolbarWith({ name: 'comfyui', isPreview: false });
    await waitFor(() => expect(generationApi.endpoints.getEngine.select()(store.getState()).data?.name).toBe('comfyui'));
    expect(screen.queryByTestId('preview-engine-note')).not.toBeInTheDocument();
  });
});
