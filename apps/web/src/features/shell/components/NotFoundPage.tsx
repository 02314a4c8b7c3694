import { Compass } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { Logo } from '../../../components/ui/Logo';
import { Navigate } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { FullPageSpinner } from '../../../components/ui/Spinner';
import { usePageTitle } from '../../../lib/usePageTitle';

/** An unknown path: signed-out visitors go to /login (spec); signed-in users are told the page does not exist. */
export function NotFoundPage() {
  usePageTitle('Page not found');
  const { isInitialized, isAuthenticated } = useAppSelector((s) => s.auth);
  if (!isInitialized) return <FullPageSpinner />;
  if (!isAuthenticated) return <Navigate to="/login" replace />;
  return (
    <div className="flex min-h-full flex-col items-center justify-center gap-6 px-6">
      <Logo />
      <EmptyState
        icon={Compass}
        title="Page not found"
        actions={<ButtonLink to="/">Go to dashboard</ButtonLink>}
      >
        The address may be mistyped, or the page has moved.
      </EmptyState>
    </div>
  );
}
