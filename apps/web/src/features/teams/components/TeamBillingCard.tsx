import { PLAN_TYPES, TEAM_PLAN_SEATS, type PlanType } from '@atelier/contract';
import clsx from 'clsx';
import { CreditCard } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { titleCase } from '../../../lib/format';

/**
 * The owner's team plan. A team subscribes through the same plans page and checkout as a person:
 * in the team's workspace they act for the team (the server checks that the caller is its owner).
 */
export function TeamBillingCard({ planType, memberCount }: { planType: PlanType; memberCount: number }) {
  const hasPlan = planType !== 'FREE';
  return (
    <Card className="p-6">
      <CardHeader
        icon={<CreditCard className="size-[18px]" />}
        title="Team plan"
        description="Only the owner sees this. The plan's credits fill the team pool every month; its tier sets the seats."
        action={
          <ButtonLink to="/subscription" size="sm" variant={hasPlan ? 'secondary' : 'primary'}>
            {hasPlan ? 'Change team plan' : 'Choose a team plan'}
          </ButtonLink>
        }
      />
      <div className="mt-5 sm:pl-12">
        <p className="text-sm text-stone-600">
          {hasPlan ? (
            <>
              The team is on <span className="font-semibold text-stone-900">{titleCase(planType)}</span>: {TEAM_PLAN_SEATS[planType]} seats, {memberCount} in use.
            </>
          ) : (
            <>
              The team has no plan yet: {TEAM_PLAN_SEATS.FREE} seats and only the credits bought for its pool.
            </>
          )}
        </p>
        <ul className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Seats per plan">
          {PLAN_TYPES.map((plan) => (
            <li
              key={plan}
              className={clsx('rounded-lg border px-3 py-2 text-sm', plan === planType ? 'border-brand-300 bg-brand-50 text-brand-800' : 'border-stone-200 text-stone-600')}
            >
              <span className="block font-medium">{plan === 'FREE' ? 'No plan' : titleCase(plan)}</span>
              <span className="tabular-nums">{TEAM_PLAN_SEATS[plan]} seats</span>
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}
