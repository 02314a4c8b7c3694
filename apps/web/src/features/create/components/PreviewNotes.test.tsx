import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PREVIEW_LIMIT_NOTE, PreviewNotes } from './PreviewNotes';

const NOTES = [
  'Brick (Flemish bond) on Region 1 in perspective',
  'Sky: replaced (grey sky → clear, midday sun from the right)',
  'Exposure −0.25 EV',
];

describe('PreviewNotes (what the preview changed)', () => {
  it('lists the render’s notes and the preview’s limit when opened', async () => {
    render(<PreviewNotes snapshot={{ renderType: 'exterior', previewNotes: NOTES }} />);
    const button = screen.getByRole('button', { name: /what changed/i });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'What the preview changed' })).toBeNull();

    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'What the preview changed' });
    expect(button).toHaveAttribute('aria-controls', panel.id);
    const items = Array.from(panel.querySelectorAll('li')).map((li) => li.textContent);
    expect(items).toEqual(NOTES);
    expect(panel).toHaveTextContent(PREVIEW_LIMIT_NOTE);

    await userEvent.click(button);
    expect(screen.queryByRole('region', { name: 'What the preview changed' })).toBeNull();
  });

  it('shows nothing for a render without notes (a GPU engine’s, or an older one) or with malformed ones', () => {
    const { container, rerender } = render(<PreviewNotes snapshot={{ renderType: 'exterior' }} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<PreviewNotes snapshot={null} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<PreviewNotes snapshot={{ previewNotes: [1, 2] }} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<PreviewNotes snapshot={{ previewNotes: 'Sky: replaced' }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
