import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createImage } from '../../create/testing';
import { groupResults } from '../lib/results';
import { ResultsStrip } from './ResultsStrip';

const strip = (errors: string[], batches = groupResults([createImage(41, { batchId: 7, moduleType: 'TWEAK', operationType: 'inpaint' })])) =>
  render(<ResultsStrip batches={batches} selectedImageId={null} selectedBatchId={null} onSelectImage={() => undefined} onSelectBatch={() => undefined} loading={false} errors={errors} />);

describe('the tweak results strip', () => {
  it('shows a failed load of all tweak images in red beside the results it has', () => {
    strip(['Failed to fetch all tweak images']);
    const region = screen.getByRole('region', { name: 'Tweak results' });
    expect(within(region).getByRole('alert')).toHaveTextContent('Failed to fetch all tweak images');
    expect(within(region).getByRole('button', { name: 'Tweak Image 41, variation 1' })).toBeInTheDocument();
  });

  it('shows the error instead of the empty text when it has no results, and nothing red without one', () => {
    strip(['Failed to fetch all tweak images'], []);
    expect(screen.getByText('Failed to fetch all tweak images')).toHaveClass('text-red-600');
    strip([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
