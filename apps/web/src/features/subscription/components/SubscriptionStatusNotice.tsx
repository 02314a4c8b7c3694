import type { Subscription } from '@atelier/contract';
import { Alert } from '../../../components/ui/Alert';
import { formatDate } from '../../../lib/format';

/** A past-due or ending plan says so above the cards. */
export function SubscriptionStatusNotice({ subscription }: { subscription: Subscription | null }) {
  if (!subscription || subscription.planType === 'FREE') return null;
  if (subscription.status === 'PAST_DUE') {
    return (
      <Alert tone="error" title="Your last payment failed" className="mb-6">
        Your credits are kept. Update your payment method with Manage Subscription to keep your plan.
      </Alert>
    );
  }
  if (subscription.cancelAtPeriodEnd) {
    return (
      <Alert tone="info" title={`Your plan ends on ${formatDate(subscription.currentPeriodEnd)}`} className="mb-6">
        You keep your plan and credits until then. Resume it any time with Manage Subscription.
      </Alert>
    );
  }
  return null;
}
