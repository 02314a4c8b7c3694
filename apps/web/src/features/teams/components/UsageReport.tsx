import type { TeamUsageResponse } from '@atelier/contract';
import { BarChart3, Download } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../app/api/http';
import { downloadTeamUsageCsv, useGetTeamUsageQuery, type UsageRange } from '../../../app/api/teams';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { formatNumber } from '../../../lib/format';
import { creditsByDay, creditsByMemberAndModule, moduleLabel, thisMonth } from '../lib/usage';

/** Credits spent in the team per member, per module and per day over a date range, with a CSV export. */
export function UsageReport({ teamId, ownOnly }: { teamId: number; ownOnly: boolean }) {
  const [range, setRange] = useState<UsageRange>(() => thisMonth());
  const [exporting, setExporting] = useState(false);
  const usage = useGetTeamUsageQuery({ teamId, ...range });
  const badRange = range.from > range.to;

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadTeamUsageCsv(teamId, range);
    } catch (err) {
      toast.error(errorMessage(err, 'Could not export the report'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card className="p-6">
      <CardHeader
        icon={<BarChart3 className="size-[18px]" />}
        title={ownOnly ? 'Your usage' : 'Usage report'}
        description={ownOnly ? 'Credits you spent from the team pool.' : 'Credits spent from the team pool, per member, module and day (UTC).'}
        action={
          <Button size="sm" variant="secondary" icon={<Download className="size-3.5" />} loading={exporting} disabled={badRange} onClick={() => void exportCsv()}>
            Export CSV
          </Button>
        }
      />
      <div className="mt-5 flex flex-wrap items-end gap-3 sm:pl-12">
        <DateField label="From" value={range.from} max={range.to} onChange={(from) => setRange((r) => ({ ...r, from }))} />
        <DateField label="To" value={range.to} min={range.from} onChange={(to) => setRange((r) => ({ ...r, to }))} />
        {badRange ? <p className="pb-2 text-sm text-red-600">The start must be on or before the end.</p> : null}
      </div>
      <div className="mt-5 sm:pl-12">
        {usage.isLoading || (usage.isFetching && !usage.data) ? (
          <div className="flex justify-center py-8" role="status" aria-label="Loading usage">
            <Spinner />
          </div>
        ) : usage.isError ? (
          <Alert tone="error">{errorMessage(usage.error, 'Could not load the usage report.')}</Alert>
        ) : usage.data && usage.data.total > 0 ? (
          <UsageTables report={usage.data} />
        ) : (
          <p className="rounded-lg border border-dashed border-stone-300 px-4 py-8 text-center text-sm text-stone-500">No credits were spent in this period.</p>
        )}
      </div>
    </Card>
  );
}

function DateField({ label, value, min, max, onChange }: { label: string; value: string; min?: string; max?: string; onChange: (v: string) => void }) {
  return (
    <label className="flex flex-col gap-1.5 text-[13px] font-medium text-stone-700">
      {label}
      <input
        type="date"
        value={value}
        min={min}
        max={max}
        onChange={(e) => e.target.value && onChange(e.target.value)}
        className="h-9 rounded-lg border border-stone-300 bg-white px-2.5 text-sm text-stone-800 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
      />
    </label>
  );
}

function UsageTables({ report }: { report: TeamUsageResponse }) {
  const modules = report.modules.map((m) => m.module);
  const cells = creditsByMemberAndModule(report.rows);
  const days = creditsByDay(report.rows);
  const peak = Math.max(1, ...days.map((d) => d.credits));
  return (
    <div className="grid gap-6">
      <div className="overflow-x-auto rounded-lg border border-stone-200">
        <table className="w-full text-sm" aria-label="Credits per member and module">
          <thead className="bg-stone-50 text-xs text-stone-500">
            <tr>
              <th scope="col" className="px-4 py-2 text-left font-medium">Member</th>
              {modules.map((m) => (
                <th key={m} scope="col" className="px-4 py-2 text-right font-medium">{moduleLabel(m)}</th>
              ))}
              <th scope="col" className="px-4 py-2 text-right font-medium">Total</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {report.members.map((member) => (
              <tr key={member.userId}>
                <th scope="row" className="px-4 py-2 text-left font-medium text-stone-900">{member.fullName}</th>
                {modules.map((m) => (
                  <td key={m} className="px-4 py-2 text-right tabular-nums text-stone-700">{formatNumber(cells.get(member.userId)?.get(m) ?? 0)}</td>
                ))}
                <td className="px-4 py-2 text-right font-medium tabular-nums text-stone-900">{formatNumber(member.credits)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t border-stone-200 bg-stone-50/70 font-medium">
            <tr>
              <th scope="row" className="px-4 py-2 text-left text-stone-700">All members</th>
              {report.modules.map((m) => (
                <td key={m.module} className="px-4 py-2 text-right tabular-nums">{formatNumber(m.credits)}</td>
              ))}
              <td className="px-4 py-2 text-right tabular-nums">{formatNumber(report.total)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <div>
        <h3 className="text-xs font-semibold tracking-wide text-stone-500 uppercase">Per day</h3>
        <ul className="mt-2 grid gap-1.5" aria-label="Credits per day">
          {days.map((d) => (
            <li key={d.day} className="grid grid-cols-[6.5rem_1fr_4rem] items-center gap-3 text-sm">
              <span className="text-stone-600 tabular-nums">{d.day}</span>
              <span className="h-2 rounded-full bg-stone-100">
                <span className="block h-full rounded-full bg-brand-600" style={{ width: `${Math.max(2, (d.credits / peak) * 100)}%` }} />
              </span>
              <span className="text-right tabular-nums text-stone-900">{formatNumber(d.credits)}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
