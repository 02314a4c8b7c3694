import { CreditCard } from 'lucide-react';
import { AccountPagePlaceholder } from '../shell/components/AccountPagePlaceholder';

export function SubscriptionPage() {
  return (
    <AccountPagePlaceholder title="Subscription" description="Plans, billing cycle and upgrades." icon={CreditCard}>
      Compare the Starter, Explorer and Pro plans, switch between monthly and yearly billing and upgrade from here.
    </AccountPagePlaceholder>
  );
}
