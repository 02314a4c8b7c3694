import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useGetAdminUsersQuery } from '../../../app/api/admin';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { TextField } from '../../../components/ui/TextField';
import { formatDate, formatDateTime } from '../../../lib/format';
import { ListState } from './ListState';
import { Pager } from './Pager';

/** /admin: accounts, newest first, or those whose e-mail starts with the search. */
export function UsersPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Number(params.get('page') ?? '1') || 1;
  const [draft, setDraft] = useState(q);
  const users = useGetAdminUsersQuery({ q, page });

  const search = (event: FormEvent) => {
    event.preventDefault();
    setParams(draft.trim() ? { q: draft.trim() } : {});
  };
  const items = users.data?.items ?? [];
  return (
    <div>
      <form role="search" onSubmit={search} className="flex items-end gap-2" noValidate>
        <TextField
          label="Search by e-mail"
          placeholder="The start of an address, e.g. ada@"
          value={draft}
          maxLength={254}
          onChange={(e) => setDraft(e.target.value)}
          className="min-w-72 flex-1"
        />
        <Button type="submit" icon={<Search className="size-4" />}>
          Search
        </Button>
      </form>
      <Card className="mt-5 overflow-hidden">
        <ListState query={users} what={q ? `accounts starting with “${q}”` : 'accounts'} empty={items.length === 0}>
          <table className="w-full text-left text-sm">
            <thead className="bg-stone-50 text-xs uppercase tracking-wide text-stone-500">
              <tr>
                <th className="px-4 py-2 font-medium">Account</th>
                <th className="px-4 py-2 font-medium">Plan</th>
                <th className="px-4 py-2 text-right font-medium">Credits</th>
                <th className="px-4 py-2 font-medium">Last active</th>
                <th className="px-4 py-2 font-medium">Joined</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {items.map((u) => (
                <tr key={u.id} className="hover:bg-stone-50">
                  <td className="px-4 py-2.5">
                    <Link to={`/admin/users/${u.id}`} className="font-medium text-stone-900 hover:text-brand-700">
                      {u.email}
                    </Link>
                    <div className="flex items-center gap-2 text-stone-500">
                      {u.fullName}
                      {u.kind === 'team' ? <Badge>Team</Badge> : null}
                      {u.isOperator ? <Badge tone="brand">Operator</Badge> : null}
                      {u.suspendedAt ? <Badge tone="danger">Suspended</Badge> : null}
                    </div>
                  </td>
                  <td className="px-4 py-2.5">
                    {u.plan}
                    {u.planStatus && u.planStatus !== 'ACTIVE' ? <span className="text-stone-500"> · {u.planStatus.toLowerCase()}</span> : null}
                  </td>
                  <td className="px-4 py-2.5 text-right tabular-nums">{u.credits}</td>
                  <td className="px-4 py-2.5 text-stone-600">{u.lastActiveAt ? formatDateTime(u.lastActiveAt) : 'Never'}</td>
                  <td className="px-4 py-2.5 text-stone-600">{formatDate(u.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ListState>
      </Card>
      {users.data ? <Pager label="Accounts" pagination={users.data.pagination} onPage={(p) => setParams({ ...(q ? { q } : {}), page: String(p) })} /> : null}
    </div>
  );
}
