import { readStoredToken } from '../../features/auth/store/storedSession';
import { notifyLiveListeners } from './liveListeners';
import type { LiveSocket, LiveSocketOptions, LiveStatus } from './liveSocket';

interface StoreLike {
  dispatch: (action: never) => unknown;
  getState: () => { auth: { isAuthenticated: boolean; isInitialized: boolean } };
  subscribe: (listener: () => void) => () => void;
}

let current: LiveSocket | null = null;
let opening: Promise<LiveSocket | null> | null = null;

/**
 * The app's live socket (to send subscribe_* messages) once it exists, or null when signed out.
 * The socket's code (the message schema, the cache updaters) loads only when a user is signed
 * in, so the sign-in screens' first JS stays small (issue #19).
 */
export function whenLiveSocket(): Promise<LiveSocket | null> {
  return opening ?? Promise.resolve(current);
}

export function liveUrl(token: string | null, location: Pick<Location, 'protocol' | 'host'> = window.location): string | null {
  if (!token) return null;
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws?token=${encodeURIComponent(token)}`;
}

/**
 * Keeps one live socket open while a user is signed in and closes it (1000) on sign-out.
 * Every message updates the RTK Query cache (liveCache), then the feature listeners run.
 */
export function startLiveUpdates(
  store: StoreLike,
  options: Partial<Pick<LiveSocketOptions, 'createSocket' | 'setTimer' | 'clearTimer'>> & { onStatus?: (s: LiveStatus) => void } = {},
): () => void {
  const dispatch = store.dispatch as (action: unknown) => unknown;
  const isSignedIn = () => {
    const { isAuthenticated, isInitialized } = store.getState().auth;
    return isAuthenticated && isInitialized && !!readStoredToken();
  };
  const open = async (): Promise<LiveSocket | null> => {
    const [{ LiveSocket }, { applyLiveMessage }] = await Promise.all([import('./liveSocket'), import('./liveCache')]);
    opening = null;
    if (!isSignedIn() || current) return current;
    current = new LiveSocket({
      ...options,
      url: () => liveUrl(readStoredToken()),
      onMessage: (message) => {
        applyLiveMessage(message, dispatch, store.getState);
        notifyLiveListeners(message);
      },
    });
    current.connect();
    return current;
  };
  const sync = () => {
    const signedIn = isSignedIn();
    if (signedIn && !current && !opening) {
      opening = open();
    } else if (!signedIn && current) {
      current.close();
      current = null;
    }
  };
  const unsubscribe = store.subscribe(sync);
  sync();
  return () => {
    unsubscribe();
    current?.close();
    current = null;
  };
}
