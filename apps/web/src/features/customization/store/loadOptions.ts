import { customizationApi } from '../../../app/api/customization';
import { optionsRequested, type CustomizationState } from './customizationSlice';

interface StoreLike {
  dispatch: (action: never) => unknown;
  getState: () => { auth: { isAuthenticated: boolean; isInitialized: boolean }; customization: CustomizationState };
  subscribe: (listener: () => void) => () => void;
}

/** Whether start-up should fetch the options now (spec accounts §4). */
export function shouldLoadOptions(state: ReturnType<StoreLike['getState']>): boolean {
  const { auth, customization } = state;
  return (
    auth.isAuthenticated &&
    auth.isInitialized &&
    !customization.optionsRequested &&
    !customization.optionsLoading &&
    customization.availableOptions === null
  );
}

/**
 * Start-up: once authenticated and initialised, the customization options are fetched once per
 * session; the once-only flag resets on logout (the slice's logout case).
 */
export function startOptionsLoader(store: StoreLike): () => void {
  const dispatch = store.dispatch as (action: unknown) => unknown;
  const check = () => {
    if (!shouldLoadOptions(store.getState())) return;
    dispatch(optionsRequested());
    void dispatch(customizationApi.endpoints.getCustomizationOptions.initiate(undefined, { subscribe: false }));
  };
  const unsubscribe = store.subscribe(check);
  check();
  return unsubscribe;
}
