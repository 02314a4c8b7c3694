import clsx from 'clsx';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { AdminRender } from '@atelier/contract';
import { useGetAdminRendersQuery, useRefundRenderMutation, useRetryRenderMutation } from '../../../app/api/admin';
import { errorMessage } from '../../../app/api/http';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { formatDateTime } from '../../../lib/format';
import { formatAge } from '../adminFormat';
import { ListState } from './ListState';
import { Pager } from './Pager';

const STUCK_CHOICES = [15, 60, 240];

/** /admin/renders: renders that failed (retry) or are stuck (stop and refund). */
export function RendersPage() {
  const [state, setState] = useState<'failed' | 'stuck'>('failed');
  const [stuckMinutes, setStuckMinutes] = useState(15);
  const [page, setPage] = useState(1);
  const renders = useGetAdminRendersQuery({ state, stuckMinutes, page });
  const items = renders.data?.items ?? [];

  return (
    <div>
      <div className="flex flex-wrap items-center gap-3">
        <div role="radiogroup" aria-label="Which renders" className="inline-flex rounded-lg border border-stone-200 bg-white p-0.5">
          {(['failed', 'stuck'] as const).map((s) => (
            <button
              key={s}
              role="radio"
              aria-checked={state === s}
              onClick={() => (setState(s), setPage(1))}
              className={clsx('rounded-md px-3 py-1.5 text-sm font-medium', state === s ? 'bg-brand-600 text-white' : 'text-stone-600 hover:text-stone-900')}
            >
              {s === 'failed' ? 'Failed' : 'Stuck'}
            </button>
          ))}
        </div>
        {state === 'stuck' ? (
          <label className="flex items-center gap-2 text-sm text-stone-600">
            running longer than
            <select value={stuckMinutes} onChange={(e) => (setStuckMinutes(Number(e.target.value)), setPage(1))} className="rounded-md border border-stone-300 px-2 py-1">
              {STUCK_CHOICES.map((m) => (
                <option key={m} value={m}>
                  {formatAge(m * 60)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <Card className="mt-5 overflow-hidden">
        <ListState query={renders} what={state === 'failed' ? 'failed renders' : 'stuck renders'} empty={items.length === 0}>
          <ul className="divide-y divide-stone-100" aria-label={state === 'failed' ? 'Failed renders' : 'Stuck renders'}>
            {items.map((r) => (
              <RenderRow key={r.id} render={r} />
            ))}
          </ul>
        </ListState>
      </Card>
      {renders.data ? <Pager label="Renders" pagination={renders.data.pagination} onPage={setPage} /> : null}
    </div>
  );
}

function RenderRow({ render: r }: { render: AdminRender }) {
  const [retry, retrying] = useRetryRenderMutation();
  const [refund, refunding] = useRefundRenderMutation();
  const busy = retrying.isLoading || refunding.isLoading;
  const act = async (run: () => Promise<{ message: string }>) => {
    try {
      toast.success((await run()).message);
    } catch (error) {
      toast.error(errorMessage(error, 'That did not work. Try again.'));
    }
  };
  const running = (Date.now() - new Date(r.createdAt).getTime()) / 1000;
  return (
    <li className="flex flex-wrap items-center gap-4 px-4 py-3 text-sm">
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2">
          <span className="font-medium text-stone-900">
            {r.moduleType.toLowerCase()} #{r.id}
          </span>
          <span className="text-stone-500">of {r.userEmail}</span>
          {r.refunded ? <Badge>Refunded</Badge> : null}
        </div>
        <div className="mt-0.5 text-stone-500">
          {r.status === 'FAILED' ? `Failed ${formatDateTime(r.updatedAt)}` : `Running for ${formatAge(running)}`} · queue {r.queue ?? '—'}
        </div>
        {r.error ? <div className="mt-1 truncate font-mono text-xs text-red-700" title={r.error}>{r.error}</div> : null}
      </div>
      {r.status === 'FAILED' ? (
        <Button variant="secondary" size="sm" loading={retrying.isLoading} disabled={busy} onClick={() => void act(() => retry(r.id).unwrap())}>
          Retry
        </Button>
      ) : (
        <Button variant="dangerOutline" size="sm" loading={refunding.isLoading} disabled={busy} onClick={() => void act(() => refund(r.id).unwrap())}>
          Stop and refund
        </Button>
      )}
    </li>
  );
}
