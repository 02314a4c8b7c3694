/**
 * What the seed varies (issue 30 part 6): only what a preview can vary honestly — the time of
 * day and the sun's side, the sky (cloud cover), the camera's exposure and the material's tone
 * within the chosen material. The four variations of a request take four different slots
 * (indexed by the variation number), so four variations are four choices, not four draws that
 * may repeat; each variation's own seed still moves the clouds and the colour a little. What the
 * user chose (a lighting, a weather) is kept; the rest varies around it.
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

/**
 * The four slots: each a plausible photograph of its own (a soft morning under some cloud, a hard
 * midday sun in a clear sky, a late afternoon under cumulus, a soft overcast day), with its own
 * exposure, sun side and tone of the material.
 */
const SLOTS = [
  { lighting: 'soft-morning', weather: 'partly-cloudy', sunSide: -1, ev: 0.15, tone: { k: 1.06, warm: 0.6 }, cloudShift: 0.06 },
  { lighting: 'midday-sun', weather: 'clear', sunSide: 1, ev: -0.3, tone: { k: 0.94, warm: -0.4 }, cloudShift: -0.18 },
  { lighting: 'golden-hour', weather: 'cloudy', sunSide: -1, ev: -0.15, tone: { k: 1, warm: 0.9 }, cloudShift: 0.12 },
  { lighting: 'soft-diffuse', weather: 'overcast', sunSide: 1, ev: 0, tone: { k: 0.97, warm: -0.8 }, cloudShift: 0.18 },
] as const;

export function variationChoice(variation: number, chosen: { lighting?: string; weather?: string }, wander: number): VariationChoice {
  // The variation's slot: distinct for variations 1..4 of one request (each variation has a seed
  // of its own, so the number, not the seed, picks the slot).
  const slot = SLOTS[(((Math.round(variation) - 1) % 4) + 4) % 4];
  const s = Math.max(0.4, Math.min(1.5, wander));
  return {
    lighting: chosen.lighting ? undefined : slot.lighting,
    weather: chosen.weather || chosen.lighting ? undefined : slot.weather,
    sunSide: slot.sunSide,
    ev: Math.round(slot.ev * s * 20) / 20,
    tone: { k: 1 + (slot.tone.k - 1) * s, warm: slot.tone.warm * s },
    cloudShift: slot.cloudShift * s,
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
