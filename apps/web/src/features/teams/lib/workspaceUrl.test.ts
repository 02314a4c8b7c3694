import { describe, expect, it } from 'vitest';
import { urlWithoutWorkspaceIds } from './workspaceUrl';

describe('the URL of a work screen after a workspace switch', () => {
  it("drops Tweak's image id and type, keeping what names nothing of the workspace", () => {
    expect(urlWithoutWorkspaceIds('/tweak', '?imageId=41&imageType=generated&prompt=brick')).toBe('/tweak?prompt=brick');
  });

  it("drops Create's input, render, batch and pushed view", () => {
    expect(urlWithoutWorkspaceIds('/create', '?imageId=5&render=12&fromBatch=3&showMasks=true&source=blender')).toBe('/create');
  });

  it('leaves other screens and URLs without ids alone', () => {
    expect(urlWithoutWorkspaceIds('/gallery', '?imageId=5')).toBeNull();
    expect(urlWithoutWorkspaceIds('/upscale', '')).toBeNull();
    expect(urlWithoutWorkspaceIds('/tweak', '?prompt=brick')).toBeNull();
  });
});
