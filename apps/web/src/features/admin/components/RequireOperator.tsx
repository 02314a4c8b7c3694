import { ShieldAlert } from 'lucide-react';
import { Outlet } from 'react-router';
import { useGetAdminAccessQuery } from '../../../app/api/admin';
import { ButtonLink } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { FullPageSpinner } from '../../../components/ui/Spinner';

/** The console's route guard: the server says whether the caller is an operator (GET /admin/access). */
export function RequireOperator() {
  const access = useGetAdminAccessQuery();
  if (access.isLoading) return <FullPageSpinner label="Checking access" />;
  if (access.isError || !access.data) {
    const forbidden = access.error && 'status' in access.error && access.error.status === 403;
    return (
      <EmptyState
        icon={ShieldAlert}
        title={forbidden ? 'This is for operators only' : 'The console could not be opened'}
        actions={<ButtonLink to="/dashboard" variant="secondary">Back to the dashboard</ButtonLink>}
      >
        {forbidden
          ? 'Your account does not have the operator role. Operators are made on the server with npm run admin -- make-operator.'
          : 'Check your connection and reload the page.'}
      </EmptyState>
    );
  }
  return <Outlet />;
}
