import { Receipt } from 'lucide-react';
import { AccountPagePlaceholder } from '../shell/components/AccountPagePlaceholder';

export function BillingPage() {
  return (
    <AccountPagePlaceholder title="Billing" description="Invoices, payment method and billing details." icon={Receipt}>
      Your invoices and payment details, with a link to the secure billing portal.
    </AccountPagePlaceholder>
  );
}
