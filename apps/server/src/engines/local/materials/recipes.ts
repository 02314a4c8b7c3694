/**
 * What a material looks like, as data. The customization catalog gives every material
 * option one recipe; the swatch thumbnails and the engine's region textures are both drawn
 * from it by `makeSampler`. Colours are '#rrggbb'; sizes are centimetres.
 */
export type Hex = string;

export type MaterialRecipe =
  | {
      kind: 'brick';
      bond: 'running' | 'stack' | 'flemish' | 'english' | 'herringbone' | 'basketweave';
      color: Hex;
      /** Second brick colour (headers, clinkers). */
      color2?: Hex;
      mortar: Hex;
      /** 0..1 brick-to-brick variation. */
      variation?: number;
      length?: number;
      height?: number;
      joint?: number;
      glazed?: boolean;
      /** Painted/limewashed brick: softer variation, paint patches. */
      painted?: boolean;
    }
  | {
      kind: 'wood';
      layout: 'planks' | 'herringbone' | 'chevron' | 'cladding' | 'slats' | 'shingles' | 'charred' | 'parquet';
      color: Hex;
      dark: Hex;
      width?: number;
      variation?: number;
      /** Grain strength 0..1. */
      grain?: number;
    }
  | {
      kind: 'marble';
      base: Hex;
      vein: Hex;
      vein2?: Hex;
      /** Vein frequency per metre. */
      veins?: number;
      turbulence?: number;
      /** Slab size (cm); 0 = seamless. */
      slab?: number;
      cloud?: Hex;
    }
  | {
      kind: 'concrete';
      finish: 'smooth' | 'board-formed' | 'panels' | 'exposed-aggregate' | 'polished' | 'blocks' | 'rough';
      color: Hex;
      color2?: Hex;
    }
  | {
      kind: 'tile';
      layout: 'grid' | 'subway' | 'hexagon' | 'checker' | 'herringbone' | 'mosaic' | 'large-format' | 'zellige' | 'fish-scale';
      color: Hex;
      color2?: Hex;
      grout: Hex;
      size?: number;
      glaze?: number;
      variation?: number;
    }
  | { kind: 'terrazzo'; base: Hex; chips: Hex[]; chipSize?: number; density?: number }
  | {
      kind: 'glass';
      layout: 'curtain-wall' | 'grid' | 'frosted' | 'channel' | 'fritted' | 'mirror';
      tint: Hex;
      frame: Hex;
      panelWidth?: number;
      panelHeight?: number;
    }
  | {
      kind: 'metal';
      finish:
        | 'standing-seam'
        | 'corrugated'
        | 'perforated'
        | 'brushed'
        | 'panels'
        | 'mesh'
        | 'louvres'
        | 'patina'
        | 'corten'
        | 'galvanized'
        | 'diamond-plate'
        | 'grating';
      color: Hex;
      color2?: Hex;
      size?: number;
    }
  | {
      kind: 'plaster';
      finish: 'smooth' | 'render' | 'stucco' | 'venetian' | 'limewash' | 'pebbledash' | 'tadelakt';
      color: Hex;
      color2?: Hex;
    }
  | {
      kind: 'stone';
      layout: 'ashlar' | 'rubble' | 'flagstone' | 'cobble' | 'slate' | 'split-face' | 'travertine' | 'granite' | 'sandstone' | 'gabion';
      colors: Hex[];
      mortar: Hex;
      size?: number;
    }
  | {
      kind: 'landscape';
      scene: 'meadow' | 'forest' | 'mountains' | 'sea' | 'desert' | 'park' | 'lake' | 'snowfield' | 'vineyard' | 'tropical' | 'hills';
    }
  | {
      kind: 'cityscape';
      scene: 'downtown' | 'historic' | 'suburb' | 'harbour' | 'skyline-dusk' | 'old-town' | 'industrial' | 'mediterranean' | 'asian-metropolis';
    };

/** Context recipes are scenes (a backdrop at the horizon), not tileable textures. */
export function isBackdrop(r: MaterialRecipe): r is Extract<MaterialRecipe, { kind: 'landscape' | 'cityscape' }> {
  return r.kind === 'landscape' || r.kind === 'cityscape';
}
