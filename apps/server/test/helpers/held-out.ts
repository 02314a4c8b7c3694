/**
 * The frozen held-out split of the evaluation set, by image name, so that adding images never
 * moves an image between training and held-out. The 51 images of the first set keep the split
 * they had (every third by sorted name, starting with the third): the 17 below are held out, the
 * rest are training images. Every image added since is assigned by its name alone: held out when
 * the FNV-1a hash of its name is divisible by 3 (about a third of new images, and an image's
 * membership never depends on which others exist).
 */

/** Held out in the first set (every third by sorted name); never trained or tuned on. */
export const FIRST_HELD_OUT: readonly string[] = [
  'berlin-cathedral',
  'chambord',
  'colosseum',
  'golden-temple',
  'lincoln-memorial',
  'nagoya-castle',
  'palais-des-papes',
  'scene-aerial-blocks',
  'scene-concrete-night',
  'scene-glass-office',
  'scene-interior-living',
  'scene-render-lake',
  'scene-timber-house',
  'sketch-model-street',
  'slab-panels',
  'trier-imperial-baths',
  'worms-cathedral-model',
];

/** Training images of the first set. */
export const FIRST_TRAINING: readonly string[] = [
  'arles-amphitheatre',
  'aula-palatina',
  'brandenburg-gate',
  'carcassonne',
  'chenonceau',
  'chichen-itza',
  'egeskov',
  'gateway-of-india',
  'great-stupa',
  'hawa-mahal',
  'louvre-pyramid-night',
  'mysore-palace',
  'neuschwanstein',
  'notre-dame-night',
  'rang-ghar',
  'reims-cathedral',
  'scene-aerial-overcast',
  'scene-brick-terrace',
  'scene-elevation-brick',
  'scene-elevation-glass',
  'scene-interior-bedroom',
  'scene-interior-gallery',
  'scene-interior-night',
  'scene-interior-office',
  'scene-stone-sunset',
  'scene-street-timber-overcast',
  'schwerin-palace',
  'sketch-model-aerial',
  'slab-block',
  'slab-corner',
  'sydney-opera-night',
  'taj-mahal',
  'victoria-memorial',
  'washington-birthplace',
];

const heldOutFirst = new Set(FIRST_HELD_OUT);
const trainingFirst = new Set(FIRST_TRAINING);

/** FNV-1a, 32 bits, over the name's UTF-8 bytes. */
function fnv1a(name: string): number {
  let h = 0x811c9dc5;
  for (const byte of Buffer.from(name, 'utf8')) h = Math.imul(h ^ byte, 0x01000193) >>> 0;
  return h;
}

/** Whether the image of this name (the file name without extension) is in the held-out split. */
export function isHeldOut(name: string): boolean {
  if (heldOutFirst.has(name)) return true;
  if (trainingFirst.has(name)) return false;
  return fnv1a(name) % 3 === 0;
}

/** Whether the image was in the first set (so figures can be compared with those of before it grew). */
export function inFirstSet(name: string): boolean {
  return heldOutFirst.has(name) || trainingFirst.has(name);
}
