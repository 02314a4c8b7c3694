/** What a render shows (issue 28): it steers the prompt and the region labels. Its own file so masks.ts and prompts.ts can both read it without an import cycle. */
export const RENDER_TYPES = ['exterior', 'interior', 'aerial', 'elevation'] as const;
export type RenderType = (typeof RENDER_TYPES)[number];
