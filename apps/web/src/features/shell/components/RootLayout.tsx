import { Outlet } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { FullPageSpinner } from '../../../components/ui/Spinner';

/** The app frame: a spinner until authentication is initialised (spec §4), then the page. */
export function RootLayout() {
  const isInitialized = useAppSelector((s) => s.auth.isInitialized);
  return isInitialized ? <Outlet /> : <FullPageSpinner />;
}
