import type { TeamListItem } from '@atelier/contract';
import { useGetTeamsQuery } from '../../../app/api/teams';
import { useAppSelector } from '../../../app/hooks';

export type TeamBilling =
  | { kind: 'personal' }
  | { kind: 'loading' }
  | { kind: 'team'; team: TeamListItem; isOwner: boolean };

/**
 * Whose billing the plans page shows: the person's, or in a team workspace the team's (its owner
 * buys studio plans; admins and members are told who manages billing).
 */
export function useTeamBilling(): TeamBilling {
  const teamId = useAppSelector((s) => s.workspace.teamId);
  const teams = useGetTeamsQuery(undefined, { skip: teamId === null });
  if (teamId === null) return { kind: 'personal' };
  const team = teams.data?.find((t) => t.id === teamId);
  if (!team) return teams.isLoading || teams.isFetching ? { kind: 'loading' } : { kind: 'personal' };
  return { kind: 'team', team, isOwner: team.role === 'owner' };
}
