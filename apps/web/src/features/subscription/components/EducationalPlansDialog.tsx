import { planDisplayName, type BillingCycle, type PricingPlan } from '@atelier/contract';
import { GraduationCap, ShieldAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { busyLabel } from '../planCardAction';
import { buttonKey } from '../hooks/useBillingRedirects';
import { BillingCycleSwitch } from './BillingCycleSwitch';
import { PlanFeatures } from './PlanFeatures';
import { PlanPrice } from './PlanPrice';

export interface EducationalPlansDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  plans: PricingPlan[];
  isStudent: boolean;
  initialCycle: BillingCycle;
  busyKey: string | null;
  onChoose: (plan: PricingPlan, cycle: BillingCycle) => void;
}

/**
 * The educational plans dialog (spec §2): 25% below regular, for verified students only.
 * Mount it with a key per opening so the cycle starts from the page's.
 */
export function EducationalPlansDialog({ open, onOpenChange, plans, isStudent, initialCycle, busyKey, onChoose }: EducationalPlansDialogProps) {
  const [cycle, setCycle] = useState<BillingCycle>(initialCycle);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Educational Plans"
      description="Exclusive pricing for students and educators"
      size="xl"
      className="max-w-5xl!"
      dismissible={busyKey === null}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <BillingCycleSwitch value={cycle} onChange={setCycle} tag="Save 25%" label="Educational billing cycle" />
        <p className="text-[13px] text-stone-500">Prices are 25% below the regular plans.</p>
      </div>

      {!isStudent ? (
        <div role="note" aria-labelledby="student-verification-title" className="mt-5 flex gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3.5 text-amber-900">
          <ShieldAlert className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden />
          <div className="text-[13px] leading-5">
            <p id="student-verification-title" className="font-semibold">
              Student Verification Required
            </p>
            <p className="mt-0.5">
              Educational plans are only available for verified students. Register with your university e-mail address, or{' '}
              <Link to="/support?topic=student_verification" className="font-medium underline underline-offset-2 hover:text-amber-950">
                contact support
              </Link>{' '}
              to verify your student status.
            </p>
          </div>
        </div>
      ) : null}

      <div className="mt-5 grid gap-4 pb-6 md:grid-cols-3">
        {plans.map((plan) => (
          <EducationalPlanCard
            key={plan.planType}
            plan={plan}
            cycle={cycle}
            isStudent={isStudent}
            busy={busyKey === buttonKey(plan.planType, true)}
            locked={busyKey !== null}
            onChoose={() => onChoose(plan, cycle)}
          />
        ))}
      </div>
    </Dialog>
  );
}

function EducationalPlanCard({
  plan,
  cycle,
  isStudent,
  busy,
  locked,
  onChoose,
}: {
  plan: PricingPlan;
  cycle: BillingCycle;
  isStudent: boolean;
  busy: boolean;
  locked: boolean;
  onChoose: () => void;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} data-plan={plan.planType} className="flex flex-col rounded-2xl border border-stone-200 bg-white p-5 shadow-card">
      <div className="flex items-center justify-between gap-2">
        <h3 id={titleId} className="text-base font-semibold text-stone-900">
          {planDisplayName(plan.name)}
        </h3>
        <Badge tone="brand">
          <GraduationCap className="size-3" aria-hidden />
          Student
        </Badge>
      </div>
      <div className="mt-4">
        <PlanPrice plan={plan} cycle={cycle} />
      </div>
      <div className="my-5 h-px bg-stone-100" />
      <PlanFeatures items={plan.features} />
      <div className="mt-auto pt-6">
        <Button fullWidth variant={isStudent ? 'primary' : 'secondary'} loading={busy} disabled={!isStudent || (locked && !busy)} onClick={onChoose}>
          {busy ? busyLabel(true) : isStudent ? `Get ${plan.planType} Plan` : 'Student Verification Required'}
        </Button>
      </div>
    </section>
  );
}
