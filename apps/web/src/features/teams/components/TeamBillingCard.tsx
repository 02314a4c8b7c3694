import { BILLING_MESSAGES, type TeamListItem } from '@atelier/contract';
import { CreditCard } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { titleCase } from '../../../lib/format';

/**
 * The team's plan and seats. Everyone sees the plan and the seats in use; only the owner gets the
 * way to change them (the studio plans, priced per seat, on /subscription in this workspace).
 */
export function TeamBillingCard({ team }: { team: Pick<TeamListItem, 'planType' | 'planName' | 'memberCount' | 'seatLimit' | 'role'> }) {
  const isOwner = team.role === 'owner';
  const hasPlan = team.planType !== 'FREE';
  const planLabel = team.planName ?? (hasPlan ? titleCase(team.planType) : 'No studio plan');
  const full = team.memberCount >= team.seatLimit;
  return (
    <Card className="p-6" role="region" aria-label="Team plan">
      <CardHeader
        icon={<CreditCard className="size-[18px]" />}
        title="Team plan"
        description={
          isOwner
            ? 'Studio plans are priced per seat: each seat adds its credits to the team pool every month.'
            : BILLING_MESSAGES.ownerManagesBilling
        }
        action={
          isOwner ? (
            <ButtonLink to="/subscription" size="sm" variant={hasPlan ? 'secondary' : 'primary'}>
              {hasPlan ? 'Change plan or seats' : 'Choose a studio plan'}
            </ButtonLink>
          ) : null
        }
      />
      <dl className="mt-5 grid gap-3 sm:grid-cols-2 sm:pl-12">
        <div className="rounded-lg border border-stone-200 px-4 py-3">
          <dt className="text-[13px] text-stone-500">Plan</dt>
          <dd className="mt-0.5 font-semibold text-stone-900" data-testid="team-plan-name">
            {planLabel}
          </dd>
        </div>
        <div className="rounded-lg border border-stone-200 px-4 py-3">
          <dt className="text-[13px] text-stone-500">Seats used</dt>
          <dd className="mt-0.5 font-semibold text-stone-900 tabular-nums" data-testid="team-seats">
            {team.memberCount} / {team.seatLimit}
            {full ? <span className="ml-2 text-[13px] font-normal text-amber-700">every seat is taken</span> : null}
          </dd>
        </div>
      </dl>
      {!hasPlan ? (
        <p className="mt-4 text-sm text-stone-600 sm:pl-12">
          Without a studio plan the team has {team.seatLimit} seats and only the credits bought for its pool.
        </p>
      ) : null}
    </Card>
  );
}
