import { planDisplayName, type BillingCycle, type PaidPlanType, type PricingPlan, type Subscription } from '@atelier/contract';
import clsx from 'clsx';
import { ArrowLeft, CalendarClock, CircleAlert } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useGetPricingPlansQuery, useGetSubscriptionQuery, useLocalPortalActionMutation } from '../../../app/api/billing';
import { errorMessage } from '../../../app/api/http';
import { Badge } from '../../../components/ui/Badge';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { Dialog } from '../../../components/ui/Dialog';
import { Logo } from '../../../components/ui/Logo';
import { FullPageSpinner } from '../../../components/ui/Spinner';
import { formatDate, formatNumber, titleCase } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';
import { BillingCycleSwitch, formatEuros } from '../../subscription';
import { TestModeBanner } from './TestModeBanner';

/**
 * /billing/portal-test — the local provider's billing portal, standing in for Stripe's Customer
 * Portal: change plan or cycle, cancel at the end of the period, resume.
 */
export function TestPortalPage() {
  usePageTitle('Billing portal (test mode)');
  const subscription = useGetSubscriptionQuery(undefined, { refetchOnMountOrArgChange: true });
  const plans = useGetPricingPlansQuery();

  return (
    <div className="flex min-h-full flex-col bg-stone-50">
      <TestModeBanner>— this portal changes your plan here only; no card is charged.</TestModeBanner>
      <main className="mx-auto w-full max-w-3xl flex-1 px-6 py-10">
        <div className="flex items-center gap-3">
          <ButtonLink to="/subscription" variant="ghost" size="sm" icon={<ArrowLeft className="size-4" />}>
            Return to Atelier
          </ButtonLink>
          <span className="ml-auto">
            <Logo />
          </span>
        </div>
        <h1 className="mt-8 text-2xl font-semibold tracking-tight text-stone-900">Billing portal</h1>
        <p className="mt-1.5 text-sm text-stone-500">Manage your subscription. Changes apply at once.</p>
        <div className="mt-8">
          {subscription.isLoading || plans.isLoading ? (
            <FullPageSpinner label="Loading your subscription" />
          ) : subscription.isError || plans.isError || !subscription.data || !plans.data ? (
            <Card className="p-8 text-center">
              <CircleAlert className="mx-auto size-8 text-stone-400" aria-hidden />
              <p className="mt-3 text-sm text-stone-600">Your subscription could not be loaded.</p>
              <Button variant="secondary" className="mt-4" onClick={() => void Promise.all([subscription.refetch(), plans.refetch()])}>
                Try again
              </Button>
            </Card>
          ) : subscription.data.planType === 'FREE' ? (
            <Card className="p-8 text-center">
              <p className="font-medium text-stone-900">You have no subscription to manage</p>
              <p className="mt-1 text-sm text-stone-500">Choose a plan first; it will show up here.</p>
              <ButtonLink to="/subscription" className="mt-5">
                See plans
              </ButtonLink>
            </Card>
          ) : (
            <Portal
              subscription={subscription.data}
              plans={subscription.data.isEducational ? plans.data.educationalPlans : plans.data.regularPlans}
            />
          )}
        </div>
      </main>
    </div>
  );
}

function Portal({ subscription, plans }: { subscription: Subscription; plans: PricingPlan[] }) {
  const [act, acting] = useLocalPortalActionMutation();
  const [pending, setPending] = useState<'change' | 'cancel' | 'resume' | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [cycle, setCycle] = useState<BillingCycle>(subscription.billingCycle);
  const [planType, setPlanType] = useState<PaidPlanType>(subscription.planType as PaidPlanType);
  const currentPlan = plans.find((p) => p.planType === subscription.planType);
  const unchanged = planType === subscription.planType && cycle === subscription.billingCycle;

  const run = async (kind: 'change' | 'cancel' | 'resume', success: string) => {
    setPending(kind);
    try {
      await act(kind === 'change' ? { action: 'change', planType, billingCycle: cycle } : { action: kind }).unwrap();
      toast.success(success);
      setConfirmCancel(false);
    } catch (error) {
      toast.error(errorMessage(error, 'The change could not be made. Please try again.'));
    } finally {
      setPending(null);
    }
  };

  return (
    <div className="space-y-6">
      <Card className="p-6">
        <CardHeader
          title="Current plan"
          icon={<CalendarClock className="size-[18px]" />}
          action={
            <Badge tone={subscription.cancelAtPeriodEnd ? 'warning' : 'brand'}>{subscription.cancelAtPeriodEnd ? 'Cancels at period end' : 'Active'}</Badge>
          }
        />
        <div className="mt-5 flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="text-xl font-semibold text-stone-900">
              {currentPlan ? planDisplayName(currentPlan.name) : titleCase(subscription.planType)}
              {subscription.isEducational ? (
                <Badge tone="brand" className="ml-2 align-middle">
                  Student
                </Badge>
              ) : null}
            </p>
            <p className="mt-1 text-sm text-stone-500">
              {currentPlan
                ? `${formatEuros(subscription.billingCycle === 'YEARLY' ? currentPlan.prices.yearly : currentPlan.prices.monthly)} per ${subscription.billingCycle === 'YEARLY' ? 'year' : 'month'} · `
                : ''}
              {formatNumber(subscription.credits)} credits every month
            </p>
            <p className="mt-1 text-sm text-stone-500">
              {subscription.cancelAtPeriodEnd ? 'Ends on ' : 'Renews on '}
              <span className="font-medium text-stone-800">{formatDate(subscription.currentPeriodEnd)}</span>
            </p>
          </div>
          {subscription.cancelAtPeriodEnd ? (
            <Button loading={pending === 'resume'} disabled={acting.isLoading} onClick={() => void run('resume', 'Your plan will renew as usual.')}>
              Resume plan
            </Button>
          ) : (
            <Button variant="dangerOutline" disabled={acting.isLoading} onClick={() => setConfirmCancel(true)}>
              Cancel plan
            </Button>
          )}
        </div>
      </Card>

      <Card className="p-6">
        <CardHeader title="Change plan" description="Upgrades add the new plan's credits at once; a lower plan gives its allowance from the next month." />
        <div className="mt-5">
          <BillingCycleSwitch value={cycle} onChange={setCycle} label="New billing cycle" />
        </div>
        <div role="radiogroup" aria-label="New plan" className="mt-4 grid gap-3 sm:grid-cols-3">
          {plans.map((plan) => {
            const checked = plan.planType === planType;
            const isCurrent = plan.planType === subscription.planType && cycle === subscription.billingCycle;
            return (
              <button
                key={plan.planType}
                type="button"
                role="radio"
                aria-checked={checked}
                onClick={() => setPlanType(plan.planType)}
                className={clsx(
                  'rounded-xl border p-4 text-left transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                  checked ? 'border-brand-500 bg-brand-50/60 ring-1 ring-brand-500' : 'border-stone-200 bg-white hover:border-stone-300',
                )}
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="font-medium text-stone-900">{planDisplayName(plan.name)}</span>
                  {isCurrent ? <span className="text-[11px] font-semibold tracking-wide text-brand-700 uppercase">Current</span> : null}
                </span>
                <span className="mt-1 block text-sm text-stone-600 tabular-nums">
                  {formatEuros(cycle === 'YEARLY' ? plan.prices.yearly : plan.prices.monthly)} / {cycle === 'YEARLY' ? 'year' : 'month'}
                </span>
                <span className="mt-0.5 block text-[13px] text-stone-500">{formatNumber(plan.credits)} credits a month</span>
              </button>
            );
          })}
        </div>
        <div className="mt-5 flex justify-end">
          <Button loading={pending === 'change'} disabled={unchanged || acting.isLoading} onClick={() => void run('change', 'Your plan has been changed.')}>
            Update plan
          </Button>
        </div>
      </Card>

      <Dialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title="Cancel your plan?"
        description={`You keep your plan and all your credits until ${formatDate(subscription.currentPeriodEnd)}. After that, purchased credits stay and the plan's monthly credits end.`}
        size="sm"
        dismissible={pending === null}
        footer={
          <>
            <Button variant="secondary" disabled={pending !== null} onClick={() => setConfirmCancel(false)}>
              Keep plan
            </Button>
            <Button variant="danger" loading={pending === 'cancel'} onClick={() => void run('cancel', 'Your plan will end at the end of the period.')}>
              Cancel plan
            </Button>
          </>
        }
      />
    </div>
  );
}
