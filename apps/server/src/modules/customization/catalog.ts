import { ART_SECTIONS, GROUPED_SECTIONS, PHOTOREALISTIC_SECTIONS } from '@atelier/contract';
import type { ArtSection, CustomizationSectionKey, MaterialCategory } from '@atelier/contract';
import type { MaterialRecipe } from '../../engines/local/materials/recipes.js';

/**
 * The customization catalog, as data: every section of the inspector (photorealistic and
 * art), its subcategories and options. Materials carry the recipe the engine and the
 * swatch generator draw them from; looks (weather, lighting, style) name the engine's
 * presets; building types give an assumed height; art options name a style variant.
 *
 * Ids are stable strings (`walls-brick-red-running-bond`), stored in settings snapshots
 * and mask mappings; never rename one, add a new option instead.
 */

export { ART_SECTIONS, GROUPED_SECTIONS, PHOTOREALISTIC_SECTIONS };
export type SectionKey = CustomizationSectionKey;
export type { MaterialCategory };

export interface CatalogOption {
  id: string;
  name: string;
  displayName: string;
  section: SectionKey;
  subcategory?: MaterialCategory;
  /** Walls, floors, context: how the material (or backdrop) is drawn. */
  recipe?: MaterialRecipe;
  /** Weather, lighting, style: the engine preset. */
  look?: string;
  /** Type: assumed height of a façade in centimetres (scales textures). */
  height?: number;
  /** Type: the thumbnail's building silhouette. */
  shape?: string;
  /** Art: the style variant. */
  variant?: string;
}

export const SECTION_NAMES: Record<SectionKey, string> = {
  type: 'Type',
  walls: 'Walls',
  floors: 'Floors',
  context: 'Context',
  style: 'Style',
  weather: 'Weather',
  lighting: 'Lighting',
  illustration: 'Illustration',
  pen_and_ink: 'Pen and Ink',
  aquarelle: 'Aquarelle',
  linocut: 'Linocut',
  collage: 'Collage',
  fine_black_pen: 'Fine Black Pen',
  minimalist: 'Minimalist',
  avantgarde: 'Avant-garde',
};

export const CATEGORY_NAMES: Record<MaterialCategory, string> = {
  brick: 'Brick',
  ceramics: 'Ceramics',
  concrete: 'Concrete',
  glass: 'Glass',
  marble: 'Marble',
  metal: 'Metal',
  plaster: 'Plaster',
  steel: 'Steel',
  stone: 'Stone',
  terrazzo: 'Terrazzo',
  wood: 'Wood',
  exterior: 'Exterior',
  cityscape: 'Cityscape',
};

const options: CatalogOption[] = [];

function material(section: 'walls' | 'floors' | 'context', sub: MaterialCategory, slug: string, displayName: string, recipe: MaterialRecipe): void {
  options.push({ id: `${section}-${sub}-${slug}`, name: slug, displayName, section, subcategory: sub, recipe });
}

// ----- Walls -------------------------------------------------------------------------
const W = (sub: MaterialCategory, slug: string, name: string, r: MaterialRecipe) => material('walls', sub, slug, name, r);

W('brick', 'red-running-bond', 'Red Brick, Running Bond', { kind: 'brick', bond: 'running', color: '#9c4a32', mortar: '#cfc6b8' });
W('brick', 'london-stock', 'London Stock Brick', { kind: 'brick', bond: 'flemish', color: '#b59a6a', color2: '#7d6448', mortar: '#d8d0c0', variation: 0.45 });
W('brick', 'white-glazed', 'White Glazed Brick', { kind: 'brick', bond: 'stack', color: '#eeece6', mortar: '#bdb8ae', variation: 0.06, glazed: true });
W('brick', 'dark-clinker', 'Dark Clinker Brick', { kind: 'brick', bond: 'running', color: '#3b302c', color2: '#56443a', mortar: '#5c5a56', variation: 0.4 });
W('brick', 'flemish-red', 'Red Brick, Flemish Bond', { kind: 'brick', bond: 'flemish', color: '#a4503a', color2: '#6d3325', mortar: '#d6cdbf' });
W('brick', 'english-bond', 'English Bond Brick', { kind: 'brick', bond: 'english', color: '#8e4a36', color2: '#7a3e2d', mortar: '#cdc3b3' });
W('brick', 'herringbone-red', 'Herringbone Brick', { kind: 'brick', bond: 'herringbone', color: '#a5553b', mortar: '#cfc5b5' });
W('brick', 'stack-bond-grey', 'Grey Brick, Stack Bond', { kind: 'brick', bond: 'stack', color: '#7d7b78', mortar: '#c4c1bb', variation: 0.25 });
W('brick', 'roman-buff', 'Roman Buff Brick', { kind: 'brick', bond: 'running', color: '#c8a87a', mortar: '#e2dacb', length: 40, height: 4, variation: 0.3 });
W('brick', 'whitewashed', 'Whitewashed Brick', { kind: 'brick', bond: 'running', color: '#e8e4dc', mortar: '#d8d2c8', painted: true, variation: 0.2 });
W('brick', 'handmade-orange', 'Handmade Orange Brick', { kind: 'brick', bond: 'running', color: '#c46a3e', color2: '#9c4c2e', mortar: '#d9cfbd', variation: 0.55 });
W('brick', 'black-painted', 'Black Painted Brick', { kind: 'brick', bond: 'running', color: '#2a2a2c', mortar: '#2e2e30', painted: true, variation: 0.12 });
W('brick', 'basketweave-tan', 'Tan Brick Basketweave', { kind: 'brick', bond: 'basketweave', color: '#b98d5f', mortar: '#d5cab6' });
W('brick', 'purple-blend', 'Purple Blend Brick', { kind: 'brick', bond: 'running', color: '#6d4a4e', color2: '#8a5a4a', mortar: '#bbb2a8', variation: 0.5 });

W('ceramics', 'white-subway', 'White Subway Tile', { kind: 'tile', layout: 'subway', color: '#f2f1ec', grout: '#cfccc4', glaze: 0.8 });
W('ceramics', 'green-zellige', 'Green Zellige', { kind: 'tile', layout: 'zellige', color: '#3f7f6a', grout: '#d8d4c8', size: 10, glaze: 0.9, variation: 0.18 });
W('ceramics', 'blue-mosaic', 'Blue Glass Mosaic', { kind: 'tile', layout: 'mosaic', color: '#2f6fa8', color2: '#5fa0c8', grout: '#e0e0dc', glaze: 0.9 });
W('ceramics', 'terracotta-cladding', 'Terracotta Cladding', { kind: 'tile', layout: 'large-format', color: '#b8643f', grout: '#6a3d2a', size: 30, glaze: 0.1, variation: 0.12 });
W('ceramics', 'hexagon-white', 'White Hexagon Tile', { kind: 'tile', layout: 'hexagon', color: '#efede8', grout: '#b8b4ac', glaze: 0.6 });
W('ceramics', 'fish-scale-teal', 'Teal Fish-scale Tile', { kind: 'tile', layout: 'fish-scale', color: '#2f7f86', grout: '#d6d2c8', size: 12, glaze: 0.8, variation: 0.1 });
W('ceramics', 'porcelain-grey', 'Grey Porcelain Panels', { kind: 'tile', layout: 'large-format', color: '#8d8f91', grout: '#5e6062', glaze: 0.3 });
W('ceramics', 'glazed-black', 'Black Glazed Tile', { kind: 'tile', layout: 'grid', color: '#1f2224', grout: '#3a3c3e', size: 15, glaze: 0.9 });
W('ceramics', 'checker-cream', 'Cream and Olive Checker', { kind: 'tile', layout: 'checker', color: '#e8dfc8', color2: '#7d7f4a', grout: '#cfc8b8', size: 15 });
W('ceramics', 'herringbone-sage', 'Sage Herringbone Tile', { kind: 'tile', layout: 'herringbone', color: '#9bab8e', grout: '#e2e0d8', size: 22, glaze: 0.6 });

W('concrete', 'smooth-fair-faced', 'Fair-faced Concrete', { kind: 'concrete', finish: 'smooth', color: '#a7a6a1' });
W('concrete', 'board-formed', 'Board-formed Concrete', { kind: 'concrete', finish: 'board-formed', color: '#9e9c96' });
W('concrete', 'tie-hole-panels', 'Concrete Panels with Tie Holes', { kind: 'concrete', finish: 'panels', color: '#b3b1ab' });
W('concrete', 'exposed-aggregate', 'Exposed Aggregate', { kind: 'concrete', finish: 'exposed-aggregate', color: '#9a948a', color2: '#b8a88c' });
W('concrete', 'precast-white', 'White Precast Concrete', { kind: 'concrete', finish: 'smooth', color: '#d8d6d0' });
W('concrete', 'charcoal', 'Charcoal Concrete', { kind: 'concrete', finish: 'smooth', color: '#4d4e50' });
W('concrete', 'block-grey', 'Grey Concrete Block', { kind: 'concrete', finish: 'blocks', color: '#8f8e8a' });
W('concrete', 'rammed-earth', 'Rammed Earth', { kind: 'concrete', finish: 'board-formed', color: '#b08a62', color2: '#9a7452' });
W('concrete', 'shotcrete', 'Rough Shotcrete', { kind: 'concrete', finish: 'rough', color: '#9d9b95' });
W('concrete', 'sand-pigmented', 'Sand-pigmented Concrete', { kind: 'concrete', finish: 'panels', color: '#c2b29a' });

W('glass', 'blue-curtain-wall', 'Blue Curtain Wall', { kind: 'glass', layout: 'curtain-wall', tint: '#7f9fc0', frame: '#3d4248' });
W('glass', 'clear-curtain-wall', 'Clear Curtain Wall', { kind: 'glass', layout: 'curtain-wall', tint: '#a9bcc4', frame: '#c8cacb' });
W('glass', 'bronze-tinted', 'Bronze Tinted Glass', { kind: 'glass', layout: 'curtain-wall', tint: '#9a8066', frame: '#3a3028' });
W('glass', 'mirror', 'Mirror Glass', { kind: 'glass', layout: 'mirror', tint: '#b5c4cf', frame: '#6c7278' });
W('glass', 'frosted', 'Frosted Glass', { kind: 'glass', layout: 'frosted', tint: '#cfd8d8', frame: '#9a9ea2' });
W('glass', 'channel-glass', 'U-Channel Glass', { kind: 'glass', layout: 'channel', tint: '#bcd0c8', frame: '#8c9290' });
W('glass', 'fritted', 'Fritted Glass', { kind: 'glass', layout: 'fritted', tint: '#8fa6b4', frame: '#54595e' });
W('glass', 'green-tinted', 'Green Tinted Glass', { kind: 'glass', layout: 'curtain-wall', tint: '#86a89a', frame: '#2e3430' });
W('glass', 'window-wall-black', 'Black-framed Window Wall', { kind: 'glass', layout: 'grid', tint: '#93a7b6', frame: '#1c1d1f' });

W('marble', 'carrara', 'Carrara Marble', { kind: 'marble', base: '#e9e7e3', vein: '#8d8f94', vein2: '#b9bbbd', slab: 120 });
W('marble', 'calacatta', 'Calacatta Gold', { kind: 'marble', base: '#f1eee8', vein: '#9f8a6a', vein2: '#c9bba0', veins: 1.5, turbulence: 8, slab: 140 });
W('marble', 'nero-marquina', 'Nero Marquina', { kind: 'marble', base: '#1d1d1f', vein: '#e4e2de', vein2: '#7a7a7c', veins: 2.5, slab: 120 });
W('marble', 'verde-guatemala', 'Verde Guatemala', { kind: 'marble', base: '#2f4a3c', vein: '#c8d4c8', vein2: '#6f8a78', cloud: '#1f3329', veins: 4, turbulence: 9, slab: 100 });
W('marble', 'rosa-portogallo', 'Rosa Portogallo', { kind: 'marble', base: '#e3c3b4', vein: '#a7786a', cloud: '#d4aa98', slab: 120 });
W('marble', 'emperador', 'Emperador Brown', { kind: 'marble', base: '#6a4b37', vein: '#d9c3a8', vein2: '#4a3325', veins: 5, turbulence: 10, slab: 100 });
W('marble', 'travertino-bianco', 'Statuario White', { kind: 'marble', base: '#f3f2ef', vein: '#6f7276', veins: 1.2, turbulence: 5, slab: 160 });
W('marble', 'blue-bahia', 'Azul Bahia', { kind: 'marble', base: '#3f5e8c', vein: '#d8dde6', cloud: '#27426a', veins: 3, turbulence: 12, slab: 100 });

W('metal', 'zinc-standing-seam', 'Zinc Standing Seam', { kind: 'metal', finish: 'standing-seam', color: '#8a9096' });
W('metal', 'copper-new', 'Bright Copper Panels', { kind: 'metal', finish: 'panels', color: '#b86f45', size: 60 });
W('metal', 'copper-patina', 'Copper Patina', { kind: 'metal', finish: 'patina', color: '#8a5a3a', color2: '#5fa08e' });
W('metal', 'anodised-aluminium', 'Anodised Aluminium Panels', { kind: 'metal', finish: 'panels', color: '#b9bcbe' });
W('metal', 'bronze-panels', 'Bronze Cassettes', { kind: 'metal', finish: 'panels', color: '#7a5c3e', size: 80 });
W('metal', 'corrugated-silver', 'Corrugated Metal', { kind: 'metal', finish: 'corrugated', color: '#a8adb2' });
W('metal', 'corrugated-black', 'Black Corrugated Metal', { kind: 'metal', finish: 'corrugated', color: '#2f3134' });
W('metal', 'perforated-aluminium', 'Perforated Aluminium', { kind: 'metal', finish: 'perforated', color: '#c4c6c7' });
W('metal', 'brass-brushed', 'Brushed Brass', { kind: 'metal', finish: 'brushed', color: '#b8964e' });
W('metal', 'aluminium-louvres', 'Aluminium Louvres', { kind: 'metal', finish: 'louvres', color: '#c9cbcc' });
W('metal', 'red-standing-seam', 'Red Standing Seam', { kind: 'metal', finish: 'standing-seam', color: '#8e2f27', size: 40 });

W('plaster', 'white-smooth', 'White Smooth Plaster', { kind: 'plaster', finish: 'smooth', color: '#efede8' });
W('plaster', 'warm-render', 'Warm White Render', { kind: 'plaster', finish: 'render', color: '#e6ddcc' });
W('plaster', 'terracotta-render', 'Terracotta Render', { kind: 'plaster', finish: 'render', color: '#c77b55' });
W('plaster', 'ochre-stucco', 'Ochre Stucco', { kind: 'plaster', finish: 'stucco', color: '#d2a45e' });
W('plaster', 'grey-venetian', 'Grey Venetian Plaster', { kind: 'plaster', finish: 'venetian', color: '#a9a7a2', color2: '#c8c6c1' });
W('plaster', 'pink-limewash', 'Pink Limewash', { kind: 'plaster', finish: 'limewash', color: '#d9aea0', color2: '#ecd2c6' });
W('plaster', 'blue-limewash', 'Blue Limewash', { kind: 'plaster', finish: 'limewash', color: '#8ea6bd', color2: '#b8c8d6' });
W('plaster', 'tadelakt-sand', 'Sand Tadelakt', { kind: 'plaster', finish: 'tadelakt', color: '#cdb594', color2: '#b89c78' });
W('plaster', 'pebbledash', 'Pebbledash', { kind: 'plaster', finish: 'pebbledash', color: '#c9c1b3' });
W('plaster', 'charcoal-render', 'Charcoal Render', { kind: 'plaster', finish: 'render', color: '#4a4a4c' });

W('steel', 'corten', 'Weathering Steel (Corten)', { kind: 'metal', finish: 'corten', color: '#8a4a26', color2: '#5e3219' });
W('steel', 'stainless-brushed', 'Brushed Stainless Steel', { kind: 'metal', finish: 'brushed', color: '#b4b7ba' });
W('steel', 'galvanised', 'Galvanised Steel', { kind: 'metal', finish: 'galvanized', color: '#a2a7ab' });
W('steel', 'black-steel-panels', 'Black Steel Panels', { kind: 'metal', finish: 'panels', color: '#26282a', size: 120 });
W('steel', 'perforated-corten', 'Perforated Corten', { kind: 'metal', finish: 'perforated', color: '#8c4e2a', size: 2.2 });
W('steel', 'expanded-mesh', 'Expanded Steel Mesh', { kind: 'metal', finish: 'mesh', color: '#9a9ea2', color2: '#3a3c3e' });
W('steel', 'white-steel-cladding', 'White Steel Cladding', { kind: 'metal', finish: 'standing-seam', color: '#e4e5e4', size: 30 });
W('steel', 'rusted-corrugated', 'Rusted Corrugated Steel', { kind: 'metal', finish: 'corrugated', color: '#7d4328', size: 10 });

W('stone', 'limestone-ashlar', 'Limestone Ashlar', { kind: 'stone', layout: 'ashlar', colors: ['#d9cfbb', '#cfc3ad', '#e2d8c6'], mortar: '#e6dfd2' });
W('stone', 'sandstone-ashlar', 'Sandstone Ashlar', { kind: 'stone', layout: 'sandstone', colors: ['#c9a57a', '#b8916a', '#d4b48a'], mortar: '#d8c8ae' });
W('stone', 'granite-blocks', 'Grey Granite', { kind: 'stone', layout: 'granite', colors: ['#8e8e8c', '#9a9896', '#858583'], mortar: '#6e6e6c' });
W('stone', 'fieldstone-rubble', 'Fieldstone Rubble', { kind: 'stone', layout: 'rubble', colors: ['#8a8378', '#a39a8a', '#6e6a62', '#b0a48f'], mortar: '#c9c1b0' });
W('stone', 'dry-stack-slate', 'Dry-stack Slate', { kind: 'stone', layout: 'slate', colors: ['#4a4e54', '#5a5f66', '#3d4146', '#66635e'], mortar: '#1e2022' });
W('stone', 'split-face-basalt', 'Split-face Basalt', { kind: 'stone', layout: 'split-face', colors: ['#3e3f41', '#48494b', '#353638'], mortar: '#2a2b2c' });
W('stone', 'travertine-cladding', 'Travertine Cladding', { kind: 'stone', layout: 'travertine', colors: ['#dccfb6', '#d2c3a6', '#e3d8c2'], mortar: '#cbbfa8' });
W('stone', 'gabion', 'Gabion Wall', { kind: 'stone', layout: 'gabion', colors: ['#9a958c', '#b3ab9c', '#7d7a74'], mortar: '#3a3834' });
W('stone', 'flint', 'Knapped Flint', { kind: 'stone', layout: 'rubble', colors: ['#2e3033', '#4a4c50', '#6b6d70'], mortar: '#d7cfbf', size: 12 });
W('stone', 'red-sandstone', 'Red Sandstone', { kind: 'stone', layout: 'sandstone', colors: ['#a05a44', '#8e4d3a', '#b2664e'], mortar: '#c8a896' });
W('stone', 'quartzite-ashlar', 'Quartzite Ashlar', { kind: 'stone', layout: 'ashlar', colors: ['#cfcbc4', '#b9b4ab', '#d8d2c8', '#a8a198'], mortar: '#9d978e', size: 25 });
W('stone', 'cotswold', 'Cotswold Stone', { kind: 'stone', layout: 'slate', colors: ['#c9a96c', '#b8975e', '#d6b87c'], mortar: '#8a7350' });

W('terrazzo', 'white-classic', 'Classic White Terrazzo', { kind: 'terrazzo', base: '#ecebe6', chips: ['#8c8c8a', '#3e3e3e', '#c7c2b8', '#b5a48c'] });
W('terrazzo', 'pink-venetian', 'Pink Venetian Terrazzo', { kind: 'terrazzo', base: '#e9cfc6', chips: ['#b45f4f', '#ffffff', '#6d5a55', '#d99a85'], chipSize: 2 });
W('terrazzo', 'grey-industrial', 'Grey Industrial Terrazzo', { kind: 'terrazzo', base: '#9e9e9b', chips: ['#e0e0dc', '#4b4b4a', '#7a7671'], chipSize: 1.2, density: 0.55 });
W('terrazzo', 'green-confetti', 'Green Confetti Terrazzo', { kind: 'terrazzo', base: '#dfe3da', chips: ['#2f6a4f', '#e07a3a', '#f0c040', '#3a3a3a'], chipSize: 2.4, density: 0.3 });
W('terrazzo', 'black-gold', 'Black and Gold Terrazzo', { kind: 'terrazzo', base: '#242424', chips: ['#c9a24e', '#f0ede5', '#6b6b6b'], chipSize: 1.4 });

W('wood', 'cedar-cladding', 'Cedar Cladding', { kind: 'wood', layout: 'cladding', color: '#b97a4e', dark: '#6b3f22' });
W('wood', 'larch-vertical', 'Larch Vertical Boards', { kind: 'wood', layout: 'cladding', color: '#c99c6a', dark: '#7d5a38', width: 18 });
W('wood', 'silver-weathered', 'Silver Weathered Timber', { kind: 'wood', layout: 'cladding', color: '#a8a49c', dark: '#6a665f', variation: 0.35 });
W('wood', 'charred-shou-sugi-ban', 'Charred Timber (Shou Sugi Ban)', { kind: 'wood', layout: 'charred', color: '#2a2624', dark: '#121010', width: 15 });
W('wood', 'oak-slats', 'Oak Slats', { kind: 'wood', layout: 'slats', color: '#c8a070', dark: '#8a643c' });
W('wood', 'walnut-slats', 'Walnut Slats', { kind: 'wood', layout: 'slats', color: '#6e4b34', dark: '#3c2719' });
W('wood', 'cedar-shingles', 'Cedar Shingles', { kind: 'wood', layout: 'shingles', color: '#b07850', dark: '#6a4026', variation: 0.4 });
W('wood', 'horizontal-pine', 'Horizontal Pine Boards', { kind: 'wood', layout: 'planks', color: '#d8b482', dark: '#9a7446', width: 15 });
W('wood', 'black-stained', 'Black-stained Boards', { kind: 'wood', layout: 'cladding', color: '#2c2a28', dark: '#1a1816', width: 12, grain: 0.5 });
W('wood', 'thermowood', 'Thermowood Cladding', { kind: 'wood', layout: 'cladding', color: '#7a4f33', dark: '#4a2e1c', width: 12 });
W('wood', 'bamboo', 'Bamboo Slats', { kind: 'wood', layout: 'slats', color: '#d6b874', dark: '#a38446', width: 3 });
W('wood', 'teak-panels', 'Teak Panels', { kind: 'wood', layout: 'planks', color: '#9c6a3e', dark: '#5e3b20', width: 30 });

// ----- Floors ------------------------------------------------------------------------
const F = (sub: MaterialCategory, slug: string, name: string, r: MaterialRecipe) => material('floors', sub, slug, name, r);

F('brick', 'herringbone-pavers', 'Herringbone Brick Pavers', { kind: 'brick', bond: 'herringbone', color: '#9a5038', mortar: '#b8ab98', height: 10 });
F('brick', 'basketweave-pavers', 'Basketweave Pavers', { kind: 'brick', bond: 'basketweave', color: '#a86848', mortar: '#b5a894' });
F('brick', 'running-pavers-grey', 'Grey Clay Pavers', { kind: 'brick', bond: 'running', color: '#6f6c68', mortar: '#9c9892', height: 10, length: 20 });
F('brick', 'stack-pavers-buff', 'Buff Stack Pavers', { kind: 'brick', bond: 'stack', color: '#c2a27a', mortar: '#ab9c86', height: 10, length: 20 });
F('brick', 'reclaimed', 'Reclaimed Brick Floor', { kind: 'brick', bond: 'running', color: '#8a4c38', color2: '#5e3a2c', mortar: '#a09482', variation: 0.6, height: 10 });

F('ceramics', 'terracotta-squares', 'Terracotta Squares', { kind: 'tile', layout: 'grid', color: '#b8683f', grout: '#9c8a76', size: 30, glaze: 0.1, variation: 0.15 });
F('ceramics', 'porcelain-large-grey', 'Large Grey Porcelain', { kind: 'tile', layout: 'large-format', color: '#9a9a97', grout: '#7d7d7a', glaze: 0.4 });
F('ceramics', 'porcelain-large-white', 'Large White Porcelain', { kind: 'tile', layout: 'large-format', color: '#e6e4df', grout: '#c6c4bf', glaze: 0.5 });
F('ceramics', 'checkerboard', 'Black and White Checkerboard', { kind: 'tile', layout: 'checker', color: '#f0eee8', color2: '#1e1e1e', grout: '#9a9a96', size: 30, glaze: 0.6 });
F('ceramics', 'encaustic-blue', 'Blue Encaustic Tile', { kind: 'tile', layout: 'checker', color: '#e8e2d2', color2: '#3d5f8a', grout: '#cfc8b6', size: 20 });
F('ceramics', 'hexagon-terracotta', 'Terracotta Hexagons', { kind: 'tile', layout: 'hexagon', color: '#b55e3a', grout: '#c9bca8', size: 20, glaze: 0.1, variation: 0.12 });
F('ceramics', 'penny-mosaic', 'White Mosaic Floor', { kind: 'tile', layout: 'mosaic', color: '#f0efea', color2: '#d0d2d0', grout: '#b8b8b4' });
F('ceramics', 'wood-look-plank', 'Wood-look Porcelain Planks', { kind: 'wood', layout: 'planks', color: '#b28d66', dark: '#7d5d3e', width: 20, grain: 0.5 });
F('ceramics', 'quarry-red', 'Red Quarry Tile', { kind: 'tile', layout: 'grid', color: '#94442e', grout: '#7a6a5a', size: 15, glaze: 0.05 });
F('ceramics', 'green-herringbone', 'Green Herringbone Tile', { kind: 'tile', layout: 'herringbone', color: '#557a62', grout: '#d8d4c8', size: 24, glaze: 0.7 });

F('concrete', 'polished-grey', 'Polished Concrete', { kind: 'concrete', finish: 'polished', color: '#a4a29d', color2: '#d3d0c8' });
F('concrete', 'polished-dark', 'Dark Polished Concrete', { kind: 'concrete', finish: 'polished', color: '#5a5b5c', color2: '#8c8a86' });
F('concrete', 'broom-finish', 'Broom-finish Concrete', { kind: 'concrete', finish: 'rough', color: '#aaa8a2' });
F('concrete', 'concrete-pavers', 'Concrete Pavers', { kind: 'concrete', finish: 'blocks', color: '#9b9995' });
F('concrete', 'exposed-aggregate-paving', 'Exposed Aggregate Paving', { kind: 'concrete', finish: 'exposed-aggregate', color: '#8f897e', color2: '#c2b296' });
F('concrete', 'large-slabs', 'Large Concrete Slabs', { kind: 'concrete', finish: 'panels', color: '#b0aea8' });

F('marble', 'carrara-floor', 'Carrara Marble Floor', { kind: 'marble', base: '#eae8e4', vein: '#8f9196', vein2: '#bbbdbf', slab: 60 });
F('marble', 'nero-floor', 'Nero Marquina Floor', { kind: 'marble', base: '#1e1e20', vein: '#e0ded9', veins: 2.5, slab: 60 });
F('marble', 'crema-marfil', 'Crema Marfil', { kind: 'marble', base: '#e6d9c0', vein: '#c2ad88', cloud: '#dccba9', veins: 2, slab: 60 });
F('marble', 'verde-floor', 'Verde Alpi Floor', { kind: 'marble', base: '#2c4538', vein: '#c4d2c4', cloud: '#1c3026', veins: 4, turbulence: 9, slab: 60 });
F('marble', 'checker-marble', 'Marble Checker', { kind: 'tile', layout: 'checker', color: '#e9e7e2', color2: '#2b2b2d', grout: '#b0aea8', size: 40, glaze: 0.8 });
F('marble', 'rosso-levanto', 'Rosso Levanto', { kind: 'marble', base: '#6e2e2a', vein: '#d8c8c0', cloud: '#4e1f1c', veins: 5, turbulence: 11, slab: 60 });
F('marble', 'grey-bardiglio', 'Bardiglio Grey', { kind: 'marble', base: '#8d9096', vein: '#d8dadc', cloud: '#6f7278', veins: 3, slab: 60 });

F('stone', 'cobblestone', 'Granite Cobblestones', { kind: 'stone', layout: 'cobble', colors: ['#7e7d7a', '#8f8d89', '#6d6c69'], mortar: '#4a4845' });
F('stone', 'flagstone', 'Flagstone Paving', { kind: 'stone', layout: 'flagstone', colors: ['#a49b8a', '#8f8877', '#b3a996'], mortar: '#6e685c' });
F('stone', 'slate-tiles', 'Slate Tiles', { kind: 'stone', layout: 'granite', colors: ['#3f444a', '#4a4f55', '#383c41'], mortar: '#2a2d30' });
F('stone', 'travertine-pavers', 'Travertine Pavers', { kind: 'stone', layout: 'travertine', colors: ['#ddd0b8', '#d3c4a8', '#e4d9c4'], mortar: '#c8bca4' });
F('stone', 'granite-setts', 'Granite Setts', { kind: 'stone', layout: 'ashlar', colors: ['#8a8886', '#9a9896', '#7a7876'], mortar: '#5a5856', size: 10 });
F('stone', 'limestone-slabs', 'Limestone Slabs', { kind: 'stone', layout: 'granite', colors: ['#d6ccb8', '#cdc2ac', '#ddd4c2'], mortar: '#bdb29c' });
F('stone', 'river-pebbles', 'River Pebbles', { kind: 'stone', layout: 'cobble', colors: ['#9a948a', '#b8b0a2', '#7a756d', '#c7beae'], mortar: '#5a554d', size: 6 });

F('terrazzo', 'white-terrazzo-floor', 'White Terrazzo Floor', { kind: 'terrazzo', base: '#eceae4', chips: ['#8c8c8a', '#3e3e3e', '#c7c2b8'] });
F('terrazzo', 'venetian-floor', 'Venetian Terrazzo Floor', { kind: 'terrazzo', base: '#d8c8b0', chips: ['#8a4a3a', '#f2eee6', '#4a4a48', '#c09060'], chipSize: 2.2, density: 0.55 });
F('terrazzo', 'charcoal-floor', 'Charcoal Terrazzo Floor', { kind: 'terrazzo', base: '#3a3a3a', chips: ['#e6e6e2', '#8a8a88', '#b89a6a'] });
F('terrazzo', 'terracotta-terrazzo', 'Terracotta Terrazzo', { kind: 'terrazzo', base: '#c9826a', chips: ['#f3ece2', '#7a3a2a', '#e8b090'], chipSize: 1.8 });
F('terrazzo', 'blue-terrazzo', 'Blue Terrazzo', { kind: 'terrazzo', base: '#a9bccc', chips: ['#2e4e78', '#f2f2ee', '#6a8aa8'], chipSize: 1.6 });
F('terrazzo', 'green-terrazzo', 'Green Terrazzo', { kind: 'terrazzo', base: '#b9c8b4', chips: ['#2f5a44', '#f0f0ea', '#8aa888'], chipSize: 1.6 });

F('wood', 'oak-planks', 'Oak Planks', { kind: 'wood', layout: 'planks', color: '#c79e6c', dark: '#8a6238' });
F('wood', 'oak-herringbone', 'Oak Herringbone Parquet', { kind: 'wood', layout: 'herringbone', color: '#c29464', dark: '#875c32' });
F('wood', 'walnut-planks', 'Walnut Planks', { kind: 'wood', layout: 'planks', color: '#70492f', dark: '#3d2617', width: 18 });
F('wood', 'whitewashed-oak', 'Whitewashed Oak', { kind: 'wood', layout: 'planks', color: '#dcd2c2', dark: '#a89880', width: 20, grain: 0.6 });
F('wood', 'chevron-oak', 'Oak Chevron', { kind: 'wood', layout: 'chevron', color: '#c69a66', dark: '#8c6136', width: 9 });
F('wood', 'versailles-parquet', 'Basketweave Parquet', { kind: 'wood', layout: 'parquet', color: '#b88a58', dark: '#7a5430' });
F('wood', 'teak-decking', 'Teak Decking', { kind: 'wood', layout: 'slats', color: '#a8764a', dark: '#6a4426', width: 12 });
F('wood', 'ash-wide-planks', 'Wide Ash Planks', { kind: 'wood', layout: 'planks', color: '#ddc9a8', dark: '#a88e68', width: 26 });
F('wood', 'smoked-oak', 'Smoked Oak', { kind: 'wood', layout: 'planks', color: '#6a5038', dark: '#3a2a1c', width: 20 });
F('wood', 'cherry-strip', 'Cherry Strip Floor', { kind: 'wood', layout: 'planks', color: '#a45a3a', dark: '#6a321e', width: 8 });

F('steel', 'diamond-plate', 'Diamond Steel Plate', { kind: 'metal', finish: 'diamond-plate', color: '#a4a8ac' });
F('steel', 'bar-grating', 'Steel Bar Grating', { kind: 'metal', finish: 'grating', color: '#9ca0a4' });
F('steel', 'corten-plates', 'Corten Floor Plates', { kind: 'metal', finish: 'corten', color: '#8a4a26', color2: '#5a3018', size: 100 });

// ----- Context (backdrops) -------------------------------------------------------------
const C = (sub: MaterialCategory, slug: string, name: string, r: MaterialRecipe) => material('context', sub, slug, name, r);
C('exterior', 'meadow', 'Meadow', { kind: 'landscape', scene: 'meadow' });
C('exterior', 'forest', 'Forest', { kind: 'landscape', scene: 'forest' });
C('exterior', 'mountains', 'Mountains', { kind: 'landscape', scene: 'mountains' });
C('exterior', 'seaside', 'Seaside', { kind: 'landscape', scene: 'sea' });
C('exterior', 'lakeside', 'Lakeside', { kind: 'landscape', scene: 'lake' });
C('exterior', 'desert', 'Desert', { kind: 'landscape', scene: 'desert' });
C('exterior', 'park', 'Park', { kind: 'landscape', scene: 'park' });
C('exterior', 'snowfield', 'Snowy Landscape', { kind: 'landscape', scene: 'snowfield' });
C('exterior', 'vineyard', 'Vineyard Hills', { kind: 'landscape', scene: 'vineyard' });
C('exterior', 'tropical', 'Tropical', { kind: 'landscape', scene: 'tropical' });
C('exterior', 'rolling-hills', 'Rolling Hills', { kind: 'landscape', scene: 'hills' });
C('cityscape', 'downtown', 'Downtown Skyline', { kind: 'cityscape', scene: 'downtown' });
C('cityscape', 'skyline-dusk', 'Skyline at Dusk', { kind: 'cityscape', scene: 'skyline-dusk' });
C('cityscape', 'historic-centre', 'Historic Centre', { kind: 'cityscape', scene: 'historic' });
C('cityscape', 'old-town', 'Old Town Roofs', { kind: 'cityscape', scene: 'old-town' });
C('cityscape', 'suburb', 'Suburb', { kind: 'cityscape', scene: 'suburb' });
C('cityscape', 'harbour', 'Harbour', { kind: 'cityscape', scene: 'harbour' });
C('cityscape', 'industrial', 'Industrial District', { kind: 'cityscape', scene: 'industrial' });
C('cityscape', 'mediterranean-town', 'Mediterranean Town', { kind: 'cityscape', scene: 'mediterranean' });
C('cityscape', 'asian-metropolis', 'Asian Metropolis', { kind: 'cityscape', scene: 'asian-metropolis' });

// ----- Type, style, weather, lighting --------------------------------------------------
const TYPES: Array<[string, string, number]> = [
  ['house', 'House', 700],
  ['villa', 'Villa', 800],
  ['apartment-building', 'Apartment Building', 2400],
  ['office-tower', 'Office Tower', 6000],
  ['museum', 'Museum', 1500],
  ['school', 'School', 1200],
  ['library', 'Library', 1400],
  ['hospital', 'Hospital', 2000],
  ['hotel', 'Hotel', 3000],
  ['pavilion', 'Pavilion', 500],
  ['warehouse', 'Warehouse', 1000],
  ['church', 'Church', 1800],
  ['stadium', 'Stadium', 2500],
  ['cabin', 'Cabin', 450],
  ['mixed-use', 'Mixed-use Block', 1800],
];
for (const [slug, displayName, height] of TYPES) options.push({ id: `type-${slug}`, name: slug, displayName, section: 'type', height, shape: slug });

const STYLE_NAMES: Array<[string, string]> = [
  ['contemporary', 'Contemporary'],
  ['minimalist', 'Minimalist'],
  ['brutalist', 'Brutalist'],
  ['scandinavian', 'Scandinavian'],
  ['industrial', 'Industrial'],
  ['mediterranean', 'Mediterranean'],
  ['art-deco', 'Art Deco'],
  ['classical', 'Classical'],
  ['japanese', 'Japanese'],
  ['parametric', 'Parametric'],
  ['tropical', 'Tropical Modern'],
  ['high-tech', 'High-tech'],
];
for (const [slug, displayName] of STYLE_NAMES) options.push({ id: `style-${slug}`, name: slug, displayName, section: 'style', look: slug });

const WEATHER_NAMES: Array<[string, string]> = [
  ['clear', 'Clear Sky'],
  ['partly-cloudy', 'Partly Cloudy'],
  ['cloudy', 'Cloudy'],
  ['overcast', 'Overcast'],
  ['mist', 'Mist'],
  ['fog', 'Fog'],
  ['drizzle', 'Drizzle'],
  ['rain', 'Rain'],
  ['thunderstorm', 'Thunderstorm'],
  ['light-snow', 'Light Snow'],
  ['snowfall', 'Snowfall'],
  ['after-rain', 'After the Rain'],
];
for (const [slug, displayName] of WEATHER_NAMES) options.push({ id: `weather-${slug}`, name: slug, displayName, section: 'weather', look: slug });

const LIGHTING_NAMES: Array<[string, string]> = [
  ['natural-daylight', 'Natural Daylight'],
  ['soft-morning', 'Soft Morning'],
  ['midday-sun', 'Midday Sun'],
  ['golden-hour', 'Golden Hour'],
  ['sunset', 'Sunset'],
  ['dusk', 'Dusk'],
  ['blue-hour', 'Blue Hour'],
  ['night', 'Night'],
  ['soft-diffuse', 'Soft Diffuse'],
  ['dramatic', 'Dramatic'],
];
for (const [slug, displayName] of LIGHTING_NAMES) options.push({ id: `lighting-${slug}`, name: slug, displayName, section: 'lighting', look: slug });

// ----- Art -----------------------------------------------------------------------------
const ART: Record<ArtSection, Array<[string, string]>> = {
  illustration: [
    ['ink-and-colour', 'Ink and Colour'],
    ['coloured-pencil', 'Coloured Pencil'],
    ['marker', 'Marker Rendering'],
    ['storybook', 'Storybook'],
  ],
  pen_and_ink: [
    ['crosshatch', 'Cross-hatching'],
    ['contour-hatching', 'Contour Hatching'],
    ['loose-sketch', 'Loose Sketch'],
  ],
  aquarelle: [
    ['loose-wash', 'Loose Wash'],
    ['wet-on-wet', 'Wet on Wet'],
    ['ink-and-wash', 'Ink and Wash'],
  ],
  linocut: [
    ['black-ink', 'Black Ink'],
    ['two-colour', 'Two-colour Print'],
    ['reduction-print', 'Reduction Print'],
  ],
  collage: [
    ['magazine', 'Magazine Cut-outs'],
    ['kraft-paper', 'Kraft Paper'],
    ['bauhaus', 'Bauhaus Papers'],
  ],
  fine_black_pen: [
    ['technical', 'Technical Pen'],
    ['sketchbook', 'Sketchbook'],
    ['stipple', 'Stippling'],
  ],
  minimalist: [
    ['white-model', 'White Model'],
    ['pastel-blocks', 'Pastel Blocks'],
    ['monochrome', 'Monochrome'],
  ],
  avantgarde: [
    ['constructivist', 'Constructivist'],
    ['de-stijl', 'De Stijl'],
    ['pop-art', 'Pop Art'],
  ],
};
for (const section of ART_SECTIONS)
  for (const [slug, displayName] of ART[section]) options.push({ id: `${section.replace(/_/g, '-')}-${slug}`, name: slug, displayName, section, variant: slug });

export const CATALOG: readonly CatalogOption[] = options;

const byId = new Map(options.map((o) => [o.id, o]));

export function findOption(id: string | undefined | null): CatalogOption | undefined {
  return id ? byId.get(id) : undefined;
}

/** Subcategories of a grouped section, in catalog order. */
export function subcategoriesOf(section: SectionKey): MaterialCategory[] {
  const seen: MaterialCategory[] = [];
  for (const o of options) if (o.section === section && o.subcategory && !seen.includes(o.subcategory)) seen.push(o.subcategory);
  return seen;
}
