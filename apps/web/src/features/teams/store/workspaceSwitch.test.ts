import { describe, expect, it } from 'vitest';
import { makeStore } from '../../../app/store';
import { workReducers } from '../../../app/workSlices';
import { signedInAuth } from '../../../test/factories';
import { promptChanged } from '../../customization';
import { imageChosen, imageReceived } from '../../refine/store/refineSlice';
import { baseImageChanged } from '../../tweak/store/tweakSlice';
import { workspaceSelected } from './workspaceSlice';

describe('a workspace switch', () => {
  it("leaves nothing of the other workspace in Tweak, Upscale or Create's prompt", () => {
    const store = makeStore({ auth: signedInAuth() }, workReducers);
    store.dispatch(baseImageChanged({ base: { kind: 'generated', id: 41, url: '/api/files/gen/41.jpg?sig=x', width: 1200, height: 800 } }));
    store.dispatch(imageChosen({ imageId: 41, imageType: 'generated' }));
    store.dispatch(imageReceived({ imageId: 41, imageType: 'generated', imageUrl: '/api/files/gen/41.jpg?sig=x' }));
    store.dispatch(promptChanged('the other studio’s loft'));
    expect(store.getState().tweak.selectedBaseImageId).toBe(41);
    expect(store.getState().refine.selected).not.toBeNull();

    store.dispatch(workspaceSelected(7));

    const { tweak, refine, customization } = store.getState();
    expect(tweak.selectedBase).toBeNull();
    expect(tweak.selectedBaseImageId).toBeNull();
    expect(tweak.originalBase).toBeNull();
    expect(refine.selected).toBeNull();
    expect(refine.pinned).toEqual([]);
    expect(refine.selectedResultId).toBeNull();
    expect(customization.generatedPrompt).toBe('');
  });
});
