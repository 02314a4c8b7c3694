import type { BillingCycle, PricingPlan } from '@atelier/contract';

const wholeEuros = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0, minimumFractionDigits: 0 });
const euroCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR', maximumFractionDigits: 2, minimumFractionDigits: 2 });

/**
 * Cents → euros, rounded to the cent and honest about it (issue 28 item 13): whole euros only
 * where the amount is whole (4900 → '€49'), else with its cents (1516.67 → '€15.17', not '€15').
 */
export function formatEuros(cents: number): string {
  const rounded = Math.round(cents);
  return rounded % 100 === 0 ? wholeEuros.format(rounded / 100) : euroCents.format(rounded / 100);
}

export interface PriceDisplay {
  /** The price of the cycle: '€470'. */
  amount: string;
  /** '/Month' or '/Year'. */
  period: '/Month' | '/Year';
  /** Yearly only: the yearly price divided by 12, to the cent: '€39.17'. */
  monthlyEquivalent: string | null;
  /** Yearly only: 'Billed yearly'. */
  note: 'Billed yearly' | null;
  /** 'credits per month' (monthly) or the year's total (yearly). */
  credits: number;
  creditsPeriod: 'month' | 'year';
}

/** What a plan card shows for a cycle. A yearly plan grants the monthly allowance twelve times. */
export function priceDisplay(plan: Pick<PricingPlan, 'prices' | 'credits'>, cycle: BillingCycle): PriceDisplay {
  if (cycle === 'YEARLY') {
    return {
      amount: formatEuros(plan.prices.yearly),
      period: '/Year',
      monthlyEquivalent: formatEuros(plan.prices.yearly / 12),
      note: 'Billed yearly',
      credits: plan.credits * 12,
      creditsPeriod: 'year',
    };
  }
  return {
    amount: formatEuros(plan.prices.monthly),
    period: '/Month',
    monthlyEquivalent: null,
    note: null,
    credits: plan.credits,
    creditsPeriod: 'month',
  };
}
