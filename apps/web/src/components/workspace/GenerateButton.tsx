import { Sparkles } from 'lucide-react';
import { formatNumber } from '../../lib/format';
import { Button } from '../ui/Button';

/** An inspector's main button (Create, Generate) with what it costs and the credits left. */
export function GenerateButton({
  label,
  onClick,
  disabled,
  loading,
  cost,
  credits,
  hasEnoughCredits,
}: {
  label: string;
  onClick: () => void;
  disabled: boolean;
  loading: boolean;
  cost: number;
  /** The workspace's balance; null while a team's pool is loading (nothing is said then). */
  credits: number | null;
  hasEnoughCredits: boolean;
}) {
  return (
    <div>
      <Button size="lg" fullWidth icon={<Sparkles className="size-4.5" />} loading={loading} disabled={disabled} onClick={onClick}>
        {label}
      </Button>
      <p className="mt-2 flex justify-between text-xs text-stone-500">
        <span>
          {cost} credit{cost === 1 ? '' : 's'}
        </span>
        <span className={hasEnoughCredits ? '' : 'font-medium text-red-600'}>
          {credits === null ? null : hasEnoughCredits ? `${formatNumber(credits)} available` : `Only ${formatNumber(credits)} left`}
        </span>
      </p>
    </div>
  );
}
