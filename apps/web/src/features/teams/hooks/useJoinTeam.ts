import type { JoinTeamResponse } from '@atelier/contract';
import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { useJoinTeamMutation } from '../../../app/api/teams';
import { useAppDispatch } from '../../../app/hooks';
import { workspaceSelected } from '../store/workspaceSlice';

/** POST /teams/join, then the joined team becomes the workspace, with a toast. Rejects with the API error. */
export function useJoinTeam(): { join: (token: string) => Promise<JoinTeamResponse>; isLoading: boolean } {
  const dispatch = useAppDispatch();
  const [joinTeam, { isLoading }] = useJoinTeamMutation();
  const join = useCallback(
    async (token: string) => {
      const joined = await joinTeam(token).unwrap();
      dispatch(workspaceSelected(joined.teamId));
      toast.success(`You joined ${joined.name}. You are working in the team now.`);
      return joined;
    },
    [joinTeam, dispatch],
  );
  return { join, isLoading };
}
