import { useState } from 'react';
import { Link } from 'react-router';
import { useGetAdminAuditQuery } from '../../../app/api/admin';
import { Card } from '../../../components/ui/Card';
import { formatDateTime } from '../../../lib/format';
import { auditActionLabel } from '../adminFormat';
import { ListState } from './ListState';
import { Pager } from './Pager';

/** /admin/audit: every operator action, newest first. */
export function AuditPage() {
  const [page, setPage] = useState(1);
  const audit = useGetAdminAuditQuery({ page });
  const items = audit.data?.items ?? [];
  return (
    <div>
      <Card className="overflow-hidden">
        <ListState query={audit} what="operator actions" empty={items.length === 0}>
          <table className="w-full text-left text-sm" aria-label="Audit log">
            <thead className="bg-stone-50 text-xs uppercase tracking-wide text-stone-500">
              <tr>
                <th className="px-4 py-2 font-medium">When</th>
                <th className="px-4 py-2 font-medium">Operator</th>
                <th className="px-4 py-2 font-medium">Action</th>
                <th className="px-4 py-2 font-medium">On</th>
                <th className="px-4 py-2 font-medium">Details</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {items.map((e) => (
                <tr key={e.id}>
                  <td className="whitespace-nowrap px-4 py-2 text-stone-600">{formatDateTime(e.at)}</td>
                  <td className="px-4 py-2">{e.operatorEmail}</td>
                  <td className="px-4 py-2 font-medium">{auditActionLabel(e.action)}</td>
                  <td className="px-4 py-2">
                    {e.targetUserId ? (
                      <Link to={`/admin/users/${e.targetUserId}`} className="hover:text-brand-700">
                        {e.target}
                      </Link>
                    ) : (
                      e.target
                    )}
                  </td>
                  <td className="px-4 py-2 text-stone-600">
                    {Object.entries(e.details)
                      .filter(([, v]) => v !== null && v !== undefined)
                      .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
                      .join(' · ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ListState>
      </Card>
      {audit.data ? <Pager label="Audit log" pagination={audit.data.pagination} onPage={setPage} /> : null}
    </div>
  );
}
