import { Copy, Gift } from 'lucide-react';
import toast from 'react-hot-toast';
import { useGetReferralsQuery } from '../../../app/api/referrals';
import { Alert } from '../../../components/ui/Alert';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { PageHeader } from '../../../components/ui/PageHeader';
import { FullPageSpinner } from '../../../components/ui/Spinner';
import { usePageTitle } from '../../../lib/usePageTitle';
import { formatDate } from '../../../lib/format';

/** /refer: the personal invite link, how the reward works, and the invites with their state. */
export function ReferPage() {
  usePageTitle('Refer a Friend');
  const { data, isLoading, isError } = useGetReferralsQuery();

  const copy = async () => {
    if (!data) return;
    try {
      await navigator.clipboard.writeText(data.link);
      toast.success('Invite link copied');
    } catch {
      toast.error('Could not copy the link: select it and copy it yourself');
    }
  };

  return (
    <>
      <PageHeader title="Refer a Friend" description="Invite colleagues to Atelier and both of you get credits." />
      {isLoading ? <FullPageSpinner label="Loading your invite link" /> : null}
      {isError ? <Alert tone="error">Failed to load your invite link. Reload the page to try again.</Alert> : null}
      {data ? (
        <div className="flex flex-col gap-6">
          <Card className="p-6">
            <div className="flex items-start gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Gift className="size-5" aria-hidden />
              </span>
              <div className="min-w-0 flex-1">
                <h2 className="text-base font-semibold text-stone-900">Your invite link</h2>
                <p className="mt-1 text-sm text-stone-600">
                  When someone registers through it and chooses their first plan, you both get {data.rewardCredits} credits. Once per person.
                </p>
                <div className="mt-4 flex flex-wrap items-center gap-2">
                  <input
                    readOnly
                    aria-label="Your invite link"
                    value={data.link}
                    onFocus={(e) => e.currentTarget.select()}
                    className="min-w-0 flex-1 rounded-lg border border-stone-300 bg-stone-50 px-3 py-2 font-mono text-[13px] text-stone-800"
                  />
                  <Button icon={<Copy className="size-4" />} onClick={() => void copy()}>
                    Copy link
                  </Button>
                </div>
              </div>
            </div>
          </Card>
          <Card className="p-6">
            <div className="flex items-baseline justify-between gap-4">
              <h2 className="text-base font-semibold text-stone-900">Your invites</h2>
              <span className="text-sm text-stone-600">
                <span className="font-semibold text-stone-900 tabular-nums">{data.creditsEarned}</span> credits earned
              </span>
            </div>
            {data.invites.length === 0 ? (
              <p className="mt-3 text-sm text-stone-500">No one has joined through your link yet.</p>
            ) : (
              <ul aria-label="Invites" className="mt-3 divide-y divide-stone-100">
                {data.invites.map((invite) => (
                  <li key={`${invite.firstName}-${invite.joinedAt}`} className="flex items-center justify-between gap-4 py-3 text-sm">
                    <span className="font-medium text-stone-900">{invite.firstName}</span>
                    <span className="text-stone-500">joined {formatDate(invite.joinedAt)}</span>
                    <Badge tone={invite.state === 'rewarded' ? 'brand' : 'neutral'}>
                      {invite.state === 'rewarded' ? `+${data.rewardCredits} credits` : 'Joined, no plan yet'}
                    </Badge>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      ) : null}
    </>
  );
}
