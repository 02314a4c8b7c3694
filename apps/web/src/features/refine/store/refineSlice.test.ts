import { describe, expect, it } from 'vitest';
import { REFINE_DEFAULT_SETTINGS } from '@atelier/contract';
import { readNavigationImage } from '../hooks/useNavigationImage';
import {
  imageChosen,
  imageReceived,
  initialRefineState,
  loadPinned,
  operationsFetchStarted,
  refineReducer,
  resultChosen,
  settingChanged,
  settingsLoaded,
  settingsReset,
  variationsChanged,
  viewModeChanged,
} from './refineSlice';

describe('refine slice', () => {
  it('choosing an image flags its operations to be fetched and shows the refined view', () => {
    let s = refineReducer({ ...initialRefineState, viewMode: 'original', selectedResultId: 4 }, imageChosen({ imageId: 7, imageType: 'uploaded' }));
    expect(s).toMatchObject({ selected: { imageId: 7, imageType: 'uploaded' }, shouldFetchOperations: true, viewMode: 'generated', selectedResultId: null });
    s = refineReducer(s, operationsFetchStarted());
    expect(s.shouldFetchOperations).toBe(false);
    // The same image again changes nothing.
    expect(refineReducer(s, imageChosen({ imageId: 7, imageType: 'uploaded' }))).toBe(s);
  });

  it("pins Create's image at the head of the strip, once", () => {
    let s = refineReducer(initialRefineState, imageReceived({ imageId: 3, imageType: 'generated', imageUrl: '/a.jpg' }));
    s = refineReducer(s, imageReceived({ imageId: 9, imageType: 'uploaded', imageUrl: '/b.jpg' }));
    s = refineReducer(s, imageReceived({ imageId: 3, imageType: 'generated', imageUrl: '/a2.jpg' }));
    expect(s.pinned.map((p) => `${p.imageType}:${p.imageId}`)).toEqual(['generated:3', 'uploaded:9']);
    expect(s.selected).toEqual({ imageId: 3, imageType: 'generated' });
  });

  it('applies loaded settings once per image, then keeps the user’s changes', () => {
    let s = refineReducer(initialRefineState, settingsLoaded({ key: 'uploaded:1', settings: { ...REFINE_DEFAULT_SETTINGS, resolution: { width: 1024, height: 1024 }, clarity: 30 } }));
    s = refineReducer(s, settingChanged({ clarity: 40 }));
    s = refineReducer(s, settingsLoaded({ key: 'uploaded:1', settings: { ...REFINE_DEFAULT_SETTINGS, resolution: { width: 1969, height: 1969 } } }));
    expect(s.settings.clarity).toBe(40);
    expect(refineReducer(s, settingsReset()).settings).toEqual(REFINE_DEFAULT_SETTINGS);
    expect(refineReducer(s, variationsChanged(9)).variations).toBe(4);
  });

  it('choosing a result leaves the original view', () => {
    let s = refineReducer(initialRefineState, viewModeChanged('original'));
    s = refineReducer(s, resultChosen(5));
    expect(s).toMatchObject({ selectedResultId: 5, viewMode: 'generated' });
    s = refineReducer(refineReducer(s, viewModeChanged('compare')), resultChosen(6));
    expect(s.viewMode).toBe('compare');
  });

  it('reads the navigation state of Upscale Image and the pinned images kept for the tab', () => {
    expect(readNavigationImage({ imageId: 12, imageUrl: '/x.jpg', imageType: 'generated' })).toEqual({ imageId: 12, imageType: 'generated', imageUrl: '/x.jpg' });
    expect(readNavigationImage({ imageId: '5' })).toEqual({ imageId: 5, imageType: 'uploaded', imageUrl: null });
    expect(readNavigationImage(null)).toBeNull();
    expect(readNavigationImage({ imageId: 'abc' })).toBeNull();
    const storage = { getItem: () => JSON.stringify([{ imageId: 2, imageType: 'generated', imageUrl: '/p.jpg' }, { imageId: 'x' }]) };
    expect(loadPinned(storage)).toEqual([{ imageId: 2, imageType: 'generated', imageUrl: '/p.jpg' }]);
    expect(loadPinned({ getItem: () => 'not json' })).toEqual([]);
  });
});
