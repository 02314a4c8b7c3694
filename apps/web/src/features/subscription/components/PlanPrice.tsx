import type { BillingCycle, PricingPlan } from '@atelier/contract';
import { priceDisplay } from '../pricing';

/** The price, its period, and for yearly billing the monthly equivalent and 'Billed yearly'. */
export function PlanPrice({ plan, cycle }: { plan: Pick<PricingPlan, 'prices' | 'credits'>; cycle: BillingCycle }) {
  const price = priceDisplay(plan, cycle);
  return (
    <div>
      <p className="flex items-baseline gap-1">
        <span className="text-4xl font-semibold tracking-tight text-stone-900 tabular-nums">{price.amount}</span>
        <span className="text-sm font-medium text-stone-500">{price.period}</span>
      </p>
      <p className="mt-1 h-5 text-[13px] text-stone-500">
        {price.monthlyEquivalent ? (
          <>
            <span className="font-medium text-stone-700">{price.monthlyEquivalent}</span>/month · <span>{price.note}</span>
          </>
        ) : (
          'Billed monthly'
        )}
      </p>
    </div>
  );
}
