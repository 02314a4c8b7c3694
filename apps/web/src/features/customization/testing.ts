import type { CustomizationOptionsResponse } from '@atelier/contract';

const option = (category: string, id: string, displayName: string, subCategory?: string) => ({
  id,
  name: id.replace(`${category}-`, ''),
  displayName,
  thumbnailUrl: `/api/customization/swatches/${id}.webp?v=t`,
  imageUrl: `/api/customization/swatches/${id}.large.webp?v=t`,
  category,
  ...(subCategory ? { subCategory } : {}),
});

/** A small GET /customization/options reply: grouped walls, flat lighting and weather, two art sections. */
export function optionsFixture(): CustomizationOptionsResponse {
  return {
    version: 't',
    photorealistic: [
      {
        key: 'walls',
        displayName: 'Walls',
        grouped: true,
        options: [],
        subcategories: [
          {
            id: 'walls-brick',
            slug: 'brick',
            displayName: 'Brick',
            options: [option('walls', 'walls-brick-red-running-bond', 'Red Brick, Running Bond', 'brick'), option('walls', 'walls-brick-london-stock', 'London Stock Brick', 'brick')],
          },
          { id: 'walls-concrete', slug: 'concrete', displayName: 'Concrete', options: [option('walls', 'walls-concrete-board-formed', 'Board-formed Concrete', 'concrete')] },
        ],
      },
      {
        key: 'weather',
        displayName: 'Weather',
        grouped: false,
        options: [option('weather', 'weather-overcast', 'Overcast'), option('weather', 'weather-clear', 'Clear')],
        subcategories: [],
      },
      {
        key: 'lighting',
        displayName: 'Lighting',
        grouped: false,
        options: [option('lighting', 'lighting-sunset', 'Sunset'), option('lighting', 'lighting-golden-hour', 'Golden Hour')],
        subcategories: [],
      },
    ],
    art: [
      { key: 'aquarelle', displayName: 'Aquarelle', grouped: false, options: [option('aquarelle', 'aquarelle-loose-wash', 'Loose Wash')], subcategories: [] },
      { key: 'linocut', displayName: 'Linocut', grouped: false, options: [option('linocut', 'linocut-black-ink', 'Black Ink')], subcategories: [] },
    ],
  };
}
