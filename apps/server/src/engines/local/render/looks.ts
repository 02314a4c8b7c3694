import { hex, mix3, type Rgb3 } from '../pixels/color.js';

/**
 * The photographic "look" of a render: lighting (time of day) gives the base, weather and
 * architectural style modify it. Every number here is a strength the grading, sky and
 * weather passes read; creativity scales them all (see `scaleLook`).
 */
export interface SkyLook {
  zenith: Rgb3;
  horizon: Rgb3;
  /** Sun (or moon) position: x in 0..1 of the width; elevation 0 = horizon, 1 = top. */
  sunX: number;
  sunElevation: number;
  sunColor: Rgb3;
  /** Strength of the sun disc and glow, 0..1. */
  sun: number;
  glow: number;
  clouds: number; // coverage 0..1
  cloudType: 'cumulus' | 'stratus' | 'cirrus' | 'storm' | 'none';
  cloudLight: Rgb3;
  cloudShade: Rgb3;
  stars: number;
  moon: boolean;
}

export interface Look {
  exposure: number;
  kelvin: number;
  contrast: number;
  saturation: number;
  shadowTint: Rgb3;
  highlightTint: Rgb3;
  split: number;
  lift: number;
  vignette: number;
  /** Directional warm wash from one side (low sun). */
  wash: number;
  washColor: Rgb3;
  haze: number;
  fog: number;
  hazeColor: Rgb3;
  bloom: number;
  rain: number;
  snow: number;
  snowCover: number;
  wet: number;
  lightning: boolean;
  windowGlow: number;
  /** Warm light pools at street level (night). */
  streetLights: number;
  clarity: number;
  sky: SkyLook;
}

const SKY_DAY: SkyLook = {
  zenith: hex('#3f74b8'),
  horizon: hex('#b9d3ea'),
  sunX: 0.75,
  sunElevation: 0.85,
  sunColor: hex('#fff6e0'),
  sun: 0.25,
  glow: 0.25,
  clouds: 0.3,
  cloudType: 'cumulus',
  cloudLight: hex('#ffffff'),
  cloudShade: hex('#aab4c4'),
  stars: 0,
  moon: false,
};

const BASE: Look = {
  exposure: 1,
  kelvin: 6500,
  contrast: 0.08,
  saturation: 1.05,
  shadowTint: [1, 1, 1],
  highlightTint: [1, 1, 1],
  split: 0,
  lift: 0,
  vignette: 0.15,
  wash: 0,
  washColor: hex('#ffd9a0'),
  haze: 0.05,
  fog: 0,
  hazeColor: hex('#c8d6e4'),
  bloom: 0.05,
  rain: 0,
  snow: 0,
  snowCover: 0,
  wet: 0,
  lightning: false,
  windowGlow: 0,
  streetLights: 0,
  clarity: 0.08,
  sky: SKY_DAY,
};

type LookPatch = Partial<Omit<Look, 'sky'>> & { sky?: Partial<SkyLook> };

function apply(base: Look, p: LookPatch): Look {
  return { ...base, ...p, sky: { ...base.sky, ...(p.sky ?? {}) } };
}

/** Lighting presets, by option name. */
export const LIGHTINGS: Record<string, LookPatch> = {
  'natural-daylight': {},
  'soft-morning': {
    kelvin: 5400,
    contrast: 0.02,
    saturation: 1.0,
    haze: 0.18,
    hazeColor: hex('#e9dccb'),
    shadowTint: hex('#e4ecff'),
    split: 0.3,
    sky: { zenith: hex('#6f9bd1'), horizon: hex('#f2dcc4'), sunX: 0.2, sunElevation: 0.25, sunColor: hex('#ffe2b8'), sun: 0.5, glow: 0.5, clouds: 0.2, cloudType: 'cirrus', cloudLight: hex('#fff1e2'), cloudShade: hex('#c6c3cf') },
  },
  'midday-sun': {
    kelvin: 6100,
    exposure: 1.06,
    contrast: 0.2,
    saturation: 1.14,
    vignette: 0.1,
    sky: { zenith: hex('#2b62ad'), horizon: hex('#a9cbea'), sunElevation: 0.98, sun: 0.3, clouds: 0.15 },
  },
  'golden-hour': {
    kelvin: 3900,
    exposure: 0.86,
    contrast: 0.12,
    saturation: 1.16,
    shadowTint: hex('#bfd0ec'),
    highlightTint: hex('#ffd49a'),
    split: 0.55,
    wash: 0.24,
    washColor: hex('#ffc27a'),
    haze: 0.16,
    hazeColor: hex('#f3cf9c'),
    bloom: 0.14,
    sky: { zenith: hex('#5f86bd'), horizon: hex('#f6c98c'), sunX: 0.12, sunElevation: 0.16, sunColor: hex('#ffcf7a'), sun: 0.85, glow: 0.8, clouds: 0.28, cloudType: 'cumulus', cloudLight: hex('#ffe0b0'), cloudShade: hex('#a88f8c') },
  },
  sunset: {
    kelvin: 3200,
    exposure: 0.74,
    contrast: 0.14,
    saturation: 1.22,
    shadowTint: hex('#9d95c8'),
    highlightTint: hex('#ffb27a'),
    split: 0.65,
    wash: 0.36,
    washColor: hex('#ff9a5a'),
    haze: 0.2,
    hazeColor: hex('#f0a77f'),
    bloom: 0.18,
    windowGlow: 0.35,
    vignette: 0.25,
    sky: { zenith: hex('#3c4f8f'), horizon: hex('#ff9a55'), sunX: 0.85, sunElevation: 0.05, sunColor: hex('#ffb060'), sun: 1, glow: 1, clouds: 0.35, cloudType: 'cirrus', cloudLight: hex('#ffb38a'), cloudShade: hex('#6a4f78') },
  },
  dusk: {
    kelvin: 5200,
    exposure: 0.6,
    contrast: 0.1,
    saturation: 1.05,
    shadowTint: hex('#8791c8'),
    highlightTint: hex('#ffc896'),
    split: 0.6,
    haze: 0.12,
    hazeColor: hex('#9a8fb5'),
    windowGlow: 0.65,
    streetLights: 0.35,
    vignette: 0.3,
    bloom: 0.2,
    sky: { zenith: hex('#28335f'), horizon: hex('#e89a7a'), sunX: 0.8, sunElevation: -0.05, sunColor: hex('#ff9a66'), sun: 0, glow: 0.55, clouds: 0.25, cloudType: 'stratus', cloudLight: hex('#d98f8a'), cloudShade: hex('#3e3a5c'), stars: 0.15 },
  },
  'blue-hour': {
    kelvin: 10500,
    exposure: 0.5,
    contrast: 0.12,
    saturation: 1.1,
    shadowTint: hex('#7f95d6'),
    highlightTint: hex('#ffd2a0'),
    split: 0.4,
    haze: 0.1,
    hazeColor: hex('#5e78b5'),
    windowGlow: 0.9,
    streetLights: 0.55,
    vignette: 0.3,
    bloom: 0.28,
    sky: { zenith: hex('#14245a'), horizon: hex('#5f86c9'), sunX: 0.2, sunElevation: -0.2, sun: 0, glow: 0.15, sunColor: hex('#f0a080'), clouds: 0.15, cloudType: 'stratus', cloudLight: hex('#6f83b8'), cloudShade: hex('#26315c'), stars: 0.25 },
  },
  night: {
    kelvin: 11500,
    exposure: 0.19,
    contrast: 0.16,
    saturation: 0.85,
    shadowTint: hex('#6f86c9'),
    highlightTint: hex('#ffd9a8'),
    split: 0.35,
    haze: 0.06,
    hazeColor: hex('#1c2744'),
    windowGlow: 1,
    streetLights: 0.7,
    vignette: 0.45,
    bloom: 0.35,
    clarity: 0.04,
    sky: { zenith: hex('#03060f'), horizon: hex('#1a2748'), sunX: 0.78, sunElevation: 0.8, sun: 0.6, glow: 0.25, sunColor: hex('#e9eef8'), clouds: 0.18, cloudType: 'stratus', cloudLight: hex('#2c3553'), cloudShade: hex('#0a0e1c'), stars: 1, moon: true },
  },
  'soft-diffuse': {
    kelvin: 6400,
    contrast: -0.06,
    saturation: 0.96,
    lift: 0.03,
    vignette: 0.08,
    haze: 0.08,
    sky: { zenith: hex('#8aa6c8'), horizon: hex('#dfe6ee'), sun: 0, glow: 0.15, clouds: 0.75, cloudType: 'stratus', cloudLight: hex('#eef1f4'), cloudShade: hex('#b9c0ca') },
  },
  dramatic: {
    kelvin: 5600,
    exposure: 0.92,
    contrast: 0.32,
    saturation: 1.1,
    shadowTint: hex('#9fb4d8'),
    highlightTint: hex('#ffe2b6'),
    split: 0.45,
    wash: 0.32,
    washColor: hex('#ffe0b0'),
    vignette: 0.45,
    clarity: 0.2,
    sky: { zenith: hex('#1f3c6e'), horizon: hex('#a8b8c8'), sunX: 0.1, sunElevation: 0.35, sun: 0.6, glow: 0.6, clouds: 0.6, cloudType: 'storm', cloudLight: hex('#f4efe6'), cloudShade: hex('#44505f') },
  },
};

/** Weather patches are applied on top of the lighting; colours are mixed toward theirs. */
interface WeatherPatch {
  clouds: number;
  cloudType: SkyLook['cloudType'];
  /** How much of the sun survives (0 = hidden). */
  sun: number;
  /** Darkening of cloud colours (storm), 0..1. */
  cloudDark: number;
  /** Sky desaturation toward grey, 0..1. */
  grey: number;
  exposure: number;
  contrast: number;
  saturation: number;
  haze: number;
  fog: number;
  rain: number;
  snow: number;
  snowCover: number;
  wet: number;
  lightning: boolean;
  kelvinShift: number;
  wash: number;
}

const W0: WeatherPatch = {
  clouds: -1,
  cloudType: 'cumulus',
  sun: 1,
  cloudDark: 0,
  grey: 0,
  exposure: 1,
  contrast: 0,
  saturation: 1,
  haze: 0,
  fog: 0,
  rain: 0,
  snow: 0,
  snowCover: 0,
  wet: 0,
  lightning: false,
  kelvinShift: 0,
  wash: 1,
};

export const WEATHERS: Record<string, Partial<WeatherPatch>> = {
  clear: { clouds: 0.04, cloudType: 'cirrus', contrast: 0.03, saturation: 1.05 },
  'partly-cloudy': { clouds: 0.35, cloudType: 'cumulus' },
  cloudy: { clouds: 0.62, cloudType: 'cumulus', sun: 0.6, contrast: -0.02, saturation: 0.96, cloudDark: 0.1 },
  overcast: { clouds: 1, cloudType: 'stratus', sun: 0.1, grey: 0.65, exposure: 0.92, contrast: -0.1, saturation: 0.8, haze: 0.1, kelvinShift: 600, wash: 0.2, cloudDark: 0.15 },
  mist: { clouds: 0.5, cloudType: 'stratus', sun: 0.5, grey: 0.35, contrast: -0.08, saturation: 0.88, haze: 0.35, fog: 0.15, wash: 0.6 },
  fog: { clouds: 1, cloudType: 'stratus', sun: 0.15, grey: 0.85, exposure: 1.02, contrast: -0.18, saturation: 0.65, haze: 0.45, fog: 0.6, wash: 0.2, kelvinShift: 300 },
  drizzle: { clouds: 0.9, cloudType: 'stratus', sun: 0.1, grey: 0.6, exposure: 0.88, contrast: -0.06, saturation: 0.82, haze: 0.15, rain: 0.35, wet: 0.55, wash: 0.15, kelvinShift: 700, cloudDark: 0.25 },
  rain: { clouds: 1, cloudType: 'storm', sun: 0, grey: 0.7, exposure: 0.78, contrast: -0.02, saturation: 0.78, haze: 0.22, fog: 0.08, rain: 0.8, wet: 0.9, wash: 0.05, kelvinShift: 900, cloudDark: 0.4 },
  thunderstorm: { clouds: 1, cloudType: 'storm', sun: 0, grey: 0.55, exposure: 0.6, contrast: 0.16, saturation: 0.8, haze: 0.15, rain: 1, wet: 1, lightning: true, wash: 0, kelvinShift: 1600, cloudDark: 0.7 },
  'light-snow': { clouds: 0.85, cloudType: 'stratus', sun: 0.2, grey: 0.7, exposure: 1.06, contrast: -0.06, saturation: 0.8, haze: 0.2, snow: 0.4, snowCover: 0.45, wash: 0.2, kelvinShift: 900, cloudDark: 0.05 },
  snowfall: { clouds: 1, cloudType: 'stratus', sun: 0, grey: 0.85, exposure: 1.1, contrast: -0.1, saturation: 0.7, haze: 0.32, fog: 0.12, snow: 1, snowCover: 1, wash: 0, kelvinShift: 1300, cloudDark: 0.1 },
  'after-rain': { clouds: 0.45, cloudType: 'cumulus', sun: 0.9, contrast: 0.08, saturation: 1.12, haze: 0.05, wet: 0.75, cloudDark: 0.15 },
};

/** Architectural style looks (colour grading only). */
export const STYLES: Record<string, LookPatch> = {
  contemporary: { contrast: 0.14, saturation: 1.04, clarity: 0.12 },
  minimalist: { contrast: 0.0, saturation: 0.7, lift: 0.04, kelvin: 6900, exposure: 1.05 },
  brutalist: { contrast: 0.3, saturation: 0.62, kelvin: 7200, clarity: 0.28, vignette: 0.35, exposure: 0.94 },
  scandinavian: { contrast: -0.02, saturation: 0.85, exposure: 1.08, lift: 0.05, kelvin: 6100, highlightTint: hex('#fff6ea'), split: 0.2 },
  industrial: { contrast: 0.24, saturation: 0.78, kelvin: 6000, clarity: 0.22, shadowTint: hex('#8fb0bd'), highlightTint: hex('#ffe2c0'), split: 0.45 },
  mediterranean: { contrast: 0.12, saturation: 1.28, kelvin: 5300, exposure: 1.05, highlightTint: hex('#ffe3b8'), split: 0.35 },
  'art-deco': { contrast: 0.2, saturation: 1.1, kelvin: 4900, highlightTint: hex('#ffd28a'), shadowTint: hex('#6f86b8'), split: 0.55, vignette: 0.3 },
  classical: { contrast: 0.1, saturation: 0.92, kelvin: 5400, highlightTint: hex('#fbe2bb'), shadowTint: hex('#a9a6b8'), split: 0.35 },
  japanese: { contrast: 0.04, saturation: 0.8, kelvin: 6200, lift: 0.04, shadowTint: hex('#a8c4ae'), highlightTint: hex('#fff3e4'), split: 0.35 },
  parametric: { contrast: 0.18, saturation: 1.06, kelvin: 7400, clarity: 0.24, shadowTint: hex('#8aa6e0'), split: 0.45 },
  tropical: { contrast: 0.12, saturation: 1.35, kelvin: 5700, highlightTint: hex('#fff0c0'), shadowTint: hex('#8ec4a8'), split: 0.3 },
  'high-tech': { contrast: 0.22, saturation: 0.9, kelvin: 7800, clarity: 0.26, shadowTint: hex('#9ab8dc'), split: 0.3 },
};

export interface LookChoice {
  lighting?: string;
  weather?: string;
  style?: string;
}

export function buildLook(choice: LookChoice): Look {
  let look = apply(BASE, LIGHTINGS[choice.lighting ?? ''] ?? {});
  const w = WEATHERS[choice.weather ?? ''];
  if (w) {
    const p = { ...W0, ...w };
    const grey = (c: Rgb3, t: number): Rgb3 => {
      const l = c[0] * 0.3 + c[1] * 0.55 + c[2] * 0.15;
      return mix3(c, [l, l, l * 1.03], t);
    };
    const dark = 1 - p.cloudDark * 0.65;
    look = {
      ...look,
      exposure: look.exposure * p.exposure,
      kelvin: look.kelvin + p.kelvinShift,
      contrast: look.contrast + p.contrast,
      saturation: look.saturation * p.saturation,
      haze: Math.min(1, look.haze + p.haze),
      fog: Math.max(look.fog, p.fog),
      hazeColor: p.fog > 0.3 || p.snow > 0.5 ? mix3(grey(look.hazeColor, 0.8), [0.85, 0.87, 0.9].map((v) => v * Math.min(1, look.exposure * 1.6)) as Rgb3, 0.6) : grey(look.hazeColor, p.grey),
      rain: p.rain,
      snow: p.snow,
      snowCover: p.snowCover,
      wet: p.wet,
      lightning: p.lightning,
      wash: look.wash * p.wash,
      split: look.split * (1 - p.grey * 0.6),
      sky: {
        ...look.sky,
        clouds: p.clouds >= 0 ? p.clouds : look.sky.clouds,
        cloudType: p.cloudType,
        sun: look.sky.sun * p.sun,
        glow: look.sky.glow * (0.3 + 0.7 * p.sun),
        zenith: grey(look.sky.zenith, p.grey),
        horizon: grey(look.sky.horizon, p.grey * 0.8),
        cloudLight: grey(look.sky.cloudLight, p.grey * 0.5).map((v) => v * dark) as Rgb3,
        cloudShade: grey(look.sky.cloudShade, p.grey * 0.4).map((v) => v * dark) as Rgb3,
        stars: look.sky.stars * (1 - p.clouds),
      },
    };
  }
  const s = STYLES[choice.style ?? ''];
  if (s) {
    look = {
      ...look,
      contrast: look.contrast + (s.contrast ?? 0) - 0.08,
      saturation: look.saturation * (s.saturation ?? 1),
      exposure: look.exposure * (s.exposure ?? 1),
      lift: look.lift + (s.lift ?? 0),
      kelvin: look.kelvin + ((s.kelvin ?? 6500) - 6500),
      clarity: Math.max(look.clarity, s.clarity ?? 0),
      vignette: Math.max(look.vignette, s.vignette ?? 0),
      shadowTint: s.shadowTint && look.split < 0.2 ? s.shadowTint : look.shadowTint,
      highlightTint: s.highlightTint && look.split < 0.2 ? s.highlightTint : look.highlightTint,
      split: Math.max(look.split, s.split ?? 0),
    };
  }
  return look;
}

/** Creativity scales how far the look moves away from neutral (g in 0..1+). */
export function scaleLook(l: Look, g: number): Look {
  const towards = (v: number, neutral: number) => neutral + (v - neutral) * g;
  return {
    ...l,
    exposure: Math.pow(l.exposure, g),
    kelvin: towards(l.kelvin, 6500),
    contrast: l.contrast * g,
    saturation: towards(l.saturation, 1),
    split: l.split * g,
    lift: l.lift * g,
    vignette: l.vignette * g,
    wash: l.wash * g,
    haze: l.haze * g,
    fog: l.fog * Math.min(1, g * 1.1),
    clarity: l.clarity * g,
  };
}
