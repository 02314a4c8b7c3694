import { hasActivePlan } from '@atelier/contract';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../../../app/hooks';

/** Create, Tweak and Refine need an active STARTER, EXPLORER or PRO plan; else /subscription (replace). */
export function RequireActivePlan({ children }: { children?: ReactNode }) {
  const subscription = useAppSelector((s) => s.auth.subscription);
  const { pathname } = useLocation();
  // The plans page says why it is shown (planRequiredFor, read by the subscription feature's notice).
  if (!hasActivePlan(subscription)) return <Navigate to="/subscription" replace state={{ planRequiredFor: pathname }} />;
  return children ?? <Outlet />;
}
