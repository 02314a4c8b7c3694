import type { TeamListItem } from '@atelier/contract';
import { useCallback, useEffect } from 'react';
import toast from 'react-hot-toast';
import { useGetTeamsQuery } from '../../../app/api/teams';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { workspaceSelected } from '../store/workspaceSlice';

export interface WorkspaceInfo {
  /** The chosen team's id, or null in the personal workspace. */
  teamId: number | null;
  /** The chosen team as GET /teams lists it (null while loading, or in the personal workspace). */
  team: TeamListItem | null;
  teams: TeamListItem[];
  teamsLoading: boolean;
  select: (teamId: number | null) => void;
}

/** The workspace the app works in and the caller's teams (GET /teams, refetched on focus). */
export function useWorkspace(): WorkspaceInfo {
  const dispatch = useAppDispatch();
  const teamId = useAppSelector((s) => s.workspace.teamId);
  const signedIn = useAppSelector((s) => s.auth.isAuthenticated);
  const teams = useGetTeamsQuery(undefined, { skip: !signedIn, refetchOnFocus: true });
  const select = useCallback((id: number | null) => dispatch(workspaceSelected(id)), [dispatch]);
  const list = teams.data ?? [];
  return {
    teamId,
    team: list.find((t) => t.id === teamId) ?? null,
    teams: list,
    teamsLoading: teams.isLoading,
    select,
  };
}

/**
 * A chosen team the caller no longer belongs to (removed, or the team is gone) falls back to the
 * personal workspace, once the team list has answered without it. The shell runs this once.
 */
export function useWorkspaceGuard(): void {
  const dispatch = useAppDispatch();
  const teamId = useAppSelector((s) => s.workspace.teamId);
  const signedIn = useAppSelector((s) => s.auth.isAuthenticated);
  const { data, isFetching, isSuccess } = useGetTeamsQuery(undefined, { skip: !signedIn || teamId === null });
  const lost = teamId !== null && isSuccess && !isFetching && !data.some((t) => t.id === teamId);
  useEffect(() => {
    if (!lost) return;
    dispatch(workspaceSelected(null));
    toast.error('You are no longer a member of that team. Switched to your personal workspace.');
  }, [lost, dispatch]);
}
