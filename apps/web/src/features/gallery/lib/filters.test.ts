import { describe, expect, it } from 'vitest';
import { activeFilterCount, filterChips, galleryFilterParams, parseGalleryFilters } from './filters';

describe('gallery filters in the URL', () => {
  it('reads the filters a URL names and leaves out unknown or malformed values', () => {
    expect(parseGalleryFilters('?module=UPSCALE&renderType=interior&visibility=shared&dateFrom=2025-05-02&dateTo=2025-05-04')).toEqual({
      module: 'UPSCALE',
      renderType: 'interior',
      visibility: 'shared',
      dateFrom: '2025-05-02',
      dateTo: '2025-05-04',
    });
    expect(parseGalleryFilters('?module=PAINT&renderType=space&visibility=public&dateFrom=2025-02-30&dateTo=soon')).toEqual({});
    // A range that ends before it starts keeps its start only.
    expect(parseGalleryFilters('?dateFrom=2025-05-04&dateTo=2025-05-02')).toEqual({ dateFrom: '2025-05-04' });
  });

  it('writes the set filters back, keeping the other parameters, and round-trips', () => {
    const params = galleryFilterParams({ renderType: 'aerial', dateTo: '2025-06-30' }, new URLSearchParams('tab=1&renderType=interior&module=CREATE'));
    expect(params.toString()).toBe('tab=1&renderType=aerial&dateTo=2025-06-30');
    expect(parseGalleryFilters(params)).toEqual({ renderType: 'aerial', dateTo: '2025-06-30' });
  });

  it('shows each active filter as a chip with its words and counts them', () => {
    const filters = { module: 'TWEAK' as const, renderType: 'elevation' as const, visibility: 'private' as const, dateFrom: '2025-05-02', dateTo: '2025-12-31' };
    expect(filterChips(filters).map((c) => c.label)).toEqual(['Tweak', 'Elevation', 'Private', 'From May 2, 2025', 'Until Dec 31, 2025']);
    expect(activeFilterCount(filters)).toBe(5);
    expect(activeFilterCount({})).toBe(0);
  });
});
