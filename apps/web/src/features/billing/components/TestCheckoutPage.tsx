import { planDisplayName, type LocalCheckoutSession } from '@atelier/contract';
import { ArrowLeft, CircleAlert, CircleCheck, CreditCard, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCancelLocalCheckoutMutation, useCompleteLocalCheckoutMutation, useGetLocalCheckoutQuery } from '../../../app/api/billing';
import { errorMessage } from '../../../app/api/http';
import { Badge } from '../../../components/ui/Badge';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Logo } from '../../../components/ui/Logo';
import { FullPageSpinner } from '../../../components/ui/Spinner';
import { formatDate, formatNumber } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';
import { formatEuros } from '../../subscription';
import { TestModeBanner } from './TestModeBanner';

/**
 * /checkout/test?session=… — the local provider's checkout, standing in for Stripe Checkout
 * when no Stripe keys are configured. Completing it applies the purchase through the same
 * server path a Stripe webhook takes, then returns to /subscription (or /credits).
 */
export function TestCheckoutPage() {
  usePageTitle('Test checkout');
  const [params] = useSearchParams();
  const id = params.get('session') ?? '';
  const session = useGetLocalCheckoutQuery(id, { skip: !id });

  let body: ReactNode;
  if (!id) body = <Problem title="No checkout session" text="This checkout link is incomplete. Start again from the plans page." />;
  else if (session.isLoading) body = <FullPageSpinner label="Loading checkout" />;
  else if (session.isError || !session.data)
    body = <Problem title="Checkout not found" text={errorMessage(session.error, 'This checkout session does not exist or belongs to another account.')} />;
  else body = <Checkout session={session.data} />;

  return (
    <div className="flex min-h-full flex-col bg-stone-50">
      <TestModeBanner />
      {body}
    </div>
  );
}

function Problem({ title, text, to = '/subscription', action = 'Back to plans' }: { title: string; text: string; to?: string; action?: string }) {
  return (
    <div className="flex flex-1 items-center justify-center px-6 py-16">
      <Card className="w-full max-w-md p-8 text-center">
        <CircleAlert className="mx-auto size-10 text-stone-400" aria-hidden />
        <h1 className="mt-4 text-lg font-semibold text-stone-900">{title}</h1>
        <p className="mt-2 text-sm leading-6 text-stone-500">{text}</p>
        <ButtonLink to={to} className="mt-6" variant="secondary">
          {action}
        </ButtonLink>
      </Card>
    </div>
  );
}

function cycleWord(session: LocalCheckoutSession) {
  return session.billingCycle === 'YEARLY' ? 'year' : 'month';
}

function Checkout({ session }: { session: LocalCheckoutSession }) {
  const navigate = useNavigate();
  const [complete, completing] = useCompleteLocalCheckoutMutation();
  const [cancel] = useCancelLocalCheckoutMutation();
  const isPlan = session.kind === 'SUBSCRIPTION';
  const name = isPlan ? planDisplayName(session.planName ?? '') : `${formatNumber(session.credits)} extra credits`;
  const cancelTo = `${session.returnPath}?checkout=canceled`;

  if (session.status === 'COMPLETED') {
    return (
      <Problem title="This payment is complete" text="Nothing more to do here: your purchase has been applied." to={session.returnPath} action="Continue" />
    );
  }
  if (session.status !== 'OPEN') {
    return (
      <Problem
        title={session.status === 'EXPIRED' ? 'This checkout has expired' : 'This checkout was canceled'}
        text="Start again to choose a plan or a credit pack."
        to={session.returnPath}
        action={isPlan ? 'Back to plans' : 'Back to credits'}
      />
    );
  }

  const onComplete = async () => {
    try {
      const result = await complete(session.id).unwrap();
      navigate(result.redirectTo, { replace: true });
    } catch (error) {
      toast.error(errorMessage(error, 'The test payment could not be completed. Please try again.'));
    }
  };

  return (
    <main className="mx-auto grid w-full max-w-5xl flex-1 gap-10 px-6 py-10 md:grid-cols-[1.1fr_1fr] md:py-16 lg:gap-16">
      <section aria-label="Order summary" className="flex flex-col">
        <div className="flex items-center gap-3">
          <Link
            to={cancelTo}
            onClick={() => void cancel(session.id)}
            aria-label="Back to Atelier"
            className="rounded-lg p-1.5 text-stone-500 transition-colors hover:bg-stone-200/60 hover:text-stone-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            <ArrowLeft className="size-4" />
          </Link>
          <Logo />
          <Badge tone="warning">TEST MODE</Badge>
        </div>

        <p className="mt-10 text-sm font-medium text-stone-500">
          {isPlan ? (session.isChange ? `Change your plan to ${name}` : `Subscribe to ${name}`) : 'Buy extra credits'}
        </p>
        <p className="mt-2 flex items-baseline gap-2">
          <span className="text-5xl font-semibold tracking-tight text-stone-900 tabular-nums">{formatEuros(session.amount)}</span>
          {isPlan ? <span className="text-base text-stone-500">per {cycleWord(session)}</span> : null}
        </p>

        <div className="mt-8 rounded-xl border border-stone-200 bg-white p-5 shadow-card">
          <div className="flex items-start justify-between gap-4">
            <div>
              <p className="font-medium text-stone-900">
                {isPlan ? `${name} plan` : name}
                {session.isEducational ? (
                  <Badge tone="brand" className="ml-2 align-middle">
                    Student
                  </Badge>
                ) : null}
              </p>
              <p className="mt-1 text-[13px] text-stone-500">
                {isPlan
                  ? `Billed ${session.billingCycle === 'YEARLY' ? 'yearly' : 'monthly'}${session.seats ? ` · ${session.seats} seats × ${formatEuros(session.amount / session.seats)}` : ''} · ${formatNumber(session.credits)} credits every month${session.seats ? ' in the studio pool' : ''}`
                  : 'One-time purchase · kept when your plan renews'}
              </p>
            </div>
            <p className="font-medium text-stone-900 tabular-nums">{formatEuros(session.amount)}</p>
          </div>
          <dl className="mt-5 space-y-2 border-t border-stone-100 pt-4 text-sm">
            <div className="flex justify-between text-stone-500">
              <dt>Subtotal</dt>
              <dd className="tabular-nums">{formatEuros(session.amount)}</dd>
            </div>
            <div className="flex justify-between font-semibold text-stone-900">
              <dt>Total due today</dt>
              <dd className="tabular-nums">{formatEuros(session.amount)}</dd>
            </div>
          </dl>
        </div>
        <p className="mt-4 text-[13px] text-stone-500">
          This session expires on {formatDate(session.expiresAt)}. Prices are in euros and set by the server.
        </p>
      </section>

      <section aria-label="Payment" className="flex flex-col">
        <Card className="p-6 md:p-8">
          <h1 className="text-lg font-semibold text-stone-900">Test payment</h1>
          <p className="mt-1 text-[13px] leading-5 text-stone-500">
            This server runs without Stripe keys, so this page stands in for Stripe Checkout. Completing it applies the purchase
            exactly as a real payment would.
          </p>
          <dl className="mt-6 space-y-4 text-sm">
            <div>
              <dt className="text-[13px] font-medium text-stone-500">Email</dt>
              <dd className="mt-1 rounded-lg border border-stone-200 bg-stone-50 px-3 py-2 text-stone-800">{session.customerEmail}</dd>
            </div>
            <div>
              <dt className="text-[13px] font-medium text-stone-500">Card</dt>
              <dd className="mt-1 flex items-center gap-2 rounded-lg border border-stone-200 bg-stone-50 px-3 py-2 text-stone-500">
                <CreditCard className="size-4" aria-hidden />
                <span className="tabular-nums">4242 4242 4242 4242</span>
                <span className="ml-auto text-[12px]">test card</span>
              </dd>
            </div>
          </dl>
          <Button size="lg" fullWidth className="mt-8" loading={completing.isLoading} icon={<CircleCheck className="size-4" />} onClick={onComplete}>
            Complete test payment
          </Button>
          <div className="mt-4 text-center">
            <Link
              to={cancelTo}
              onClick={() => void cancel(session.id)}
              className="text-sm font-medium text-stone-600 underline-offset-4 hover:text-stone-900 hover:underline"
            >
              Cancel
            </Link>
          </div>
          <p className="mt-6 flex items-center justify-center gap-1.5 text-[12px] text-stone-400">
            <Lock className="size-3" aria-hidden /> Test mode · no card is charged
          </p>
        </Card>
      </section>
    </main>
  );
}
