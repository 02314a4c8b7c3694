import { Compass } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { Logo } from '../../../components/ui/Logo';
import { usePageTitle } from '../../../lib/usePageTitle';

export function NotFoundPage() {
  usePageTitle('Page not found');
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
