import { describe, expect, it } from 'vitest';
import { findTile, toCatalog } from './catalog';
import { optionsFixture } from './testing';

describe('toCatalog', () => {
  it('groups walls by material category and keeps flat sections as one group', () => {
    const catalog = toCatalog(optionsFixture());
    expect(catalog.photorealistic.map((s) => s.key)).toEqual(['walls', 'weather', 'lighting']);
    const walls = catalog.photorealistic[0];
    expect(walls.groups.map((g) => [g.key, g.label, g.options.length])).toEqual([
      ['brick', 'Brick', 2],
      ['concrete', 'Concrete', 1],
    ]);
    expect(catalog.photorealistic[2].groups).toEqual([
      {
        key: '',
        label: '',
        options: [
          { id: 'lighting-sunset', name: 'sunset', displayName: 'Sunset', thumbnailUrl: '/api/customization/swatches/lighting-sunset.webp?v=t', imageUrl: '/api/customization/swatches/lighting-sunset.large.webp?v=t' },
          { id: 'lighting-golden-hour', name: 'golden-hour', displayName: 'Golden Hour', thumbnailUrl: '/api/customization/swatches/lighting-golden-hour.webp?v=t', imageUrl: '/api/customization/swatches/lighting-golden-hour.large.webp?v=t' },
        ],
      },
    ]);
    expect(catalog.art.map((s) => s.label)).toEqual(['Aquarelle', 'Linocut']);
  });

  it('finds an option by id in either style', () => {
    const catalog = toCatalog(optionsFixture());
    expect(findTile(catalog, 'linocut-black-ink')?.displayName).toBe('Black Ink');
    expect(findTile(catalog, 'nope')).toBeUndefined();
    expect(findTile(null, 'linocut-black-ink')).toBeUndefined();
  });
});
