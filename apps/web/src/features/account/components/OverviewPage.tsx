import { formatBytes, type Subscription } from '@atelier/contract';
import clsx from 'clsx';
import { CalendarDays, Coins, CreditCard, HardDrive, LogOut, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useGetStorageUsageQuery } from '../../../app/api/auth';
import { useAppSelector } from '../../../app/hooks';
import { Avatar } from '../../../components/ui/Avatar';
import { Badge, type BadgeTone } from '../../../components/ui/Badge';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { PageHeader } from '../../../components/ui/PageHeader';
import { formatDate, formatNumber, titleCase } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useSignOut } from '../../auth';
import { creditUsage, hasCreditAllowance, NO_PLAN_USAGE_TEXT } from '../creditUsage';
import { greetingForHour } from '../greeting';

export const YEARLY_SAVING_TEXT = "You're saving 20% with annual billing!";

function ProfileCard() {
  const user = useAppSelector((s) => s.auth.user);
  const [signOut, signingOut] = useSignOut();
  return (
    <Card className="flex flex-col p-6">
      <div className="flex items-center gap-4">
        <Avatar name={user?.fullName} src={user?.profilePicture} size="lg" />
        <div className="min-w-0">
          <p className="truncate font-semibold text-stone-900">{user?.fullName}</p>
          <p className="truncate text-sm text-stone-500" title={user?.email}>
            {user?.email}
          </p>
        </div>
      </div>
      <p className="mt-4 text-[13px] text-stone-500">Member since {formatDate(user?.createdAt)}</p>
      <div className="mt-auto flex flex-wrap gap-2 pt-6">
        <ButtonLink to="/profile-settings" variant="secondary" size="sm" icon={<Pencil className="size-3.5" />}>
          Edit Profile
        </ButtonLink>
        <Button variant="ghost" size="sm" icon={<LogOut className="size-3.5" />} loading={signingOut} onClick={signOut}>
          Log out
        </Button>
      </div>
    </Card>
  );
}

function GreetingCard() {
  const { user, credits, subscription } = useAppSelector((s) => s.auth);
  const firstName = user?.fullName.trim().split(/\s+/)[0] ?? '';
  const plan = subscription && subscription.planType !== 'FREE' ? `${titleCase(subscription.planType)} plan` : 'Free plan';
  return (
    <Card className="relative flex flex-col overflow-hidden p-6 lg:col-span-2">
      <svg className="pointer-events-none absolute inset-y-0 right-0 h-full w-1/2 text-brand-100" aria-hidden>
        <defs>
          <pattern id="overview-grid" width="24" height="24" patternUnits="userSpaceOnUse">
            <path d="M24 0H0V24" fill="none" stroke="currentColor" strokeWidth="1" />
          </pattern>
          <linearGradient id="overview-fade" x1="0" x2="1">
            <stop offset="0" stopColor="#fff" stopOpacity="0" />
            <stop offset="1" stopColor="#fff" stopOpacity="1" />
          </linearGradient>
          <mask id="overview-mask">
            <rect width="100%" height="100%" fill="url(#overview-fade)" />
          </mask>
        </defs>
        <rect width="100%" height="100%" fill="url(#overview-grid)" mask="url(#overview-mask)" />
      </svg>
      <div className="relative">
        <h2 className="text-2xl font-semibold tracking-tight text-stone-900">
          {greetingForHour(new Date().getHours())}
          {firstName ? `, ${firstName}` : ''}
        </h2>
        <p className="mt-2 max-w-md text-sm leading-6 text-stone-500">
          You are on the {plan} with {formatNumber(credits)} credits available. Manage your plan or top up credits at any time.
        </p>
      </div>
      <div className="relative mt-auto flex flex-wrap gap-2 pt-6">
        <ButtonLink to="/subscription" icon={<CreditCard className="size-4" />}>
          Manage Subscription
        </ButtonLink>
        <ButtonLink to="/credits" variant="secondary" icon={<Coins className="size-4" />}>
          Buy Additional Credits
        </ButtonLink>
      </div>
    </Card>
  );
}

const usageTone = {
  red: { bar: 'bg-red-500', text: 'text-red-600' },
  amber: { bar: 'bg-amber-500', text: 'text-amber-700' },
  green: { bar: 'bg-emerald-600', text: 'text-emerald-700' },
};

function CreditUsageCard() {
  const { credits, subscription } = useAppSelector((s) => s.auth);
  const usage = creditUsage(credits, subscription);
  const used = Math.round(usage.usedPercent);
  const tone = usageTone[usage.tone];
  return (
    <Card className="flex flex-col p-6">
      <CardHeader title="Credit usage" description="Your balance against the plan allowance." icon={<Coins className="size-[18px]" />} />
      <div className="mt-6 flex items-baseline gap-2">
        <span className="text-4xl font-semibold tracking-tight text-stone-900 tabular-nums">{formatNumber(credits)}</span>
        <span className="text-sm text-stone-500">credits remaining</span>
      </div>
      {hasCreditAllowance(subscription) ? (
        <>
          <div
            className="mt-5 h-2 overflow-hidden rounded-full bg-stone-100"
            role="progressbar"
            aria-label="Credits used"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={used}
          >
            <div className={clsx('h-full rounded-full transition-[width] duration-500', tone.bar)} style={{ width: `${used}%` }} />
          </div>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-[13px]">
            <span className="text-stone-500">
              {used}% of {formatNumber(usage.allowance)} credits used
            </span>
            <span className={clsx('font-medium', tone.text)}>{usage.label}</span>
          </div>
        </>
      ) : (
        <p className="mt-5 rounded-lg bg-stone-50 px-3 py-2.5 text-[13px] text-stone-600">
          <Link to="/subscription" className="font-medium text-brand-700 hover:text-brand-800 hover:underline">
            {NO_PLAN_USAGE_TEXT}
          </Link>
        </p>
      )}
      <div className="mt-auto pt-5">
        <Link to="/credits" className="text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline">
          Buy extra credits
        </Link>
      </div>
    </Card>
  );
}

/** Stored uploads, renders, masks and overlays against the plan's quota (uploads past it are refused). */
function StorageCard() {
  const { data } = useGetStorageUsageQuery(undefined, { refetchOnMountOrArgChange: true });
  const percent = data && data.quotaBytes > 0 ? Math.min(100, Math.round((data.usedBytes / data.quotaBytes) * 100)) : 0;
  const full = percent >= 90;
  return (
    <Card className="flex flex-col p-6 md:col-span-2">
      <CardHeader
        title="Storage"
        description="Uploads, renders, masks and placed pictures count towards your plan's storage."
        icon={<HardDrive className="size-[18px]" />}
      />
      <div className="mt-5 flex items-baseline gap-2">
        <span className="text-2xl font-semibold tracking-tight text-stone-900 tabular-nums">{data ? formatBytes(data.usedBytes) : '—'}</span>
        <span className="text-sm text-stone-500">of {data ? formatBytes(data.quotaBytes) : '—'} used</span>
      </div>
      <div
        className="mt-4 h-2 overflow-hidden rounded-full bg-stone-100"
        role="progressbar"
        aria-label="Storage used"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className={clsx('h-full rounded-full transition-[width] duration-500', full ? 'bg-red-500' : 'bg-brand-600')} style={{ width: `${percent}%` }} />
      </div>
      <p className={clsx('mt-3 text-[13px]', full ? 'font-medium text-red-700' : 'text-stone-500')}>
        {full ? 'Almost full: delete images you no longer need, or upgrade your plan.' : `${percent}% of your storage used`}
      </p>
    </Card>
  );
}

const statusTone: Record<Subscription['status'], BadgeTone> = {
  ACTIVE: 'brand',
  PAST_DUE: 'warning',
  CANCELED: 'danger',
  INACTIVE: 'neutral',
};

const statusLabel: Record<Subscription['status'], string> = {
  ACTIVE: 'Active',
  PAST_DUE: 'Past due',
  CANCELED: 'Canceled',
  INACTIVE: 'Inactive',
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-2.5 text-sm">
      <dt className="text-stone-500">{label}</dt>
      <dd className="text-right font-medium text-stone-900">{children}</dd>
    </div>
  );
}

function SubscriptionCard() {
  const subscription = useAppSelector((s) => s.auth.subscription);
  const isFree = !subscription || subscription.planType === 'FREE';
  return (
    <Card className="flex flex-col p-6">
      <CardHeader
        title="Subscription"
        description={isFree ? 'You do not have a paid plan yet.' : 'Your current plan and billing period.'}
        icon={<CalendarDays className="size-[18px]" />}
        action={subscription ? <Badge tone={statusTone[subscription.status]}>{statusLabel[subscription.status]}</Badge> : null}
      />
      <dl className="mt-4 divide-y divide-stone-100">
        <Row label="Plan">
          <span className="inline-flex items-center gap-2">
            {subscription && !isFree ? titleCase(subscription.planType) : 'Free'}
            {subscription?.isEducational ? <Badge tone="brand">Student</Badge> : null}
          </span>
        </Row>
        <Row label="Billing cycle">{subscription && !isFree ? titleCase(subscription.billingCycle) : '—'}</Row>
        <Row label={subscription?.cancelAtPeriodEnd ? 'Access ends' : 'Current period ends'}>
          {formatDate(subscription?.currentPeriodEnd)}
        </Row>
      </dl>
      {subscription && !isFree && subscription.billingCycle === 'YEARLY' ? (
        <p className="mt-3 rounded-lg bg-emerald-50 px-3 py-2 text-[13px] font-medium text-emerald-800">{YEARLY_SAVING_TEXT}</p>
      ) : null}
      <div className="mt-auto pt-5">
        {isFree ? (
          <ButtonLink to="/subscription" size="sm">
            See plans
          </ButtonLink>
        ) : (
          <Link to="/subscription" className="text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline">
            View plans and billing options
          </Link>
        )}
      </div>
    </Card>
  );
}

export function OverviewPage() {
  usePageTitle('Overview');
  return (
    <>
      <PageHeader title="Overview" description="Your profile, plan and credit balance at a glance." />
      <div className="grid gap-5 lg:grid-cols-3">
        <ProfileCard />
        <GreetingCard />
      </div>
      <div className="mt-5 grid gap-5 md:grid-cols-2">
        <CreditUsageCard />
        <SubscriptionCard />
        <StorageCard />
      </div>
    </>
  );
}
