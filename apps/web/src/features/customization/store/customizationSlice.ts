import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_RENDER_TYPE, GENERATION_LIMITS, storedRenderType, type MaskMaterialMapping, type RenderMode, type RenderType } from '@atelier/contract';
import { customizationApi } from '../../../app/api/customization';
import { logout } from '../../auth/store/authSlice';
import { workspaceSelected } from '../../teams/store/workspaceSlice';
import { toCatalog, type CustomizationCatalog } from '../catalog';

export type SelectedStyle = RenderMode;

/** The customization settings of spec §3, plus the option catalog and which section is open. */
export interface CustomizationState {
  selectedStyle: SelectedStyle;
  /** What the render shows: exterior, interior, aerial or elevation (not the building type). */
  renderType: RenderType;
  variations: number;
  creativity: number;
  expressivity: number;
  resemblance: number;
  /** Structure fidelity (0–10): how hard renders hold the depth and edges of a view sent with passes. */
  structureFidelity: number;
  /** Option ids keyed by category (type, walls, floors, context, style, weather, lighting, or an art section). */
  selections: Record<string, string>;
  maskMaterialMappings: Record<string, MaskMaterialMapping>;
  contextSelection: Record<string, unknown> | null;
  /** The prompt ('' = the default prompt is sent). */
  generatedPrompt: string;
  aiMaterials: unknown[];
  availableOptions: CustomizationCatalog | null;
  optionsLoading: boolean;
  optionsError: string | null;
  /** The options are fetched once per session (spec accounts §4); reset on logout. */
  optionsRequested: boolean;
  /** Only one section is open at a time per style. */
  openSection: Record<SelectedStyle, string | null>;
}

export const FETCH_OPTIONS_FAILED = 'Failed to fetch customization options';

export const initialCustomizationState: CustomizationState = {
  selectedStyle: 'photorealistic',
  renderType: DEFAULT_RENDER_TYPE,
  variations: GENERATION_LIMITS.variations.default,
  creativity: GENERATION_LIMITS.creativity.default,
  expressivity: GENERATION_LIMITS.expressivity.default,
  resemblance: GENERATION_LIMITS.resemblance.default,
  structureFidelity: GENERATION_LIMITS.structureFidelity.default,
  selections: {},
  maskMaterialMappings: {},
  contextSelection: null,
  generatedPrompt: '',
  aiMaterials: [],
  availableOptions: null,
  optionsLoading: false,
  optionsError: null,
  optionsRequested: false,
  openSection: { photorealistic: null, art: null },
};

type Limit = { min: number; max: number; default: number };

/** A slider value in its range, on its whole steps; anything unreadable is the default. */
export function clampToLimit(value: unknown, limit: Limit): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return limit.default;
  return Math.min(limit.max, Math.max(limit.min, Math.round(n)));
}

/** What a batch or an image was made with (GET /customization/…/settings), or parts of it (query parameters). */
export interface SettingsToLoad {
  selectedStyle?: unknown;
  renderType?: unknown;
  variations?: unknown;
  creativity?: unknown;
  expressivity?: unknown;
  resemblance?: unknown;
  selections?: Record<string, unknown> | null;
  maskMaterialMappings?: Record<string, unknown> | null;
  contextSelection?: Record<string, unknown> | null;
  generatedPrompt?: string | null;
  aiMaterials?: unknown[] | null;
}

function stringSelections(source: Record<string, unknown> | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(source ?? {})) {
    // `artStyle` is the server's note of the art section, not a section of its own.
    if (key === 'artStyle') continue;
    if (typeof value === 'string' && value !== '') out[key] = value;
    else if (typeof value === 'number') out[key] = String(value);
  }
  return out;
}

const customizationSlice = createSlice({
  name: 'customization',
  initialState: initialCustomizationState,
  reducers: {
    /** Photorealistic ↔ Art. Changing the style clears the selections. */
    styleChanged(state, action: PayloadAction<SelectedStyle>) {
      if (state.selectedStyle === action.payload) return;
      state.selectedStyle = action.payload;
      state.selections = {};
      state.contextSelection = null;
    },
    /** Opens a section (closing the open one of this style), or closes it. */
    sectionToggled(state, action: PayloadAction<string>) {
      const style = state.selectedStyle;
      state.openSection[style] = state.openSection[style] === action.payload ? null : action.payload;
    },
    /**
     * Picks an option of a section, or unpicks it when picked again. In art mode one art style
     * applies at a time, so picking one replaces the others.
     */
    optionToggled(state, action: PayloadAction<{ section: string; optionId: string; displayName?: string }>) {
      const { section, optionId, displayName } = action.payload;
      const wasPicked = state.selections[section] === optionId;
      if (state.selectedStyle === 'art') state.selections = {};
      if (wasPicked) delete state.selections[section];
      else state.selections[section] = optionId;
      if (section === 'context') {
        state.contextSelection = wasPicked ? null : { id: optionId, displayName: displayName ?? optionId };
      }
    },
    renderTypeChanged(state, action: PayloadAction<RenderType>) {
      state.renderType = action.payload;
    },
    variationsChanged(state, action: PayloadAction<number>) {
      state.variations = clampToLimit(action.payload, GENERATION_LIMITS.variations);
    },
    creativityChanged(state, action: PayloadAction<number>) {
      state.creativity = clampToLimit(action.payload, GENERATION_LIMITS.creativity);
    },
    expressivityChanged(state, action: PayloadAction<number>) {
      state.expressivity = clampToLimit(action.payload, GENERATION_LIMITS.expressivity);
    },
    resemblanceChanged(state, action: PayloadAction<number>) {
      state.resemblance = clampToLimit(action.payload, GENERATION_LIMITS.resemblance);
    },
    structureFidelityChanged(state, action: PayloadAction<number>) {
      state.structureFidelity = clampToLimit(action.payload, GENERATION_LIMITS.structureFidelity);
    },
    promptChanged(state, action: PayloadAction<string>) {
      state.generatedPrompt = action.payload;
    },
    /**
     * Restores what a batch or an image was made with: style, variations, levels, selections,
     * mask mappings, context selection, prompt and materials; missing values take the defaults
     * (creativity 3, expressivity 2, resemblance 3, variations 1, photorealistic).
     */
    settingsLoaded(state, action: PayloadAction<SettingsToLoad>) {
      const s = action.payload;
      state.selectedStyle = s.selectedStyle === 'art' ? 'art' : 'photorealistic';
      state.renderType = storedRenderType(s.renderType);
      state.variations = clampToLimit(s.variations, GENERATION_LIMITS.variations);
      state.creativity = clampToLimit(s.creativity, GENERATION_LIMITS.creativity);
      state.expressivity = clampToLimit(s.expressivity, GENERATION_LIMITS.expressivity);
      state.resemblance = clampToLimit(s.resemblance, GENERATION_LIMITS.resemblance);
      state.selections = stringSelections(s.selections);
      state.maskMaterialMappings = (s.maskMaterialMappings ?? {}) as Record<string, MaskMaterialMapping>;
      state.contextSelection = s.contextSelection ?? null;
      state.generatedPrompt = s.generatedPrompt ?? '';
      state.aiMaterials = Array.isArray(s.aiMaterials) ? s.aiMaterials : [];
    },
    /** Query parameters (prompt, creativity, expressivity, resemblance, variations): only those given change. */
    queryParamsApplied(state, action: PayloadAction<Partial<Record<'prompt' | 'creativity' | 'expressivity' | 'resemblance' | 'variations', string>>>) {
      const q = action.payload;
      if (q.prompt !== undefined) state.generatedPrompt = q.prompt;
      if (q.creativity !== undefined) state.creativity = clampToLimit(q.creativity, GENERATION_LIMITS.creativity);
      if (q.expressivity !== undefined) state.expressivity = clampToLimit(q.expressivity, GENERATION_LIMITS.expressivity);
      if (q.resemblance !== undefined) state.resemblance = clampToLimit(q.resemblance, GENERATION_LIMITS.resemblance);
      if (q.variations !== undefined) state.variations = clampToLimit(q.variations, GENERATION_LIMITS.variations);
    },
    /** Selecting an input image (not a generated one) clears mask mappings, context selection, prompt and materials. */
    inputImageSelected(state) {
      state.maskMaterialMappings = {};
      state.contextSelection = null;
      state.generatedPrompt = '';
      state.aiMaterials = [];
    },
    optionsRequested(state) {
      state.optionsRequested = true;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(logout.fulfilled, () => initialCustomizationState)
      // The masks, prompt and materials belonged to the other workspace's input image.
      .addCase(workspaceSelected, (state) => {
        state.maskMaterialMappings = {};
        state.contextSelection = null;
        state.generatedPrompt = '';
        state.aiMaterials = [];
      })
      .addMatcher(customizationApi.endpoints.getCustomizationOptions.matchPending, (state) => {
        state.optionsLoading = true;
        state.optionsError = null;
      })
      .addMatcher(customizationApi.endpoints.getCustomizationOptions.matchFulfilled, (state, action) => {
        state.optionsLoading = false;
        state.availableOptions = toCatalog(action.payload);
      })
      .addMatcher(customizationApi.endpoints.getCustomizationOptions.matchRejected, (state, action) => {
        state.optionsLoading = false;
        const data = (action.payload as { data?: { message?: unknown } } | undefined)?.data;
        state.optionsError = typeof data?.message === 'string' && data.message ? data.message : FETCH_OPTIONS_FAILED;
      });
  },
});

export const {
  styleChanged,
  sectionToggled,
  optionToggled,
  renderTypeChanged,
  variationsChanged,
  creativityChanged,
  expressivityChanged,
  resemblanceChanged,
  structureFidelityChanged,
  promptChanged,
  settingsLoaded,
  queryParamsApplied,
  inputImageSelected,
  optionsRequested,
} = customizationSlice.actions;

export const customizationReducer = customizationSlice.reducer;
