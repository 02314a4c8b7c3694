import { readStoredToken } from '../../features/auth/store/storedSession';
import { applyLiveMessage } from './liveCache';
import { notifyLiveListeners } from './liveListeners';
import { LiveSocket, type LiveSocketOptions, type LiveStatus } from './liveSocket';

interface StoreLike {
  dispatch: (action: never) => unknown;
  getState: () => { auth: { isAuthenticated: boolean; isInitialized: boolean } };
  subscribe: (listener: () => void) => () => void;
}

let current: LiveSocket | null = null;

/** The app's live socket (to send subscribe_* messages), or null when signed out. */
export function getLiveSocket(): LiveSocket | null {
  return current;
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
  const sync = () => {
    const { isAuthenticated, isInitialized } = store.getState().auth;
    const signedIn = isAuthenticated && isInitialized && !!readStoredToken();
    if (signedIn && !current) {
      current = new LiveSocket({
        ...options,
        url: () => liveUrl(readStoredToken()),
        onMessage: (message) => {
          applyLiveMessage(message, dispatch, store.getState);
          notifyLiveListeners(message);
        },
      });
      current.connect();
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
