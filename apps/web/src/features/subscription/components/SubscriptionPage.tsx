import { BILLING_MESSAGES, type BillingCycle, type PricingPlan } from '@atelier/contract';
import { GraduationCap, RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useGetPricingPlansQuery, useGetSubscriptionQuery } from '../../../app/api/billing';
import { useAppSelector } from '../../../app/hooks';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PageHeader } from '../../../components/ui/PageHeader';
import { FullPageSpinner } from '../../../components/ui/Spinner';
import { usePageTitle } from '../../../lib/usePageTitle';
import { buttonKey, useBillingRedirects, type CheckoutTarget } from '../hooks/useBillingRedirects';
import { pageName, useGoStraightOn } from '../hooks/useGoStraightOn';
import { useCheckoutReturn } from '../hooks/useCheckoutReturn';
import { hasSubscription, planCardAction, type PlanCardAction } from '../planCardAction';
import { BillingCycleSwitch } from './BillingCycleSwitch';
import { EducationalPlansDialog } from './EducationalPlansDialog';
import { PlanCard } from './PlanCard';
import { PlanRequiredNotice } from './PlanRequiredNotice';
import { SubscriptionStatusNotice } from './SubscriptionStatusNotice';
import { OwnerManagesBilling } from './OwnerManagesBilling';
import { TeamPlansView } from './TeamPlansView';
import { useTeamBilling } from '../hooks/useTeamBilling';

const RETURN_TEXTS = {
  success: 'Your plan is active. Your credits are ready to use.',
  updated: 'Your plan has been updated.',
  canceled: 'Checkout canceled. Your plan has not changed.',
};

/**
 * /subscription: the plans page of spec §2 with the action matrix of §4 in the personal
 * workspace; in a team workspace the studio plans for its owner, and for admins and members
 * only who manages billing (issue 32).
 */
export function SubscriptionPage() {
  usePageTitle('Subscription');
  const billing = useTeamBilling();
  if (billing.kind === 'loading') return <FullPageSpinner label="Loading plans" />;
  if (billing.kind === 'team') {
    return billing.isOwner ? <TeamPlansView team={billing.team} /> : <OwnerManagesBilling teamName={billing.team.name} />;
  }
  return <PersonalPlansPage />;
}

function PersonalPlansPage() {
  const subscription = useAppSelector((s) => s.auth.subscription);
  const plans = useGetPricingPlansQuery();
  // Refreshes the stored subscription (the header, the badge) whenever the page opens.
  const current = useGetSubscriptionQuery(undefined, { refetchOnMountOrArgChange: true });
  const { busyKey, checkout, portal } = useBillingRedirects();
  const [educationalOpen, setEducationalOpen] = useState(false);

  // Defaults to YEARLY; the subscription's own cycle once one is known (spec §4).
  const [cycle, setCycle] = useState<BillingCycle>(hasSubscription(subscription) ? subscription.billingCycle : 'YEARLY');
  const cycleTouched = useRef(false);
  useEffect(() => {
    if (!cycleTouched.current && hasSubscription(subscription)) setCycle(subscription.billingCycle);
  }, [subscription]);
  const changeCycle = (next: BillingCycle) => {
    cycleTouched.current = true;
    setCycle(next);
  };

  const straightOn = useGoStraightOn();
  const { goOn } = straightOn;
  const afterReturn = useCallback(() => void goOn(), [goOn]);
  useCheckoutReturn(RETURN_TEXTS, afterReturn);
  const startCheckout = (target: CheckoutTarget) => {
    straightOn.remember();
    void checkout(target, plans.data?.isStudent ?? false);
  };

  const failedToast = useRef(false);
  useEffect(() => {
    if (plans.isError && !failedToast.current) {
      failedToast.current = true;
      toast.error(BILLING_MESSAGES.failedToLoadPlans);
    }
    if (!plans.isError) failedToast.current = false;
  }, [plans.isError]);

  if (plans.isLoading) return <FullPageSpinner label="Loading plans" />;

  if (plans.isError || !plans.data) {
    return (
      <>
        <PageHeader title="Choose your plan" />
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

  const { regularPlans, educationalPlans, isStudent } = plans.data;
  const onAction = (plan: PricingPlan, action: PlanCardAction) => {
    const key = buttonKey(plan.planType, false);
    if (action.kind === 'upgrade') startCheckout({ planType: plan.planType, billingCycle: cycle, isEducational: false });
    else if (action.kind === 'manage' || action.kind === 'downgrade') void portal(key);
  };

  return (
    <>
      <PageHeader
        title="Choose your plan"
        description="Every plan includes all features. Your credits renew each month; credits you buy on top are kept when your plan renews."
      />
      <PlanRequiredNotice goesOnTo={straightOn.heading ? pageName(straightOn.heading) : null} />
      <SubscriptionStatusNotice subscription={current.data ?? subscription} />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <BillingCycleSwitch value={cycle} onChange={changeCycle} tag="Save 20%" />
        {cycle === 'YEARLY' ? <p className="text-[13px] text-stone-500">Pay yearly and save 20% compared with monthly billing.</p> : null}
      </div>
      <div className="grid gap-5 md:grid-cols-3">
        {regularPlans.map((plan) => {
          const action = planCardAction(plan.planType, cycle, subscription);
          const key = buttonKey(plan.planType, false);
          return (
            <PlanCard
              key={plan.planType}
              plan={plan}
              cycle={cycle}
              action={action}
              subscription={subscription}
              busy={busyKey === key}
              locked={busyKey !== null}
              onAction={(a) => onAction(plan, a)}
            />
          );
        })}
      </div>
      <div className="mt-8 flex flex-col items-center gap-2 rounded-2xl border border-dashed border-stone-300 bg-white/60 px-6 py-6 text-center">
        <p className="text-sm text-stone-600">Studying or teaching? Verified students get every plan 25% cheaper.</p>
        <Button variant="secondary" icon={<GraduationCap className="size-4" />} onClick={() => setEducationalOpen(true)}>
          View Plans for Students &amp; Educators
        </Button>
      </div>
      <EducationalPlansDialog
        key={educationalOpen ? 'open' : 'closed'}
        open={educationalOpen}
        onOpenChange={setEducationalOpen}
        plans={educationalPlans}
        isStudent={isStudent}
        initialCycle={cycle}
        busyKey={busyKey}
        onChoose={(plan, chosenCycle) => startCheckout({ planType: plan.planType, billingCycle: chosenCycle, isEducational: true })}
      />
    </>
  );
}
