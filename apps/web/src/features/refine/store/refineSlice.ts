import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { REFINE_LIMITS, type RefineImageType, type RefineSettings } from '@atelier/contract';
import { defaultRefineSettings } from '../../../app/api/refine';
import { logout } from '../../auth/store/authSlice';
import { workspaceSelected } from '../../teams/store/workspaceSlice';

export type RefineViewMode = 'generated' | 'original' | 'compare';

export interface RefineImageChoice {
  imageId: number;
  imageType: RefineImageType;
}

/** An image brought from Create (navigation state), kept at the head of the strip this session. */
export interface PinnedImage extends RefineImageChoice {
  imageUrl: string | null;
}

/** Client state of the refine screen (server data lives in RTK Query). */
export interface RefineState {
  selected: RefineImageChoice | null;
  pinned: PinnedImage[];
  /** The result on the canvas; null = the newest completed one. */
  selectedResultId: number | null;
  /** Spec §2: defaults to generated (the refined result). */
  viewMode: RefineViewMode;
  /** The inspector's values, for `settingsFor`. */
  settings: RefineSettings;
  /** Which image the settings belong to (`uploaded:12`); loaded settings replace them once per image. */
  settingsFor: string | null;
  variations: number;
  /** Spec §4: choosing an image flags that its operations should be fetched. */
  shouldFetchOperations: boolean;
  /** The red error box. */
  error: string | null;
}

/** The images brought from Create survive a reload of the tab (sessionStorage). */
export const PINNED_STORAGE_KEY = 'atelier.refine.pinned';

export function loadPinned(storage: Pick<Storage, 'getItem'> | undefined = typeof window === 'undefined' ? undefined : window.sessionStorage): PinnedImage[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(PINNED_STORAGE_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((p): p is PinnedImage => Number.isInteger(p?.imageId) && (p?.imageType === 'uploaded' || p?.imageType === 'generated'))
      .map((p) => ({ imageId: p.imageId, imageType: p.imageType, imageUrl: typeof p.imageUrl === 'string' ? p.imageUrl : null }))
      .slice(0, 12);
  } catch {
    return [];
  }
}

export const initialRefineState: RefineState = {
  selected: null,
  pinned: [],
  selectedResultId: null,
  viewMode: 'generated',
  settings: defaultRefineSettings(),
  settingsFor: null,
  variations: REFINE_LIMITS.variations.default,
  shouldFetchOperations: false,
  error: null,
};

export const choiceKey = (c: RefineImageChoice | null) => (c ? `${c.imageType}:${c.imageId}` : null);
const sameChoice = (a: RefineImageChoice | null, b: RefineImageChoice | null) => choiceKey(a) === choiceKey(b);

const MAX_PINNED = 12;

const refineSlice = createSlice({
  name: 'refine',
  initialState: (): RefineState => ({ ...initialRefineState, pinned: loadPinned() }),
  reducers: {
    imageChosen(state, action: PayloadAction<RefineImageChoice>) {
      const next = { imageId: action.payload.imageId, imageType: action.payload.imageType };
      if (sameChoice(state.selected, next)) return;
      state.selected = next;
      state.selectedResultId = null;
      state.viewMode = 'generated';
      state.shouldFetchOperations = true;
      state.error = null;
    },
    /** Create's "Upscale Image" (navigation state imageId, imageUrl, imageType): pinned and chosen. */
    imageReceived(state, action: PayloadAction<PinnedImage>) {
      const pin = { imageId: action.payload.imageId, imageType: action.payload.imageType, imageUrl: action.payload.imageUrl };
      state.pinned = [pin, ...state.pinned.filter((p) => !sameChoice(p, pin))].slice(0, MAX_PINNED);
      refineSlice.caseReducers.imageChosen(state, { type: 'refine/imageChosen', payload: pin });
    },
    /** A fresh (signed, expiring) URL for a pinned image, from its loaded operations. */
    pinnedUrlRefreshed(state, action: PayloadAction<PinnedImage>) {
      const pin = state.pinned.find((p) => sameChoice(p, action.payload));
      if (pin) pin.imageUrl = action.payload.imageUrl;
    },
    operationsFetchStarted(state) {
      state.shouldFetchOperations = false;
    },
    resultChosen(state, action: PayloadAction<number | null>) {
      state.selectedResultId = action.payload;
      if (action.payload !== null && state.viewMode === 'original') state.viewMode = 'generated';
    },
    viewModeChanged(state, action: PayloadAction<RefineViewMode>) {
      state.viewMode = action.payload;
    },
    /** The settings loaded for an image (saved ones, or the defaults after a 404): applied once per image. */
    settingsLoaded(state, action: PayloadAction<{ key: string; settings: RefineSettings }>) {
      if (state.settingsFor === action.payload.key) return;
      state.settingsFor = action.payload.key;
      state.settings = action.payload.settings;
    },
    settingChanged(state, action: PayloadAction<Partial<RefineSettings>>) {
      state.settings = { ...state.settings, ...action.payload };
    },
    settingsReset(state) {
      state.settings = defaultRefineSettings();
    },
    variationsChanged(state, action: PayloadAction<number>) {
      state.variations = Math.min(REFINE_LIMITS.variations.max, Math.max(REFINE_LIMITS.variations.min, Math.round(action.payload)));
    },
    errorShown(state, action: PayloadAction<string>) {
      state.error = action.payload;
    },
    errorCleared(state) {
      state.error = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(logout.fulfilled, () => initialRefineState);
    // The image, the pinned strip and the results were the other workspace's.
    builder.addCase(workspaceSelected, () => initialRefineState);
  },
});

export const {
  imageChosen,
  imageReceived,
  operationsFetchStarted,
  pinnedUrlRefreshed,
  resultChosen,
  viewModeChanged,
  settingsLoaded,
  settingChanged,
  settingsReset,
  variationsChanged,
  errorShown,
  errorCleared,
} = refineSlice.actions;
export const refineReducer = refineSlice.reducer;
