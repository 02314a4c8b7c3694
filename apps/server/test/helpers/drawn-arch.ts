import { blurRgb } from '../../src/engines/local/pixels/filters.js';
import { fbm } from '../../src/engines/local/pixels/noise.js';
import { newRgb, type Rgb } from '../../src/engines/local/pixels/image.js';

/**
 * Looking up through a tall pointed arch in a textured sandstone wall (a strip of sky above the
 * wall): the sky inside the arch, deep blue paling toward the bottom, runs down to the picture's
 * bottom edge, and a textured tower stands in it, so the opening fills only about half its box.
 * `stone`: the wall's brightness (0.68: sandstone in the sun; 0.3: a shaded arch, whose strong
 * edge makes the sky beside it textured).
 * `rim`: the sky pixels within 4 px of the arch's sides, away from the tower and the bottom edge.
 */
type At = (x: number, y: number) => boolean;

export function towerThroughArch(stone = 0.68): { img: Rgb; opening: At; tower: At; rim: At } {
  const w = 384;
  const h = 512;
  const img = newRgb(w, h);
  const inArch = (x: number, y: number) => {
    if (x < 70 || x >= 314) return false;
    // Pointed top: two arcs meeting at x 192, y 70.
    const half = (x - 70) / 244 < 0.5 ? (192 - x) / 122 : (x - 192) / 122;
    return y >= 70 + 90 * (1 - Math.sqrt(Math.max(0, 1 - half * half)));
  };
  const inTower = (x: number, y: number) => y >= 110 && Math.abs(x - 192) < 28 + (y - 110) * 0.06;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const grain = 0.85 + 0.3 * (fbm(x / 2.5, y / 2.5, 11, 3) * 0.5 + 0.5);
      let rgb = [stone * grain, stone * 0.81 * grain, stone * 0.56 * grain];
      const t = y / h;
      if (y < 24 || (inArch(x, y) && !inTower(x, y))) rgb = [0.38 + 0.1 * t, 0.62 + 0.05 * t, 0.84 - 0.03 * t];
      else if (inTower(x, y)) rgb = [0.58 * grain, 0.36 * grain, 0.3 * grain];
      img.d.set(rgb, (y * w + x) * 3);
    }
  return {
    img: blurRgb(img, 0.8),
    opening: (x, y) => inArch(x - 6, y - 6) && inArch(x + 6, y + 6) && !inTower(x - 6, y) && !inTower(x + 6, y) && y < h - 2,
    tower: (x, y) => inTower(x - 6, y) && inTower(x + 6, y) && y > 116,
    rim: (x, y) => y > 180 && y < h - 2 && inArch(x, y) && (!inArch(x - 4, y) || !inArch(x + 4, y)),
  };
}
