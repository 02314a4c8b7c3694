import { Layers } from 'lucide-react';
import { useGetSetRendersQuery } from '../../../app/api/viewSets';
import { useLiveMessage } from '../../../app/socket/liveListeners';
import { lookSummary, setRenderState } from '../lib/setLooks';

/**
 * Set renders (issue 31 part 5), one row per look: the set's name and the look, then each view's
 * renders side by side. Nothing is shown for a workspace that never rendered a set.
 */
export function SetRenderRows() {
  const renders = useGetSetRendersQuery(undefined, { pollingInterval: 30_000, skipPollingIfUnfocused: true });
  useLiveMessage((message) => {
    if (message.type === 'set_completed') void renders.refetch();
  });
  const rows = renders.data ?? [];
  if (rows.length === 0) return null;
  return (
    <section aria-label="Set renders" className="max-h-[46%] shrink-0 overflow-y-auto border-b border-stone-200/80 bg-white px-8 py-4">
      <h3 className="mb-3 flex items-center gap-2 text-[11px] font-semibold tracking-[0.12em] text-stone-400 uppercase">
        <Layers className="size-3.5" aria-hidden /> Set renders
      </h3>
      <ul className="space-y-4">
        {rows.map((r) => (
          <li key={r.id} aria-label={`Set ${r.set}: ${lookSummary(r.look)}`} className="rounded-xl border border-stone-200 p-3" data-testid="set-render-row">
            <div className="mb-2 flex flex-wrap items-baseline gap-x-3 gap-y-0.5">
              <p className="text-sm font-semibold text-stone-900">{r.set}</p>
              <p className="text-xs text-stone-600">{lookSummary(r.look)}</p>
              {r.look.prompt ? <p className="max-w-md truncate text-xs text-stone-400 italic">“{r.look.prompt}”</p> : null}
              <p className="ml-auto text-xs text-stone-500 tabular-nums">
                {setRenderState(r)} · seed {r.seeds.join(', ')} · {new Date(r.createdAt).toLocaleString()}
              </p>
            </div>
            <div className="flex gap-3 overflow-x-auto">
              {r.views.map((v) => (
                <figure key={v.batchId} className={v.images.length > 1 ? 'w-64 shrink-0' : 'w-40 shrink-0'} data-testid="set-render-view">
                  <div className={v.images.length > 1 ? 'grid grid-cols-2 gap-1' : 'grid grid-cols-1'}>
                    {v.images.map((im) =>
                      im.thumbnailUrl ? (
                        <img key={im.id} src={im.thumbnailUrl} alt={`${v.fileName}, variation ${im.variationNumber}`} className="aspect-[4/3] w-full rounded-md bg-stone-100 object-cover" />
                      ) : (
                        <div key={im.id} className="aspect-[4/3] w-full animate-pulse rounded-md bg-stone-100" aria-label={`${v.fileName}, variation ${im.variationNumber}: ${im.status.toLowerCase()}`} />
                      ),
                    )}
                  </div>
                  <figcaption className="mt-1 truncate text-[11px] text-stone-600">
                    {v.fileName}
                    {v.status === 'FAILED' ? <span className="text-red-600"> · failed</span> : null}
                  </figcaption>
                </figure>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
