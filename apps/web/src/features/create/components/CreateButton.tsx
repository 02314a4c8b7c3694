import { Sparkles } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { formatNumber } from '../../../lib/format';

/** The inspector's Create button with what it costs; disabled while a render runs. */
export function CreateButton({
  onCreate,
  disabled,
  submitting,
  generating,
  cost,
  credits,
  hasEnoughCredits,
}: {
  onCreate: () => void;
  disabled: boolean;
  submitting: boolean;
  generating: boolean;
  cost: number;
  credits: number;
  hasEnoughCredits: boolean;
}) {
  return (
    <div>
      <Button size="lg" fullWidth icon={<Sparkles className="size-4.5" />} loading={submitting || generating} disabled={disabled} onClick={onCreate}>
        {generating ? 'Rendering…' : 'Create'}
      </Button>
      <p className="mt-2 flex justify-between text-xs text-stone-500">
        <span>
          {cost} credit{cost === 1 ? '' : 's'}
        </span>
        <span className={hasEnoughCredits ? '' : 'font-medium text-red-600'}>
          {hasEnoughCredits ? `${formatNumber(credits)} available` : `Only ${formatNumber(credits)} left`}
        </span>
      </p>
    </div>
  );
}
