import sharp from 'sharp';

/**
 * Mean luminance (Rec. 709 weights) of a PNG, or of one rectangle of it. sharp's stats() reads
 * the input, not the pipeline, so the rectangle is cut out first and the weights are applied
 * to the channel means here.
 */
async function meanLuma(png: Buffer, area?: { left: number; top: number; width: number; height: number }): Promise<number> {
  const source = area ? await sharp(png).extract(area).png().toBuffer() : png;
  const [r, g, b] = (await sharp(source).stats()).channels.map((c) => c.mean);
  return 0.2126 * r + 0.7152 * (g ?? r) + 0.0722 * (b ?? r);
}

/**
 * The photo's light on an added image: light scales colour, so the overlay is multiplied by
 * the factor that moves its mean luminance halfway toward that of the photo around the
 * placement (a margin of half the overlay's size; the factor kept within 0.5..1.5). A bright
 * cut-out placed in shade darkens; its hues and pattern stay.
 */
export async function matchLight(overlay: Buffer, photo: Buffer, at: { left: number; top: number; width: number; height: number }, W: number, H: number): Promise<Buffer> {
  const m = Math.round(Math.max(at.width, at.height) / 2);
  const left = Math.max(0, at.left - m);
  const top = Math.max(0, at.top - m);
  const around = await meanLuma(photo, { left, top, width: Math.min(W, at.left + at.width + m) - left, height: Math.min(H, at.top + at.height + m) - top });
  const own = await meanLuma(overlay);
  if (own < 1) return overlay;
  const k = Math.min(1.5, Math.max(0.5, (own + 0.5 * (around - own)) / own));
  return sharp(overlay).linear([k, k, k, 1], [0, 0, 0, 0]).png().toBuffer();
}
