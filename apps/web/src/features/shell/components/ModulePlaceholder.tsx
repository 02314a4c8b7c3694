import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { usePageTitle } from '../../../lib/usePageTitle';

/** Stands in for a module that is still being built. */
export function ModulePlaceholder({ title, icon, children, actions }: { title: string; icon: LucideIcon; children: ReactNode; actions?: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="flex flex-1 items-center justify-center p-8">
      <Card className="w-full max-w-lg">
        <EmptyState icon={icon} title={title} actions={actions}>
          <p>{children}</p>
          <p className="mt-3 font-medium text-stone-700">This module is being built.</p>
        </EmptyState>
      </Card>
    </div>
  );
}
