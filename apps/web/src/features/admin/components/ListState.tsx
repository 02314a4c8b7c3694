import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';

/** The loading, error and empty states every console list shares; the list itself otherwise. */
export function ListState({
  query,
  what,
  empty,
  children,
}: {
  query: { isLoading: boolean; isError: boolean; refetch: () => unknown };
  what: string;
  empty: boolean;
  children: ReactNode;
}) {
  if (query.isLoading) return <Spinner label={`Loading ${what}`} />;
  if (query.isError)
    return (
      <Alert tone="error" title={`The ${what} could not be loaded`}>
        <Button variant="link" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  if (empty) return <p className="rounded-xl border border-dashed border-stone-300 px-4 py-8 text-center text-sm text-stone-500">No {what}.</p>;
  return <>{children}</>;
}
