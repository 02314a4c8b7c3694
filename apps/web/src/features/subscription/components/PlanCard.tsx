import { planDisplayName, type BillingCycle, type PricingPlan, type Subscription } from '@atelier/contract';
import clsx from 'clsx';
import { useId } from 'react';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { formatDate, formatNumber } from '../../../lib/format';
import { busyLabel, type PlanCardAction } from '../planCardAction';
import { priceDisplay } from '../pricing';
import { PlanFeatures } from './PlanFeatures';
import { PlanPrice } from './PlanPrice';

export interface PlanCardProps {
  plan: PricingPlan;
  cycle: BillingCycle;
  action: PlanCardAction;
  subscription: Subscription | null;
  busy: boolean;
  /** Another button is working: this one waits. */
  locked: boolean;
  onAction: (action: PlanCardAction) => void;
}

const buttonVariant = { upgrade: 'primary', manage: 'secondary', downgrade: 'secondary', unavailable: 'secondary' } as const;

/** One regular plan: name, price, credits, features, and the action of the matrix. */
export function PlanCard({ plan, cycle, action, subscription, busy, locked, onAction }: PlanCardProps) {
  const titleId = useId();
  const name = planDisplayName(plan.name);
  const price = priceDisplay(plan, cycle);
  const current = action.isCurrent;
  return (
    <section
      aria-labelledby={titleId}
      data-plan={plan.planType}
      className={clsx(
        'relative flex flex-col rounded-2xl border bg-white p-6 shadow-card transition-shadow',
        current ? 'border-brand-500 ring-1 ring-brand-500' : 'border-stone-200 hover:shadow-raised',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={titleId} className="text-lg font-semibold text-stone-900">
          {name}
        </h2>
        {current ? (
          <Badge tone="brand" className="uppercase">
            Current Plan
          </Badge>
        ) : null}
      </div>
      <p className="mt-1 min-h-10 text-[13px] leading-5 text-stone-500">{plan.description}</p>
      <div className="mt-5">
        <PlanPrice plan={plan} cycle={cycle} />
      </div>
      <div className="my-6 h-px bg-stone-100" />
      <PlanFeatures items={[`${formatNumber(price.credits)} credits per ${price.creditsPeriod}`, ...plan.features]} />
      <div className="mt-auto pt-6">
        {current && subscription?.currentPeriodEnd ? (
          <p className="mb-3 text-[13px] text-stone-500">
            {subscription.cancelAtPeriodEnd ? 'Ends' : 'Next billing'}{' '}
            <time dateTime={subscription.currentPeriodEnd} className="font-medium text-stone-800">
              {formatDate(subscription.currentPeriodEnd)}
            </time>
          </p>
        ) : null}
        <Button
          fullWidth
          variant={buttonVariant[action.kind]}
          loading={busy}
          disabled={action.kind === 'unavailable' || (locked && !busy)}
          onClick={() => onAction(action)}
        >
          {busy ? busyLabel(false) : action.label}
        </Button>
      </div>
    </section>
  );
}
