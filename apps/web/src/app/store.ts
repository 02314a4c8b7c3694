import { combineReducers, configureStore, createListenerMiddleware, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import { authReducer, logout, updateCredits } from '../features/auth/store/authSlice';
import type { CustomizationState } from '../features/customization/store/customizationSlice';
import { galleryUiReducer } from '../features/gallery/store/galleryUiSlice';
import { workspaceReducer, workspaceSelected } from '../features/teams/store/workspaceSlice';
import type { RefineState } from '../features/refine/store/refineSlice';
import type { TweakState } from '../features/tweak/store/tweakSlice';
import { api } from './api/base';
import type { billingApi } from './api/billing';
import { setUnauthorizedLogout } from './api/unauthorized';
import { loadWorkSliceCode } from './workSliceCode';
import { startLiveUpdates } from './socket/startLiveUpdates';

/**
 * The billing endpoints once their code has loaded (the shell's header loads it; the sign-in
 * screens do not, and stay small): the workspace listeners below have nothing to do before.
 */
const loadedBillingApi = () => ('getCreditsSummary' in api.endpoints ? (api as unknown as typeof billingApi) : null);

/** Client state slices every screen needs. Add a feature's slice here, or to workSlices.ts. */
const coreReducers = {
  auth: authReducer,
  galleryUi: galleryUiReducer,
  workspace: workspaceReducer,
  [api.reducerPath]: api.reducer,
};

/** The work area's slices (app/workSlices.ts), present once loadWorkSlices has run. */
interface WorkState {
  customization: CustomizationState;
  refine: RefineState;
  tweak: TweakState;
}
type WorkReducers = { [K in keyof WorkState]: Reducer<WorkState[K]> };

export type RootState = ReturnType<ReturnType<typeof combineReducers<typeof coreReducers>>> & WorkState;

// Typed as the whole state: every screen that reads a work slice sits behind loadWorkSlices.
const rootReducer = (work?: WorkReducers) => combineReducers({ ...coreReducers, ...work }) as unknown as Reducer<RootState, UnknownAction, Partial<RootState>>;

/** Builds a store; tests pass a partial preloaded state and the work slices (app/workSlices). */
export function makeStore(preloadedState?: Partial<RootState>, work?: WorkReducers) {
  const listeners = createListenerMiddleware<RootState>();
  // Nothing cached for one account may be shown to the next.
  listeners.startListening({
    actionCreator: logout.fulfilled,
    effect: (_action, listenerApi) => {
      listenerApi.dispatch(api.util.resetApiState());
      // The next account on this device starts in its own workspace.
      if (listenerApi.getState().workspace.teamId !== null) listenerApi.dispatch(workspaceSelected(null));
    },
  });
  // Lists of one workspace never show in another: a switch drops every cached reply, and the
  // screens on view ask again with the new workspace's header.
  listeners.startListening({
    actionCreator: workspaceSelected,
    effect: (_action, listenerApi) => {
      listenerApi.dispatch(api.util.resetApiState());
      // The balance the session keeps (credit warnings, the personal ring) is the new workspace's.
      const billing = loadedBillingApi();
      if (billing && listenerApi.getState().auth.isAuthenticated) void listenerApi.dispatch(billing.endpoints.getCreditsSummary.initiate(undefined, { subscribe: false }));
    },
  });
  // A balance from a live message or a work reply is the workspace's: in a team, the team pool's.
  listeners.startListening({
    actionCreator: updateCredits,
    effect: (action, listenerApi) => {
      const billing = loadedBillingApi();
      if (!billing || listenerApi.getState().workspace.teamId === null) return;
      listenerApi.dispatch(
        billing.util.updateQueryData('getCreditsSummary', undefined, (summary) => {
          summary.credits = action.payload;
        }),
      );
    },
  });

  return configureStore({
    reducer: rootReducer(work),
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(listeners.middleware).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

export const store = makeStore();
// Downloads fetch their files outside RTK Query: a 401 there logs this store's session out too.
setUnauthorizedLogout(() => store.dispatch(logout()));

// Session effects of the app's store only (test stores stay quiet): the live socket while signed
// in, and (loadWorkSlices) the customization options once per session (spec accounts §4 start-up).
startLiveUpdates(store);

let workSlices: Promise<void> | null = null;

/**
 * Adds the work area's slices (customization, refine, tweak) to the app's store. Their code loads
 * with the signed-in shell, not with the sign-in screens, so /login's first JS stays small
 * (issue #19); the shell's route waits for this before it renders.
 */
export function loadWorkSlices(): Promise<void> {
  workSlices ??= loadWorkSliceCode().then(
    ([{ workReducers }, { startOptionsLoader }]) => {
      store.replaceReducer(rootReducer(workReducers));
      startOptionsLoader(store);
    },
  );
  return workSlices;
}
