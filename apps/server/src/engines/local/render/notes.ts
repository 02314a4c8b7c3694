import type { MaterialRecipe } from '../materials/recipes.js';
import type { Rgb } from '../pixels/image.js';
import type { CompositeResult } from './composite.js';
import type { SkyDetection } from './sky.js';

/**
 * What a preview render changed, in words (issue 30 part 7), kept with the render: "Sky:
 * replaced (grey sky → partly cloudy, late afternoon sun from the left)", "Brick (running bond) on
 * Region 2 in perspective", "Exposure +0.3 EV". Honest: only what the pixels show.
 */
const BOND_NAMES: Record<string, string> = { running: 'running bond', stack: 'stack bond', flemish: 'Flemish bond', english: 'English bond', herringbone: 'herringbone', basketweave: 'basketweave' };

export function materialName(r: MaterialRecipe): string {
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  switch (r.kind) {
    case 'brick':
      return `Brick (${BOND_NAMES[r.bond] ?? r.bond}${r.painted ? ', painted' : ''})`;
    case 'wood':
    case 'tile':
      return `${cap(r.kind)} (${r.layout.replace(/-/g, ' ')})`;
    case 'stone':
      return `Stone (${r.layout.replace(/-/g, ' ')})`;
    case 'glass':
      return `Glass (${r.layout.replace(/-/g, ' ')})`;
    case 'concrete':
    case 'metal':
    case 'plaster':
      return `${cap(r.kind)} (${r.finish.replace(/-/g, ' ')})`;
    case 'marble':
    case 'terrazzo':
      return cap(r.kind);
    default:
      return cap(r.kind);
  }
}

/** "Brick (running bond) on Region 2 in perspective" (or flat, with its legibility scale). */
export function materialNote(r: MaterialRecipe, where: string, res: CompositeResult): string {
  const how = res.perspective ? 'in perspective' : 'flat (no plane found for it)';
  const scale = res.scale > 1.05 ? `, pattern ×${res.scale.toFixed(1)} real size to stay legible` : '';
  return `${materialName(r)} on ${where} ${how}${scale}`;
}

/** ", 2 people, vehicles or posts in front kept out" (standing-objects.ts), or nothing. */
export function keptOutNote(count: number): string {
  if (count === 0) return '';
  return `, ${count === 1 ? '1 person, vehicle or post' : `${count} people, vehicles or posts`} in front kept out`;
}

/** What the photo's sky looked like: blue, grey or pale, from its mean colour. */
export function describePhotoSky(img: Rgb, sky: SkyDetection): string {
  const m = sky.mask.d;
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  for (let i = 0; i < m.length; i += 7) {
    if (m[i] < 0.9) continue;
    r += img.d[i * 3];
    g += img.d[i * 3 + 1];
    b += img.d[i * 3 + 2];
    n++;
  }
  if (n === 0) return 'sky';
  r /= n;
  g /= n;
  b /= n;
  const max = Math.max(r, g, b);
  const sat = max > 0 ? (max - Math.min(r, g, b)) / max : 0;
  if (max < 0.25) return 'dark sky';
  if (b > r && sat > 0.2) return 'blue sky';
  return max > 0.8 ? 'pale sky' : 'grey sky';
}

export function signedEv(ev: number): string {
  return `${ev > 0 ? '+' : ev < 0 ? '−' : '±'}${Math.abs(ev).toFixed(ev * 10 === Math.round(ev * 10) ? 1 : 2)} EV`;
}
