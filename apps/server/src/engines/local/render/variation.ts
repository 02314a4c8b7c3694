import { mixSeed } from '../pixels/prng.js';

/**
 * What the seed varies (issue 30 part 6): only what a preview can vary honestly — the time of
 * day and the sun's side, the sky (cloud cover), the camera's exposure and the material's tone
 * within the chosen material. The four variations of a request take four different slots of
 * each list (a per-request rotation of the lists, indexed by the variation number), so four
 * variations are four choices, not four draws that may repeat. What the user chose (a lighting,
 * a weather) is kept; the rest varies around it.
 */
export interface VariationChoice {
  /** A lighting preset when the user chose none. */
  lighting?: string;
  /** A weather when the user chose none. */
  weather?: string;
  /** -1 = sun from the left, 1 = from the right. */
  sunSide: -1 | 1;
  /** Exposure offset in stops (EV). */
  ev: number;
  /** Material tone: brightness factor and warmth (-1 cool .. 1 warm). */
  tone: { k: number; warm: number };
  /** Cloud cover shift (-0.2..0.2) around a chosen weather. */
  cloudShift: number;
}

const TIMES = ['soft-morning', 'natural-daylight', 'golden-hour', 'midday-sun'] as const;
const SKIES = ['clear', 'partly-cloudy', 'cloudy', 'overcast'] as const;
const EVS = [-0.3, 0, 0.3, 0.15] as const;
const TONES = [
  { k: 0.92, warm: -0.6 },
  { k: 1, warm: 0.3 },
  { k: 1.08, warm: 0.8 },
  { k: 0.96, warm: -0.2 },
] as const;
const CLOUD_SHIFTS = [-0.18, 0.06, 0.18, -0.06] as const;

export function variationChoice(seed: number, variation: number, chosen: { lighting?: string; weather?: string }, wander: number): VariationChoice {
  const rot = mixSeed(seed, 'variation-slots');
  // The variation's slot in each list: distinct for variations 1..4 of one request.
  const slot = (k: number) => (((variation - 1) % 4) + 4 + ((rot >>> (k * 4)) & 3)) % 4;
  const s = Math.max(0.4, Math.min(1.5, wander));
  const tone = TONES[slot(3)];
  return {
    lighting: chosen.lighting ? undefined : TIMES[slot(0)],
    weather: chosen.weather || chosen.lighting ? undefined : SKIES[slot(1)],
    sunSide: slot(2) % 2 === 0 ? -1 : 1,
    ev: Math.round(EVS[slot(4)] * s * 20) / 20,
    tone: { k: 1 + (tone.k - 1) * s, warm: tone.warm * s },
    cloudShift: CLOUD_SHIFTS[slot(5)] * s,
  };
}

/** "late afternoon", "morning" … for a lighting preset. */
export const TIME_NAMES: Record<string, string> = {
  'natural-daylight': 'daylight',
  'soft-morning': 'morning',
  'midday-sun': 'midday',
  'golden-hour': 'late afternoon',
  sunset: 'sunset',
  dusk: 'dusk',
  'blue-hour': 'blue hour',
  night: 'night',
  'soft-diffuse': 'soft diffuse light',
  dramatic: 'dramatic light',
};
