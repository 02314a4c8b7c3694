import { hasActivePlan } from '@atelier/contract';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../../../app/hooks';

/** Create, Tweak and Refine need an active STARTER, EXPLORER or PRO plan (or a team workspace); else /subscription (replace). */
export function RequireActivePlan({ children }: { children?: ReactNode }) {
  const subscription = useAppSelector((s) => s.auth.subscription);
  // In a team workspace the team's pool pays: the server answers 402 when it cannot.
  const inTeam = useAppSelector((s) => s.workspace.teamId !== null);
  const { pathname } = useLocation();
  // The plans page says why it is shown (planRequiredFor, read by the subscription feature's notice).
  if (!inTeam && !hasActivePlan(subscription)) return <Navigate to="/subscription" replace state={{ planRequiredFor: pathname }} />;
  return children ?? <Outlet />;
}
