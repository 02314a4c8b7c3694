import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { CREDIT_REASON_LABELS } from '@atelier/contract';
import { useGetAdminLedgerQuery, useGetAdminUserQuery } from '../../../app/api/admin';
import { Alert } from '../../../components/ui/Alert';
import { Badge } from '../../../components/ui/Badge';
import { Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { formatDate, formatDateTime } from '../../../lib/format';
import { signedCredits } from '../adminFormat';
import { AdjustCreditsForm } from './AdjustCreditsForm';
import { ListState } from './ListState';
import { Pager } from './Pager';
import { SuspendToggle } from './SuspendToggle';

/** /admin/users/:id: an account, its suspension, a credit adjustment and its ledger. */
export function UserPage() {
  const id = Number(useParams().id);
  const user = useGetAdminUserQuery(id, { skip: !Number.isInteger(id) || id < 1 });
  const [page, setPage] = useState(1);
  const ledger = useGetAdminLedgerQuery({ id, page }, { skip: !user.data });

  if (user.isLoading) return <Spinner label="Loading the account" />;
  if (user.isError || !user.data) return <Alert tone="error" title="This account could not be loaded">It may not exist. Go back to the list of accounts.</Alert>;
  const u = user.data;
  return (
    <div className="space-y-5">
      <Link to="/admin" className="inline-flex items-center gap-1 text-sm text-stone-500 hover:text-stone-800">
        <ArrowLeft className="size-4" aria-hidden /> All accounts
      </Link>
      <Card className="flex flex-wrap items-start justify-between gap-6 p-6">
        <div>
          <h2 className="text-lg font-semibold text-stone-900">{u.email}</h2>
          <p className="mt-1 flex items-center gap-2 text-sm text-stone-500">
            {u.fullName}
            {u.isOperator ? <Badge tone="brand">Operator</Badge> : null}
            {u.suspendedAt ? <Badge tone="danger">Suspended since {formatDateTime(u.suspendedAt)}</Badge> : null}
          </p>
          <dl className="mt-4 grid grid-cols-2 gap-x-8 gap-y-2 text-sm sm:grid-cols-4">
            <Fact term="Plan" value={u.planStatus ? `${u.plan} · ${u.planStatus.toLowerCase()}` : u.plan} />
            <Fact term="Credits" value={<span data-testid="admin-user-credits">{u.credits}</span>} />
            <Fact term="Last active" value={u.lastActiveAt ? formatDateTime(u.lastActiveAt) : 'Never'} />
            <Fact term="Joined" value={formatDate(u.createdAt)} />
          </dl>
        </div>
        <SuspendToggle user={u} />
      </Card>
      <AdjustCreditsForm userId={u.id} />
      <Card className="overflow-hidden">
        <h3 className="border-b border-stone-100 px-4 py-3 text-sm font-semibold text-stone-900">Credit ledger</h3>
        <ListState query={ledger} what="ledger entries" empty={(ledger.data?.items.length ?? 0) === 0}>
          <table className="w-full text-left text-sm" aria-label="Credit ledger">
            <thead className="bg-stone-50 text-xs uppercase tracking-wide text-stone-500">
              <tr>
                <th className="px-4 py-2 font-medium">When</th>
                <th className="px-4 py-2 font-medium">Kind</th>
                <th className="px-4 py-2 font-medium">Description</th>
                <th className="px-4 py-2 text-right font-medium">Change</th>
                <th className="px-4 py-2 text-right font-medium">Balance</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {ledger.data?.items.map((e) => (
                <tr key={e.id}>
                  <td className="px-4 py-2 text-stone-600">{formatDateTime(e.createdAt)}</td>
                  <td className="px-4 py-2">{CREDIT_REASON_LABELS[e.reason]}</td>
                  <td className="px-4 py-2 text-stone-700">{e.description}</td>
                  <td className={`px-4 py-2 text-right tabular-nums ${e.amount < 0 ? 'text-red-700' : 'text-emerald-700'}`}>{signedCredits(e.amount)}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{e.balanceAfter}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ListState>
      </Card>
      {ledger.data ? <Pager label="Ledger" pagination={ledger.data.pagination} onPage={setPage} /> : null}
    </div>
  );
}

function Fact({ term, value }: { term: string; value: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-stone-500">{term}</dt>
      <dd className="mt-0.5 font-medium text-stone-900">{value}</dd>
    </div>
  );
}
