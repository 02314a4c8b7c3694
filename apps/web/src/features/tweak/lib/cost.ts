import { hasDrawnObjects, type CanvasObjects } from './objects';

/**
 * The credits the server will charge for what starts, and the steps they pay for: 1 credit per
 * variation of each step and 1 for placing pictures, so a step followed by the inpaint of the
 * drawn areas (the pipeline) costs both. Spec §5 asks for at least 1 credit for a tweak; asking
 * for this instead means phase 2 is never refused for credits after phase 1 was paid.
 * `generate` is Generate on drawn areas or a placed picture; `outpaint` is Generate with the frame
 * dragged beyond the image.
 */
export function tweakCost(s: CanvasObjects & { prompt: string; variations: number }, start: 'generate' | 'outpaint'): { total: number; steps: string } {
  const drawn = hasDrawnObjects(s);
  const first =
    start === 'generate' && s.addedImages.length > 0
      ? { name: 'Place image', credits: 1 }
      : start === 'generate' && drawn
        ? null
        : { name: 'Outpaint', credits: s.variations };
  if (!first) return { total: s.variations, steps: `Inpaint ${s.variations}` };
  if (!drawn || !s.prompt.trim()) return { total: first.credits, steps: `${first.name} ${first.credits}` };
  return { total: first.credits + s.variations, steps: `${first.name} ${first.credits} + inpaint ${s.variations}` };
}
