import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { urlWithoutWorkspaceIds } from '../lib/workspaceUrl';
import { readStoredTeamId, WORKSPACE_STORAGE_KEY } from '../store/storedWorkspace';
import { workspaceSelected } from '../store/workspaceSlice';

/**
 * Keeps every open tab in one workspace and nothing of the other one on screen. A switch in another
 * tab (it stores the choice; the browser tells the other tabs with a `storage` event) is made here
 * too, with everything a switch clears. After any switch, the work screen's URL loses the ids of the
 * other workspace (Tweak's ?imageId, Create's ?render…). The shell runs this once.
 */
export function useWorkspaceSync(): void {
  const dispatch = useAppDispatch();
  const teamId = useAppSelector((s) => s.workspace.teamId);
  const current = useRef(teamId);
  current.current = teamId;

  useEffect(() => {
    const follow = (event: StorageEvent) => {
      // key null: the whole storage was cleared (the personal workspace then).
      if (event.key !== WORKSPACE_STORAGE_KEY && event.key !== null) return;
      const stored = readStoredTeamId();
      if (stored !== current.current) dispatch(workspaceSelected(stored));
    };
    window.addEventListener('storage', follow);
    return () => window.removeEventListener('storage', follow);
  }, [dispatch]);

  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const shownTeamId = useRef(teamId);
  useEffect(() => {
    if (shownTeamId.current === teamId) return;
    shownTeamId.current = teamId;
    const url = urlWithoutWorkspaceIds(pathname, search);
    if (url !== null) void navigate(url, { replace: true, state: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per switch, with the URL of that moment
  }, [teamId]);
}
