import { RefreshCw } from 'lucide-react';
import { useGetAdminSystemQuery } from '../../../app/api/admin';
import { Alert } from '../../../components/ui/Alert';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { formatAge } from '../adminFormat';

/** /admin/system: each job queue's depth and oldest waiting job, and the engine's status. */
export function SystemPage() {
  const system = useGetAdminSystemQuery(undefined, { pollingInterval: 10_000 });
  if (system.isLoading) return <Spinner label="Loading the queues" />;
  if (system.isError || !system.data)
    return (
      <Alert tone="error" title="The queues could not be read">
        <Button variant="link" size="sm" onClick={() => void system.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  const { engine, queues } = system.data;
  return (
    <div className="space-y-5">
      <Card className="p-6">
        <div className="flex items-center justify-between">
          <h3 className="text-sm font-semibold text-stone-900">Engine</h3>
          <Button variant="ghost" size="sm" icon={<RefreshCw className="size-4" />} loading={system.isFetching} onClick={() => void system.refetch()}>
            Refresh
          </Button>
        </div>
        <p className="mt-2 flex items-center gap-2 text-sm text-stone-700">
          <span className="font-medium">{engine.name}</span>
          {engine.isPreview ? <Badge>CPU preview engine</Badge> : null}
          <Badge tone={engine.status === 'ready' ? 'brand' : 'danger'}>{engine.status}</Badge>
        </p>
        {engine.missing.length > 0 ? (
          <ul className="mt-3 list-disc pl-5 text-sm text-stone-600">
            {engine.missing.map((m) => (
              <li key={`${m.kind}:${m.name}`}>
                {m.kind} {m.name}
                {m.folder ? ` (models/${m.folder})` : ''}: {m.operations.join(', ')} refused
              </li>
            ))}
          </ul>
        ) : null}
      </Card>
      <Card className="overflow-hidden">
        <table className="w-full text-left text-sm" aria-label="Job queues">
          <thead className="bg-stone-50 text-xs uppercase tracking-wide text-stone-500">
            <tr>
              <th className="px-4 py-2 font-medium">Queue</th>
              <th className="px-4 py-2 text-right font-medium">Waiting</th>
              <th className="px-4 py-2 text-right font-medium">Running</th>
              <th className="px-4 py-2 text-right font-medium">Oldest waiting</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {queues.map((q) => (
              <tr key={q.queue}>
                <td className="px-4 py-2 font-mono text-[13px]">{q.queue}</td>
                <td className="px-4 py-2 text-right tabular-nums">{q.waiting}</td>
                <td className="px-4 py-2 text-right tabular-nums">{q.active}</td>
                <td className="px-4 py-2 text-right text-stone-600">{q.waiting > 0 ? formatAge(q.oldestWaitingSeconds) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </div>
  );
}
