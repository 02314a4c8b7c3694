import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { authReducer, logout } from '../features/auth/store/authSlice';
import { galleryUiReducer } from '../features/gallery/store/galleryUiSlice';
import { customizationReducer } from '../features/customization/store/customizationSlice';
import { startOptionsLoader } from '../features/customization/store/loadOptions';
import { refineReducer } from '../features/refine';
import { tweakReducer } from '../features/tweak';
import { api } from './api/base';
import { startLiveUpdates } from './socket/startLiveUpdates';

/** Client state slices. Add a feature's slice here (customization, tweak canvas, …). */
export const rootReducer = combineReducers({
  auth: authReducer,
  galleryUi: galleryUiReducer,
  customization: customizationReducer,
  refine: refineReducer,
  tweak: tweakReducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** Builds a store; tests pass a partial preloaded state. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const listeners = createListenerMiddleware();
  // Nothing cached for one account may be shown to the next.
  listeners.startListening({
    actionCreator: logout.fulfilled,
    effect: (_action, listenerApi) => {
      listenerApi.dispatch(api.util.resetApiState());
    },
  });

  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(listeners.middleware).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

export const store = makeStore();

// Session effects of the app's store only (test stores stay quiet): the live socket while signed
// in, and the customization options once per session (spec accounts §4 start-up).
startLiveUpdates(store);
startOptionsLoader(store);
