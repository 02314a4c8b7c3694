import { CREDITS_MESSAGES, type CreditPack, type CreditPackId } from '@atelier/contract';
import clsx from 'clsx';
import { Coins, Layers, RefreshCw, ShoppingCart, Sparkles } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useGetCreditsSummaryQuery } from '../../../app/api/billing';
import { errorMessage } from '../../../app/api/http';
import { useAppDispatch } from '../../../app/hooks';
import { Alert } from '../../../components/ui/Alert';
import { Badge } from '../../../components/ui/Badge';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PageHeader } from '../../../components/ui/PageHeader';
import { FullPageSpinner } from '../../../components/ui/Spinner';
import { formatNumber } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';
import { formatEuros, redirectToCreditsCheckout, useCheckoutReturn } from '../../subscription';
import { bestValuePack, pricePerCredit } from '../packs';

const RETURN_TEXTS = {
  success: 'Your credits have been added to your balance.',
  canceled: 'Purchase canceled. No credits were bought.',
};

/** /credits — Buy Extra Credits: the balance and the top-up packs. */
export function CreditsPage() {
  usePageTitle('Buy Extra Credits');
  const dispatch = useAppDispatch();
  const summary = useGetCreditsSummaryQuery(undefined, { refetchOnMountOrArgChange: true });
  const [busy, setBusy] = useState<CreditPackId | null>(null);
  useCheckoutReturn(RETURN_TEXTS, () => void summary.refetch());

  if (summary.isLoading) return <FullPageSpinner label="Loading credits" />;
  if (summary.isError || !summary.data) {
    return (
      <>
        <PageHeader title="Buy Extra Credits" />
        <Card>
          <EmptyState
            icon={RefreshCw}
            title="Your credits could not be loaded"
            actions={
              <Button variant="secondary" loading={summary.isFetching} onClick={() => summary.refetch()}>
                Try again
              </Button>
            }
          />
        </Card>
      </>
    );
  }

  const data = summary.data;
  const best = bestValuePack(data.packs);
  const buy = async (pack: CreditPack) => {
    setBusy(pack.id);
    try {
      await redirectToCreditsCheckout(dispatch, pack.id);
    } catch (error) {
      setBusy(null);
      toast.error(errorMessage(error, CREDITS_MESSAGES.failedToStartPurchase));
    }
  };

  return (
    <>
      <PageHeader
        title="Buy Extra Credits"
        description="Top up your balance without changing plan. Credits you buy are kept when your plan renews and are spent after your plan's monthly credits."
      />

      <Card className="grid gap-6 p-6 sm:grid-cols-3">
        <Balance icon={<Coins className="size-[18px]" />} label="Available credits" value={data.credits} emphasis />
        <Balance
          icon={<Sparkles className="size-[18px]" />}
          label="From your plan"
          value={data.planCredits}
          hint={data.allowance ? `of ${formatNumber(data.allowance)} this month` : 'no plan'}
        />
        <Balance icon={<Layers className="size-[18px]" />} label="Purchased" value={data.purchasedCredits} hint="kept on renewal" />
      </Card>

      {!data.canPurchase ? (
        <Alert tone="info" title="Extra credits come with a plan" className="mt-6">
          {CREDITS_MESSAGES.planRequiredForPacks}.{' '}
          <ButtonLink to="/subscription" variant="link" className="text-[13px]">
            Choose a plan
          </ButtonLink>
        </Alert>
      ) : null}

      <h2 className="mt-10 mb-4 text-base font-semibold text-stone-900">Credit packs</h2>
      <div className="grid gap-5 md:grid-cols-3">
        {data.packs.map((pack) => (
          <section
            key={pack.id}
            aria-label={`${pack.credits} credits`}
            data-pack={pack.id}
            className={clsx(
              'relative flex flex-col rounded-2xl border bg-white p-6 shadow-card',
              pack.id === best?.id ? 'border-brand-500 ring-1 ring-brand-500' : 'border-stone-200',
            )}
          >
            <div className="flex items-center justify-between gap-2">
              <p className="text-sm font-medium text-stone-500">Credit pack</p>
              {pack.id === best?.id ? <Badge tone="brand">BEST VALUE</Badge> : null}
            </div>
            <p className="mt-3 flex items-baseline gap-1.5">
              <span className="text-4xl font-semibold tracking-tight text-stone-900 tabular-nums">{formatNumber(pack.credits)}</span>
              <span className="text-sm text-stone-500">credits</span>
            </p>
            <p className="mt-4 text-2xl font-semibold text-stone-900 tabular-nums">{formatEuros(pack.price)}</p>
            <p className="mt-1 text-[13px] text-stone-500">{pricePerCredit(pack)} per credit · one-time payment</p>
            <div className="mt-auto pt-6">
              <Button
                fullWidth
                variant={pack.id === best?.id ? 'primary' : 'secondary'}
                icon={<ShoppingCart className="size-4" />}
                loading={busy === pack.id}
                disabled={!data.canPurchase || (busy !== null && busy !== pack.id)}
                onClick={() => void buy(pack)}
              >
                {busy === pack.id ? 'Loading...' : `Buy ${formatNumber(pack.credits)} credits`}
              </Button>
            </div>
          </section>
        ))}
      </div>
      <p className="mt-6 text-[13px] text-stone-500">
        Packs are one-time payments; nothing renews. Every purchase appears in your{' '}
        <ButtonLink to="/billing" variant="link" className="text-[13px]">
          billing history
        </ButtonLink>
        .
      </p>
    </>
  );
}

function Balance({ icon, label, value, hint, emphasis }: { icon: ReactNode; label: string; value: number; hint?: string; emphasis?: boolean }) {
  return (
    <div className="flex items-start gap-3">
      <span className={clsx('flex size-9 shrink-0 items-center justify-center rounded-lg', emphasis ? 'bg-brand-50 text-brand-700' : 'bg-stone-100 text-stone-600')}>
        {icon}
      </span>
      <div>
        <p className="text-[13px] text-stone-500">{label}</p>
        <p className={clsx('font-semibold tracking-tight text-stone-900 tabular-nums', emphasis ? 'text-3xl' : 'text-2xl')}>{formatNumber(value)}</p>
        {hint ? <p className="text-[12px] text-stone-400">{hint}</p> : null}
      </div>
    </div>
  );
}
