import { describe, expect, it } from 'vitest';
import { firstImageFile } from './useImageDrop';

const file = (name: string, type: string) => new File(['x'], name, { type });

describe('dropped files', () => {
  it('uses only the first file, and only when its type begins with image/', () => {
    const png = file('a.png', 'image/png');
    expect(firstImageFile([png, file('b.jpg', 'image/jpeg')])).toBe(png);
    expect(firstImageFile([file('plan.pdf', 'application/pdf'), png])).toBeNull();
    expect(firstImageFile([])).toBeNull();
    expect(firstImageFile(null)).toBeNull();
  });
});
