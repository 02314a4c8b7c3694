import { BILLING_MESSAGES } from '@atelier/contract';
import { Lock } from 'lucide-react';
import { Card } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PageHeader } from '../../../components/ui/PageHeader';

/** What an admin or member of a studio sees where billing would be: who manages it, nothing else. */
export function OwnerManagesBilling({ teamName, title = 'Studio plan' }: { teamName: string; title?: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <EmptyState icon={Lock} title={BILLING_MESSAGES.ownerManagesBilling}>
          {teamName}’s plan, seats and invoices are visible to its owner only. You work with the studio’s credit pool.
        </EmptyState>
      </Card>
    </>
  );
}
