import { BILLING_MESSAGES, type BillingCycle, type TeamListItem } from '@atelier/contract';
import { RefreshCw, Users } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useGetPricingPlansQuery, useGetSubscriptionQuery } from '../../../app/api/billing';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PageHeader } from '../../../components/ui/PageHeader';
import { FullPageSpinner } from '../../../components/ui/Spinner';
import { buttonKey, useBillingRedirects } from '../hooks/useBillingRedirects';
import { useCheckoutReturn } from '../hooks/useCheckoutReturn';
import { clampSeats, minimumSeats, teamPlanAction, type TeamPlanAction } from '../teamPlanAction';
import { BillingCycleSwitch } from './BillingCycleSwitch';
import { SeatPicker } from './SeatPicker';
import { SubscriptionStatusNotice } from './SubscriptionStatusNotice';
import { TeamPlanCard } from './TeamPlanCard';

const RETURN_TEXTS = {
  success: 'The studio plan is active. Its credits are in the team pool.',
  updated: 'The studio plan has been updated.',
  canceled: 'Checkout canceled. The studio plan has not changed.',
};

/** /subscription in a team workspace, for its owner: the studio plans, per seat, with a seat picker. */
export function TeamPlansView({ team }: { team: TeamListItem }) {
  const plans = useGetPricingPlansQuery();
  const current = useGetSubscriptionQuery(undefined, { refetchOnMountOrArgChange: true });
  const subscription = current.data ?? null;
  const { busyKey, checkout, portal } = useBillingRedirects();
  useCheckoutReturn(RETURN_TEXTS);

  const min = minimumSeats(team.memberCount);
  const [cycle, setCycle] = useState<BillingCycle>('YEARLY');
  const [seats, setSeats] = useState(() => clampSeats(team.seatLimit, min));
  // Once the team's plan is known, start from its cycle and seats.
  const synced = useRef(false);
  useEffect(() => {
    if (synced.current || !subscription) return;
    synced.current = true;
    if (subscription.planType !== 'FREE') setCycle(subscription.billingCycle);
    if (subscription.seats) setSeats(clampSeats(subscription.seats, min));
  }, [subscription, min]);

  if (plans.isLoading) return <FullPageSpinner label="Loading plans" />;
  if (plans.isError || !plans.data?.teamPlans) {
    return (
      <>
        <PageHeader title="Choose a studio plan" />
        <Card>
          <EmptyState
            icon={RefreshCw}
            title={BILLING_MESSAGES.failedToLoadPlans}
            actions={
              <Button variant="secondary" loading={plans.isFetching} onClick={() => plans.refetch()}>
                Try again
              </Button>
            }
          >
            Check your connection and try again.
          </EmptyState>
        </Card>
      </>
    );
  }

  const onAction = (planType: (typeof plans.data.teamPlans)[number]['planType'], action: TeamPlanAction) => {
    if (action.kind === 'checkout') void checkout({ planType, billingCycle: cycle, isEducational: false, seats }, false);
    else void portal(buttonKey(planType, false, true));
  };

  return (
    <>
      <PageHeader
        title="Choose a studio plan"
        description={`Plans for ${team.name}, priced per seat. Every seat adds its credits to the studio's shared pool each month; the seats are how many people the studio can have.`}
      />
      {subscription ? <SubscriptionStatusNotice subscription={subscription} /> : null}
      <Card className="mb-6 flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-3">
          <span className="grid size-9 place-items-center rounded-lg bg-brand-50 text-brand-600 ring-1 ring-brand-100">
            <Users className="size-[18px]" aria-hidden />
          </span>
          <SeatPicker value={seats} min={min} memberCount={team.memberCount} onChange={setSeats} />
        </div>
        <BillingCycleSwitch value={cycle} onChange={setCycle} tag="Save 20%" />
      </Card>
      <div className="grid gap-5 md:grid-cols-3">
        {plans.data.teamPlans.map((plan) => {
          const action = teamPlanAction(plan.planType, cycle, seats, subscription);
          const key = buttonKey(plan.planType, false, true);
          return (
            <TeamPlanCard
              key={plan.planType}
              plan={plan}
              cycle={cycle}
              seats={seats}
              action={action}
              subscription={subscription}
              busy={busyKey === key}
              locked={busyKey !== null}
              onAction={(a) => onAction(plan.planType, a)}
            />
          );
        })}
      </div>
      <p className="mt-6 text-center text-[13px] text-stone-500">
        Only you, the studio’s owner, see this page. Fewer seats than members cannot be bought: remove members first.
      </p>
    </>
  );
}
