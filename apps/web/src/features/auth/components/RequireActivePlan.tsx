import { hasActivePlan } from '@atelier/contract';
import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useAppSelector } from '../../../app/hooks';

/** Create, Tweak and Refine need an active STARTER, EXPLORER or PRO plan; else /subscription (replace). */
export function RequireActivePlan({ children }: { children?: ReactNode }) {
  const subscription = useAppSelector((s) => s.auth.subscription);
  if (!hasActivePlan(subscription)) return <Navigate to="/subscription" replace />;
  return children ?? <Outlet />;
}
