import clsx from 'clsx';
import { Tooltip } from 'radix-ui';
import { Link } from 'react-router';
import { formatNumber } from '../../../lib/format';
import { creditsRing } from '../creditsRing';

const SIZE = 30;
const STROKE = 3.5;
const RADIUS = (SIZE - STROKE) / 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** Remaining credits as a ring against the plan allowance (or 100). Links to Buy Extra Credits. */
export function CreditsRing({ credits, subscriptionCredits, poolName }: { credits: number; subscriptionCredits: number | null | undefined; poolName?: 'team' }) {
  const { percent, total, tone } = creditsRing(credits, subscriptionCredits);
  const remaining = poolName ? `${poolName} credits remaining` : 'credits remaining';
  const label = `${formatNumber(credits)} ${remaining}`;
  return (
    <Tooltip.Provider delayDuration={200}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <Link
            to="/credits"
            aria-label={`${label}. Buy extra credits`}
            data-tone={tone}
            className="flex h-9 items-center gap-2 rounded-lg pr-2.5 pl-1.5 text-sm font-medium text-stone-700 transition-colors hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            <svg width={SIZE} height={SIZE} viewBox={`0 0 ${SIZE} ${SIZE}`} className="-rotate-90" aria-hidden>
              <circle cx={SIZE / 2} cy={SIZE / 2} r={RADIUS} fill="none" strokeWidth={STROKE} className="stroke-stone-200" />
              <circle
                cx={SIZE / 2}
                cy={SIZE / 2}
                r={RADIUS}
                fill="none"
                strokeWidth={STROKE}
                strokeLinecap="round"
                strokeDasharray={CIRCUMFERENCE}
                strokeDashoffset={CIRCUMFERENCE * (1 - percent / 100)}
                className={clsx('transition-[stroke-dashoffset] duration-500', tone === 'red' ? 'stroke-red-500' : 'stroke-emerald-600')}
              />
            </svg>
            <span className={clsx('tabular-nums', tone === 'red' && 'text-red-600')}>{formatNumber(credits)}</span>
            <span className="hidden text-stone-500 xl:inline">credits</span>
          </Link>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            sideOffset={6}
            className="z-floating rounded-md bg-stone-900 px-2.5 py-1.5 text-xs text-white shadow-raised"
          >
            {formatNumber(credits)} of {formatNumber(total)} {remaining}
            <Tooltip.Arrow className="fill-stone-900" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
