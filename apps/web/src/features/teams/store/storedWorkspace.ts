// No Redux or React here: the http client, the socket URL and the boot-time fetches read it.

/** The chosen workspace survives a refresh: the team's id in localStorage, nothing for personal. */
export const WORKSPACE_STORAGE_KEY = 'atelier.workspace';

/** The header that selects a team workspace on a call (absent = the personal workspace). */
export const WORKSPACE_HEADER = 'X-Atelier-Workspace';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The team chosen on this device, or null for the personal workspace. */
export function readStoredTeamId(): number | null {
  const raw = storage()?.getItem(WORKSPACE_STORAGE_KEY);
  if (!raw) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function storeTeamId(teamId: number | null): void {
  const store = storage();
  if (!store) return;
  if (teamId === null) store.removeItem(WORKSPACE_STORAGE_KEY);
  else store.setItem(WORKSPACE_STORAGE_KEY, String(teamId));
}

/** `team:{id}`, the value of the header and of the socket's `workspace` parameter. */
export function workspaceValue(teamId: number): string {
  return `team:${teamId}`;
}

/** The workspace header for the stored choice: empty in the personal workspace. */
export function workspaceHeaders(teamId: number | null = readStoredTeamId()): Record<string, string> {
  return teamId === null ? {} : { [WORKSPACE_HEADER]: workspaceValue(teamId) };
}
