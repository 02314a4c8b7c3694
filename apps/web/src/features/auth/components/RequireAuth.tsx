import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { FullPageSpinner } from '../../../components/ui/Spinner';
import type { FromState } from '../redirect';

/**
 * The protected-route guard: a spinner until auth is initialised, then either the page or
 * /login with the origin remembered in location state.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const isInitialized = useAppSelector((s) => s.auth.isInitialized);
  const isAuthenticated = useAppSelector((s) => s.auth.isAuthenticated);
  const location = useLocation();

  if (!isInitialized) return <FullPageSpinner />;
  if (!isAuthenticated) {
    const state: FromState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to="/login" replace state={state} />;
  }
  return children ?? <Outlet />;
}
