import type { MaterialRecipe } from './recipes.js';
import type { Sampler } from './textures/kit.js';
import { brickSampler } from './textures/brick.js';
import { woodSampler } from './textures/wood.js';
import { marbleSampler } from './textures/marble.js';
import { concreteSampler } from './textures/concrete.js';
import { tileSampler } from './textures/tile.js';
import { terrazzoSampler } from './textures/terrazzo.js';
import { glassSampler } from './textures/glass.js';
import { metalSampler } from './textures/metal.js';
import { plasterSampler } from './textures/plaster.js';
import { stoneSampler } from './textures/stone.js';

export type { Sampler };

/** A material recipe's texture sampler (one file per material family under textures/). */
export function makeSampler(recipe: MaterialRecipe, seed: number): Sampler {
  const s = seed >>> 0;
  switch (recipe.kind) {
    case 'brick':
      return brickSampler(recipe, s);
    case 'wood':
      return woodSampler(recipe, s);
    case 'marble':
      return marbleSampler(recipe, s);
    case 'concrete':
      return concreteSampler(recipe, s);
    case 'tile':
      return tileSampler(recipe, s);
    case 'terrazzo':
      return terrazzoSampler(recipe, s);
    case 'glass':
      return glassSampler(recipe, s);
    case 'metal':
      return metalSampler(recipe, s);
    case 'plaster':
      return plasterSampler(recipe, s);
    case 'stone':
      return stoneSampler(recipe, s);
    case 'landscape':
    case 'cityscape':
      // Backdrops are drawn as scenes; as a texture they fall back to a soft ground.
      return plasterSampler({ kind: 'plaster', finish: 'render', color: recipe.kind === 'landscape' ? '#6f8a4c' : '#8a8f96' }, s);
  }
}
