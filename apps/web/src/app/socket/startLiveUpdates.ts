import { readStoredToken } from '../../features/auth/store/storedSession';
import { workspaceValue } from '../../features/teams/store/storedWorkspace';
import { notifyLiveListeners } from './liveListeners';
import type { LiveSocket, LiveSocketOptions, LiveStatus } from './liveSocket';

interface StoreLike {
  dispatch: (action: never) => unknown;
  getState: () => { auth: { isAuthenticated: boolean; isInitialized: boolean }; workspace?: { teamId: number | null } };
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

/** /ws?token=…, and in a team workspace &workspace=team:{id} (issue 32). */
export function liveUrl(token: string | null, location: Pick<Location, 'protocol' | 'host'> = window.location, teamId: number | null = null): string | null {
  if (!token) return null;
  const workspace = teamId === null ? '' : `&workspace=${encodeURIComponent(workspaceValue(teamId))}`;
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws?token=${encodeURIComponent(token)}${workspace}`;
}

/**
 * Keeps one live socket open while a user is signed in and closes it (1000) on sign-out. A switch
 * of workspace closes it and opens one on the new workspace (its subscriptions are the old one's).
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
  const teamIdOf = () => store.getState().workspace?.teamId ?? null;
  let socketTeamId: number | null = null;
  const open = async (): Promise<LiveSocket | null> => {
    const [{ LiveSocket }, { applyLiveMessage }] = await Promise.all([import('./liveSocket'), import('./liveCache')]);
    opening = null;
    if (!isSignedIn() || current) return current;
    socketTeamId = teamIdOf();
    const teamId = socketTeamId;
    current = new LiveSocket({
      ...options,
      url: () => liveUrl(readStoredToken(), window.location, teamId),
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
    if (signedIn && current && socketTeamId !== teamIdOf()) {
      current.close();
      current = null;
    }
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
