import { billingApi, useGetCreditsSummaryQuery } from '../../app/api/billing';
import { useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';

/**
 * The balance work in the current workspace spends: the session's balance in the personal
 * workspace, the team's pool (GET /credits with the workspace header) in a team. Null while the
 * pool is not known yet (just after a switch): the server decides then. The session's balance is
 * never used in a team: /auth/me answers the personal one, and it lags a switch.
 */
export function selectWorkspaceCredits(state: RootState): number | null {
  if (state.workspace.teamId === null) return state.auth.credits;
  return billingApi.endpoints.getCreditsSummary.select()(state).data?.credits ?? null;
}

/** selectWorkspaceCredits for a component, which keeps the team pool loaded while it shows. */
export function useWorkspaceCredits(): number | null {
  const inTeam = useAppSelector((s) => s.workspace.teamId !== null);
  const signedIn = useAppSelector((s) => s.auth.isAuthenticated);
  useGetCreditsSummaryQuery(undefined, { skip: !signedIn || !inTeam });
  return useAppSelector(selectWorkspaceCredits);
}
