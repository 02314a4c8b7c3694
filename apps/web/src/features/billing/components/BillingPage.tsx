import { CREDIT_REASON_LABELS, CREDITS_MESSAGES, planDisplayName, type CreditTransaction, type Invoice } from '@atelier/contract';
import clsx from 'clsx';
import { ChevronLeft, ChevronRight, ExternalLink, FileText, History, Receipt, RefreshCw, Settings2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useGetCreditTransactionsQuery, useGetInvoicesQuery, useGetPricingPlansQuery, useGetSubscriptionQuery } from '../../../app/api/billing';
import { useAppSelector } from '../../../app/hooks';
import { Badge } from '../../../components/ui/Badge';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PageHeader } from '../../../components/ui/PageHeader';
import { FullPageSpinner, Spinner } from '../../../components/ui/Spinner';
import { formatDate, formatNumber, titleCase } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';
import { formatEuros, OwnerManagesBilling, useBillingRedirects, useTeamBilling } from '../../subscription';

const PAGE_SIZE = 10;

/**
 * /billing — the current plan, the credit ledger and the invoices; in a studio, for its owner only
 * (admins and members are told who manages billing, and no billing call is made for them).
 */
export function BillingPage() {
  usePageTitle('Billing');
  const billing = useTeamBilling();
  if (billing.kind === 'loading') return <FullPageSpinner label="Loading billing" />;
  if (billing.kind === 'team' && !billing.isOwner) return <OwnerManagesBilling teamName={billing.team.name} title="Billing" />;
  return (
    <>
      <PageHeader title="Billing" description="Your plan, every credit movement and your invoices." />
      <div className="space-y-6">
        <PlanSummary />
        <CreditHistory />
        <Invoices />
      </div>
    </>
  );
}

function PlanSummary() {
  const stored = useAppSelector((s) => s.auth.subscription);
  const credits = useAppSelector((s) => s.auth.credits);
  const current = useGetSubscriptionQuery(undefined, { refetchOnMountOrArgChange: true });
  const plans = useGetPricingPlansQuery();
  const { busyKey, portal } = useBillingRedirects();
  const subscription = current.data ?? stored;
  const isFree = !subscription || subscription.planType === 'FREE';
  const catalog = subscription?.isEducational ? plans.data?.educationalPlans : plans.data?.regularPlans;
  const plan = catalog?.find((p) => p.planType === subscription?.planType);
  const price = plan && subscription ? (subscription.billingCycle === 'YEARLY' ? plan.prices.yearly : plan.prices.monthly) : null;

  return (
    <Card className="p-6">
      <CardHeader
        title="Current plan"
        icon={<Receipt className="size-[18px]" />}
        action={
          isFree ? (
            <ButtonLink to="/subscription" size="sm">
              See plans
            </ButtonLink>
          ) : (
            <Button variant="secondary" size="sm" icon={<Settings2 className="size-4" />} loading={busyKey === 'billing-portal'} onClick={() => void portal('billing-portal')}>
              {busyKey === 'billing-portal' ? 'Loading...' : 'Manage Subscription'}
            </Button>
          )
        }
      />
      <dl className="mt-5 grid gap-5 sm:grid-cols-4">
        <Fact label="Plan">
          {isFree ? 'Free' : plan ? planDisplayName(plan.name) : titleCase(subscription.planType)}
          {subscription?.isEducational ? (
            <Badge tone="brand" className="ml-2 align-middle">
              Student
            </Badge>
          ) : null}
          {subscription?.status === 'PAST_DUE' ? (
            <Badge tone="warning" className="ml-2 align-middle">
              Past due
            </Badge>
          ) : null}
        </Fact>
        <Fact label="Price">{isFree || price === null ? '—' : `${formatEuros(price)} / ${subscription.billingCycle === 'YEARLY' ? 'year' : 'month'}`}</Fact>
        <Fact label={subscription?.cancelAtPeriodEnd ? 'Ends' : 'Next billing'}>{isFree ? '—' : formatDate(subscription.currentPeriodEnd)}</Fact>
        <Fact label="Credits">{formatNumber(credits)}</Fact>
      </dl>
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-[13px] text-stone-500">{label}</dt>
      <dd className="mt-1 text-[15px] font-medium text-stone-900">{children}</dd>
    </div>
  );
}

function CreditHistory() {
  const [page, setPage] = useState(1);
  const ledger = useGetCreditTransactionsQuery({ page, limit: PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  const data = ledger.data;

  return (
    <Card>
      <div className="p-6 pb-4">
        <CardHeader
          title="Credit history"
          description="Plan credits, purchases, usage and refunds, newest first."
          icon={<History className="size-[18px]" />}
          action={ledger.isFetching && !ledger.isLoading ? <Spinner size="sm" className="text-stone-400" label="Refreshing" /> : null}
        />
      </div>
      {ledger.isLoading ? (
        <div className="flex justify-center py-12 text-brand-600">
          <Spinner label="Loading credit history" />
        </div>
      ) : ledger.isError || !data ? (
        <EmptyState
          icon={RefreshCw}
          title={CREDITS_MESSAGES.failedToLoadTransactions}
          actions={
            <Button variant="secondary" size="sm" onClick={() => ledger.refetch()}>
              Try again
            </Button>
          }
        />
      ) : data.items.length === 0 ? (
        <EmptyState icon={History} title="No credit movements yet">
          Plan credits, purchases and usage will be listed here.
        </EmptyState>
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="w-full min-w-[640px] text-left text-sm">
              <caption className="sr-only">Credit history</caption>
              <thead className="border-y border-stone-100 bg-stone-50/70 text-[12px] font-medium tracking-wide text-stone-500 uppercase">
                <tr>
                  <th scope="col" className="px-6 py-2.5 font-medium">Date</th>
                  <th scope="col" className="px-3 py-2.5 font-medium">Description</th>
                  <th scope="col" className="px-3 py-2.5 font-medium">Type</th>
                  <th scope="col" className="px-3 py-2.5 text-right font-medium">Credits</th>
                  <th scope="col" className="px-6 py-2.5 text-right font-medium">Balance</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {data.items.map((entry) => (
                  <LedgerRow key={entry.id} entry={entry} />
                ))}
              </tbody>
            </table>
          </div>
          <div className="flex items-center justify-between gap-3 border-t border-stone-100 px-6 py-3 text-[13px] text-stone-500">
            <span>
              Page {data.page} of {Math.max(1, data.totalPages)} · {formatNumber(data.total)} entries
            </span>
            <div className="flex gap-2">
              <Button variant="secondary" size="sm" icon={<ChevronLeft className="size-4" />} disabled={page <= 1 || ledger.isFetching} onClick={() => setPage((p) => p - 1)}>
                Previous
              </Button>
              <Button variant="secondary" size="sm" disabled={!data.hasMore || ledger.isFetching} onClick={() => setPage((p) => p + 1)}>
                Next
                <ChevronRight className="size-4" />
              </Button>
            </div>
          </div>
        </>
      )}
    </Card>
  );
}

function LedgerRow({ entry }: { entry: CreditTransaction }) {
  const positive = entry.amount > 0;
  return (
    <tr className="align-top">
      <td className="px-6 py-3 whitespace-nowrap text-stone-600">
        <time dateTime={entry.createdAt}>{formatDate(entry.createdAt)}</time>
      </td>
      <td className="px-3 py-3 text-stone-900">{entry.description}</td>
      <td className="px-3 py-3 whitespace-nowrap">
        <span className="rounded-md bg-stone-100 px-2 py-0.5 text-[12px] font-medium text-stone-600">{CREDIT_REASON_LABELS[entry.reason]}</span>
      </td>
      <td className={clsx('px-3 py-3 text-right font-medium whitespace-nowrap tabular-nums', positive ? 'text-emerald-700' : entry.amount < 0 ? 'text-stone-900' : 'text-stone-400')}>
        {positive ? '+' : entry.amount < 0 ? '−' : ''}
        {formatNumber(Math.abs(entry.amount))}
      </td>
      <td className="px-6 py-3 text-right whitespace-nowrap text-stone-600 tabular-nums">{formatNumber(entry.balanceAfter)}</td>
    </tr>
  );
}

const invoiceStatusTone: Record<string, 'brand' | 'warning' | 'danger' | 'neutral'> = {
  paid: 'brand',
  open: 'warning',
  uncollectible: 'danger',
  void: 'neutral',
};

function Invoices() {
  const invoices = useGetInvoicesQuery(undefined, { refetchOnMountOrArgChange: true });
  const data = invoices.data;
  const isLocal = data?.provider === 'local';
  return (
    <Card>
      <div className="p-6 pb-4">
        <CardHeader
          title={isLocal ? 'Receipts' : 'Invoices'}
          description={isLocal ? 'Test-mode receipts of your purchases (no real payments were taken).' : 'Invoices issued by Stripe for your plan and purchases.'}
          icon={<FileText className="size-[18px]" />}
        />
      </div>
      {invoices.isLoading ? (
        <div className="flex justify-center py-12 text-brand-600">
          <Spinner label="Loading invoices" />
        </div>
      ) : invoices.isError || !data ? (
        <EmptyState
          icon={RefreshCw}
          title="Your invoices could not be loaded"
          actions={
            <Button variant="secondary" size="sm" onClick={() => invoices.refetch()}>
              Try again
            </Button>
          }
        />
      ) : data.items.length === 0 ? (
        <EmptyState icon={FileText} title={isLocal ? 'No receipts yet' : 'No invoices yet'}>
          They appear here after your first payment.
        </EmptyState>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[640px] text-left text-sm">
            <caption className="sr-only">{isLocal ? 'Receipts' : 'Invoices'}</caption>
            <thead className="border-y border-stone-100 bg-stone-50/70 text-[12px] font-medium tracking-wide text-stone-500 uppercase">
              <tr>
                <th scope="col" className="px-6 py-2.5 font-medium">Date</th>
                <th scope="col" className="px-3 py-2.5 font-medium">Number</th>
                <th scope="col" className="px-3 py-2.5 font-medium">Description</th>
                <th scope="col" className="px-3 py-2.5 text-right font-medium">Amount</th>
                <th scope="col" className="px-3 py-2.5 font-medium">Status</th>
                <th scope="col" className="px-6 py-2.5 text-right font-medium">
                  <span className="sr-only">Links</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {data.items.map((invoice) => (
                <InvoiceRow key={invoice.id} invoice={invoice} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="h-2" />
    </Card>
  );
}

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  return (
    <tr>
      <td className="px-6 py-3 whitespace-nowrap text-stone-600">
        <time dateTime={invoice.date}>{formatDate(invoice.date)}</time>
      </td>
      <td className="px-3 py-3 whitespace-nowrap text-stone-600 tabular-nums">{invoice.number ?? '—'}</td>
      <td className="px-3 py-3 text-stone-900">{invoice.description}</td>
      <td className="px-3 py-3 text-right font-medium whitespace-nowrap text-stone-900 tabular-nums">
        {invoice.currency === 'EUR' ? formatEuros(invoice.amount) : `${(invoice.amount / 100).toFixed(2)} ${invoice.currency}`}
      </td>
      <td className="px-3 py-3">
        <Badge tone={invoiceStatusTone[invoice.status] ?? 'neutral'}>{titleCase(invoice.status)}</Badge>
      </td>
      <td className="px-6 py-3 text-right whitespace-nowrap">
        {invoice.hostedUrl ? (
          <a href={invoice.hostedUrl} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-[13px] font-medium text-brand-700 hover:underline">
            View <ExternalLink className="size-3.5" aria-hidden />
          </a>
        ) : null}
        {invoice.pdfUrl ? (
          <a href={invoice.pdfUrl} target="_blank" rel="noreferrer" className="ml-3 inline-flex items-center gap-1 text-[13px] font-medium text-brand-700 hover:underline">
            PDF <ExternalLink className="size-3.5" aria-hidden />
          </a>
        ) : null}
      </td>
    </tr>
  );
}


