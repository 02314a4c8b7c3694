import { describe, expect, it } from 'vitest';
import { workLinkFor } from './workLink';

describe('workLinkFor', () => {
  it('sends the render selected in Create to Tweak', () => {
    expect(workLinkFor('/edit', '/create', '?imageId=4&render=17')).toBe('/edit?imageId=17');
  });
  it("sends Create's input image to Tweak as an input when no render is selected", () => {
    expect(workLinkFor('/edit', '/create', '?imageId=4')).toBe('/edit?imageId=4&imageType=input');
  });
  it('leaves other links, other pages and odd ids alone', () => {
    expect(workLinkFor('/upscale', '/create', '?render=17')).toBe('/upscale');
    expect(workLinkFor('/edit', '/gallery', '?render=17')).toBe('/edit');
    expect(workLinkFor('/edit', '/create', '?render=abc')).toBe('/edit');
  });
});
