import { type BillingCycle, type Subscription, type TeamPricingPlan } from '@atelier/contract';
import clsx from 'clsx';
import { useId } from 'react';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { formatDate, formatNumber } from '../../../lib/format';
import { formatEuros } from '../pricing';
import { teamTotal, type TeamPlanAction } from '../teamPlanAction';
import { PlanFeatures } from './PlanFeatures';

export interface TeamPlanCardProps {
  plan: TeamPricingPlan;
  cycle: BillingCycle;
  seats: number;
  action: TeamPlanAction;
  subscription: Subscription | null;
  busy: boolean;
  locked: boolean;
  onAction: (action: TeamPlanAction) => void;
}

/** One studio plan: the price per seat, the total for the picked seats, the pool it fills. */
export function TeamPlanCard({ plan, cycle, seats, action, subscription, busy, locked, onAction }: TeamPlanCardProps) {
  const titleId = useId();
  const perSeat = cycle === 'YEARLY' ? plan.pricesPerSeat.yearly : plan.pricesPerSeat.monthly;
  const period = cycle === 'YEARLY' ? 'year' : 'month';
  const current = action.isCurrent;
  return (
    <section
      aria-labelledby={titleId}
      data-team-plan={plan.planType}
      className={clsx(
        'relative flex flex-col rounded-2xl border bg-white p-6 shadow-card transition-shadow',
        current ? 'border-brand-500 ring-1 ring-brand-500' : 'border-stone-200 hover:shadow-raised',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={titleId} className="text-lg font-semibold text-stone-900">
          {plan.name}
        </h2>
        {current ? (
          <Badge tone="brand" className="uppercase">
            Current Plan{subscription?.seats ? ` · ${subscription.seats} seats` : ''}
          </Badge>
        ) : null}
      </div>
      <p className="mt-1 min-h-10 text-[13px] leading-5 text-stone-500">{plan.description}</p>
      <div className="mt-5">
        <p className="flex items-baseline gap-1">
          <span className="text-3xl font-semibold tracking-tight text-stone-900">{formatEuros(perSeat)}</span>
          <span className="text-sm text-stone-500">per seat / {period}</span>
        </p>
        <p className="mt-1 text-sm text-stone-700" data-testid="team-plan-total">
          {seats} seats: <span className="font-semibold tabular-nums">{formatEuros(teamTotal(plan.pricesPerSeat, cycle, seats))}</span> a {period}
        </p>
      </div>
      <div className="my-6 h-px bg-stone-100" />
      <PlanFeatures items={[`${formatNumber(plan.creditsPerSeat * seats)} credits a month in the studio pool`, ...plan.features]} />
      <div className="mt-auto pt-6">
        {current && subscription?.currentPeriodEnd ? (
          <p className="mb-3 text-[13px] text-stone-500">
            {subscription.cancelAtPeriodEnd ? 'Ends' : 'Next billing'}{' '}
            <time dateTime={subscription.currentPeriodEnd} className="font-medium text-stone-800">
              {formatDate(subscription.currentPeriodEnd)}
            </time>
          </p>
        ) : null}
        <Button fullWidth variant={action.kind === 'checkout' ? 'primary' : 'secondary'} loading={busy} disabled={locked && !busy} onClick={() => onAction(action)}>
          {busy ? 'Loading...' : action.label}
        </Button>
      </div>
    </section>
  );
}
