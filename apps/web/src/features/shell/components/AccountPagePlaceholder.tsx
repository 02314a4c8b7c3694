import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PageHeader } from '../../../components/ui/PageHeader';
import { usePageTitle } from '../../../lib/usePageTitle';

/** An account-area page whose module is still being built. */
export function AccountPagePlaceholder({ title, description, icon, children }: { title: string; description: string; icon: LucideIcon; children: ReactNode }) {
  usePageTitle(title);
  return (
    <>
      <PageHeader title={title} description={description} />
      <Card>
        <EmptyState icon={icon} title="This module is being built">
          {children}
        </EmptyState>
      </Card>
    </>
  );
}
