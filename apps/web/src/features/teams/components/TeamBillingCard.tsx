import type { BillingCycle } from '@atelier/contract';
import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../../app/api/http';
import { useCreateTeamCheckoutMutation, useGetTeamPlansQuery } from '../../../app/api/teams';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { formatNumber } from '../../../lib/format';
import { BillingCycleSwitch, browser, formatEuros } from '../../subscription';

/** The owner's team plan: seats and cycle, then the same checkout as personal plans. */
export function TeamBillingCard({ teamId, memberCount }: { teamId: number; memberCount: number }) {
  const plans = useGetTeamPlansQuery();
  const [checkout, { isLoading, error }] = useCreateTeamCheckoutMutation();
  const [cycle, setCycle] = useState<BillingCycle>('MONTHLY');
  const plan = plans.data?.[0];
  const [seatsText, setSeatsText] = useState<string | null>(null);
  const seats = Number(seatsText ?? Math.max(plan?.minSeats ?? 2, memberCount));
  const seatsValid = plan ? Number.isInteger(seats) && seats >= plan.minSeats && seats <= plan.maxSeats : false;

  const start = async () => {
    try {
      const { url } = await checkout({ teamId, body: { seats, billingCycle: cycle } }).unwrap();
      browser.assign(url);
    } catch {
      // shown inline
    }
  };

  return (
    <Card className="p-6">
      <CardHeader icon={<CreditCard className="size-[18px]" />} title="Team plan" description="Only you, the owner, see this. Every seat adds its credits to the team's pool each month." />
      <div className="mt-5 sm:pl-12">
        {plans.isLoading ? (
          <Spinner />
        ) : plans.isError || !plan ? (
          <Alert tone="error">{errorMessage(plans.error, 'Team plans are not available right now.')}</Alert>
        ) : (
          <div className="grid gap-4">
            {error ? <Alert tone="error">{errorMessage(error, 'Could not start the checkout.')}</Alert> : null}
            <div>
              <p className="font-medium text-stone-900">{plan.name}</p>
              <p className="text-sm text-stone-500">{plan.description}</p>
            </div>
            <div className="flex flex-wrap items-end gap-4">
              <label className="flex flex-col gap-1.5 text-[13px] font-medium text-stone-700">
                Seats
                <input
                  type="number"
                  min={plan.minSeats}
                  max={plan.maxSeats}
                  value={seatsText ?? String(seats)}
                  onChange={(e) => setSeatsText(e.target.value)}
                  aria-invalid={seatsValid ? undefined : true}
                  className="h-10 w-24 rounded-lg border border-stone-300 px-3 text-sm tabular-nums focus:outline-none focus:ring-2 focus:ring-brand-500/30"
                />
              </label>
              <BillingCycleSwitch value={cycle} onChange={setCycle} />
            </div>
            {seatsValid ? (
              <p className="text-sm text-stone-600">
                {seats} seats × {formatEuros(cycle === 'MONTHLY' ? plan.pricePerSeat.monthly : plan.pricePerSeat.yearly)} ={' '}
                <span className="font-semibold text-stone-900">
                  {formatEuros(seats * (cycle === 'MONTHLY' ? plan.pricePerSeat.monthly : plan.pricePerSeat.yearly))} per {cycle === 'MONTHLY' ? 'month' : 'year'}
                </span>
                , {formatNumber(seats * plan.creditsPerSeat)} credits a month for the pool.
              </p>
            ) : (
              <p className="text-sm text-red-600">
                Choose between {plan.minSeats} and {plan.maxSeats} seats.
              </p>
            )}
            <div>
              <Button loading={isLoading} disabled={!seatsValid} onClick={() => void start()}>
                Continue to checkout
              </Button>
            </div>
          </div>
        )}
      </div>
    </Card>
  );
}
