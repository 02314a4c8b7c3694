import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { json, mockFetchBy, withStore } from '../../../test/factories';
import { TweakToolbar } from './TweakToolbar';

const props = {
  prompt: 'olive trees',
  onPrompt: () => undefined,
  variations: 2,
  onVariations: () => undefined,
  label: 'Generate',
  working: false,
  canGenerate: true,
  blockedReason: null,
  onGenerate: () => undefined,
  status: 'Generate',
};

function show(toolbar: ReactElement) {
  mockFetchBy(() => json({ name: 'comfyui', isPreview: false }));
  render(withStore(toolbar).ui);
}

describe('TweakToolbar', () => {
  it('says what Generate will be charged, with the steps it pays for', () => {
    show(<TweakToolbar {...props} cost={{ total: 3, steps: 'Place image 1 + inpaint 2' }} credits={50} />);
    const badge = screen.getByTestId('tweak-cost');
    expect(badge).toHaveTextContent('3 credits');
    expect(badge).toHaveAttribute('title', 'Place image 1 + inpaint 2 (1 credit per variation of each step)');
  });

  it('shows the balance beside the cost when it does not cover it', () => {
    show(<TweakToolbar {...props} cost={{ total: 4, steps: 'Outpaint 2 + inpaint 2' }} credits={3} />);
    expect(screen.getByTestId('tweak-cost')).toHaveTextContent('4 credits · 3 left');
  });
});
