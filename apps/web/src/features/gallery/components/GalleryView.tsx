import {
  GALLERY_MESSAGES,
  isBatchGalleryMode,
  type GalleryBatch,
  type GalleryDaysResponse,
  type GalleryMode,
} from '@atelier/contract';
import { Layers, LayoutGrid, Maximize2, RotateCw, SearchX, SlidersHorizontal, Sparkles, WandSparkles, X, type LucideIcon } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../../../app/api/base';
import { useGetGalleryDaysQuery } from '../../../app/api/gallery';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useLiveMessage } from '../../../app/socket/liveListeners';
import { Alert } from '../../../components/ui/Alert';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { formatNumber } from '../../../lib/format';
import { useGalleryQueryFilters } from '../hooks/useGalleryFilters';
import { browserTimeZone } from '../lib/days';
import { filterChips, type GalleryFilterKey } from '../lib/filters';
import { gridGeometry } from '../lib/geometry';
import { storeGalleryView } from '../lib/storedView';
import {
  clearGalleryFilters,
  removeGalleryFilter,
  setFilterPanelOpen,
  setGalleryFilters,
  setGalleryImageSize,
  setGalleryLayout,
} from '../store/galleryUiSlice';
import { ActiveFilters, FilterPanel } from './FilterPanel';
import { BatchPanel } from './BatchPanel';
import { BatchTimeline } from './BatchTimeline';
import { GalleryActionsProvider } from './GalleryActions';
import { ImageTimeline } from './ImageTimeline';
import { GallerySkeleton } from './Skeletons';
import { SetRenderRows } from './SetRenderRows';
import { ViewCustomiser } from './ViewCustomiser';

const MODE_COPY: Record<GalleryMode, { title: string; emptyTitle: string; empty: string; icon: LucideIcon; start: { to: string; label: string } }> = {
  organize: {
    title: 'Organize',
    emptyTitle: 'Your renders will gather here',
    empty: 'Every completed image from Create, Tweak and Upscale lands in the gallery, grouped by day.',
    icon: LayoutGrid,
    start: { to: '/create', label: 'Start in Create' },
  },
  create: {
    title: 'Create batches',
    emptyTitle: 'No Create batches yet',
    empty: 'Each render you start in Create appears here as a batch, with its prompt and settings to reuse.',
    icon: Sparkles,
    start: { to: '/create', label: 'Open Create' },
  },
  tweak: {
    title: 'Tweak batches',
    emptyTitle: 'No Tweak batches yet',
    empty: 'Inpaint and outpaint results appear here as batches once they complete.',
    icon: WandSparkles,
    start: { to: '/edit', label: 'Open Tweak' },
  },
  refine: {
    title: 'Upscaled images',
    emptyTitle: 'Nothing upscaled yet',
    empty: 'Refined and upscaled images appear here, newest first.',
    icon: Maximize2,
    start: { to: '/upscale', label: 'Open Upscale' },
  },
};

/** Month totals, to find which months' pages a bucket change touches. */
function monthTotals(data: GalleryDaysResponse | undefined): Map<string, number> {
  const totals = new Map<string, number>();
  for (const d of data?.days ?? []) totals.set(d.date.slice(0, 7), (totals.get(d.date.slice(0, 7)) ?? 0) + d.count);
  return totals;
}

/**
 * New images arrive live: a completed variation refetches the day buckets (the cheap query),
 * and a change of buckets refetches only the month pages whose counts moved. The buckets are
 * also polled while the window has focus, for work finished in other tabs.
 */
function useLiveBuckets(mode: GalleryMode, view: string, data: GalleryDaysResponse | undefined, refetch: () => unknown) {
  const dispatch = useAppDispatch();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useLiveMessage((message) => {
    if (message.type !== 'variation_completed' && message.type !== 'batch_completed') return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void refetch(), 400);
  });
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  // `view` is the mode and its filters: other filters give other totals, not a change of them.
  const previous = useRef<{ view: string; totals: Map<string, number> } | null>(null);
  useEffect(() => {
    if (!data) return;
    const totals = monthTotals(data);
    const before = previous.current;
    previous.current = { view, totals };
    if (!before || before.view !== view) return;
    const changed = [...new Set([...totals.keys(), ...before.totals.keys()])].filter((m) => totals.get(m) !== before.totals.get(m));
    if (changed.length) dispatch(api.util.invalidateTags(changed.map((m) => ({ type: 'GalleryPage' as const, id: `${mode}:${m}` }))));
  }, [data, mode, view, dispatch]);
}

/** The selected batch as the cache holds it now (so the panel shows visibility changes at once). */
function useCurrentBatch(selected: GalleryBatch | null): GalleryBatch | null {
  return useAppSelector((state) => {
    if (!selected) return null;
    for (const entry of Object.values(state.api.queries)) {
      if (entry?.endpointName !== 'getGalleryBatches' || !entry.data) continue;
      const found = (entry.data as { batches: GalleryBatch[] }).batches.find((b) => b.id === selected.id);
      if (found) return found;
    }
    return selected;
  });
}

export interface GalleryViewProps {
  variant: 'page' | 'modal';
  onClose?: () => void;
  /** Defaults to the browser's time zone. */
  timeZone?: string;
  /** Test hook: the viewport before the first measure. */
  initialRect?: { width: number; height: number };
}

/** The gallery (image-modules §2): toolbar with the view customiser, then the mode's timeline. */
export function GalleryView({ variant, onClose, timeZone, initialRect }: GalleryViewProps) {
  const dispatch = useAppDispatch();
  const { mode, layout, imageSize, filters, filterPanelOpen } = useAppSelector((s) => s.galleryUi);
  const tz = useMemo(() => timeZone ?? browserTimeZone(), [timeZone]);
  const queryFilters = useGalleryQueryFilters();
  const view = `${mode}|${new URLSearchParams(Object.entries(queryFilters ?? {}))}`;
  const days = useGetGalleryDaysQuery({ mode, tz, filters: queryFilters }, { pollingInterval: 30_000, skipPollingIfUnfocused: true, refetchOnMountOrArgChange: 30 });
  useLiveBuckets(mode, view, days.currentData, days.refetch);
  useEffect(() => storeGalleryView({ layout, imageSize }), [layout, imageSize]);

  const [selected, setSelected] = useState<GalleryBatch | null>(null);
  const currentBatch = useCurrentBatch(selected);
  useEffect(() => setSelected(null), [mode]);

  const copy = MODE_COPY[mode];
  const batchMode = isBatchGalleryMode(mode);
  // Only the answer for this mode and these filters: a previous one would misplace the tiles.
  const data = days.currentData;
  const chips = queryFilters ? filterChips(queryFilters) : [];
  const skeletonGeometry = gridGeometry(initialRect?.width ?? 1100, batchMode ? 'square' : layout, imageSize);

  let content;
  if (!data && days.isError) {
    content = (
      <div className="mx-auto mt-16 w-full max-w-md px-6">
        <Alert tone="error" title={GALLERY_MESSAGES.loadFailed}>
          Check your connection and try again.
        </Alert>
        <Button className="mt-4" variant="secondary" icon={<RotateCw className="size-4" />} onClick={() => void days.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (!data) {
    content = (
      <GallerySkeleton
        columns={skeletonGeometry.columns}
        tileHeight={batchMode ? 120 : undefined}
        aspectRatio={batchMode ? undefined : layout === 'square' ? '1 / 1' : '4 / 3'}
        gap={skeletonGeometry.gap}
      />
    );
  } else if (data.total === 0 && queryFilters) {
    content = (
      <EmptyState
        className="mt-10"
        icon={SearchX}
        title={GALLERY_MESSAGES.filtersEmpty}
        actions={
          <Button variant="secondary" onClick={() => dispatch(clearGalleryFilters())}>
            {GALLERY_MESSAGES.clearFilters}
          </Button>
        }
      >
        Change or remove a filter to see more of your {data.unit === 'batch' ? 'batches' : 'images'}.
      </EmptyState>
    );
  } else if (data.total === 0) {
    content = (
      <EmptyState
        className="mt-10"
        icon={copy.icon}
        title={copy.emptyTitle}
        actions={
          <ButtonLink to={copy.start.to} onClick={onClose} icon={<Layers className="size-4" />}>
            {copy.start.label}
          </ButtonLink>
        }
      >
        {copy.empty}
      </EmptyState>
    );
  } else if (mode === 'create' || mode === 'tweak') {
    content = (
      <BatchTimeline
        key={view}
        days={data.days}
        mode={mode}
        timeZone={data.timeZone}
        size={imageSize}
        selectedId={currentBatch?.id ?? null}
        onSelect={setSelected}
        initialRect={initialRect}
      />
    );
  } else {
    content = <ImageTimeline key={view} days={data.days} mode={mode} timeZone={data.timeZone} layout={layout} size={imageSize} initialRect={initialRect} />;
  }

  const count = data ? `${formatNumber(data.total)} ${data.unit === 'batch' ? (data.total === 1 ? 'batch' : 'batches') : data.total === 1 ? 'image' : 'images'}` : null;

  return (
    <Tooltip.Provider delayDuration={300} skipDelayDuration={150}>
      <GalleryActionsProvider timeZone={data?.timeZone ?? tz}>
        <section aria-label={`Gallery: ${copy.title}`} data-gallery-mode={mode} className="flex min-h-0 min-w-0 flex-1 flex-col bg-stone-50">
          <div className="flex h-[72px] shrink-0 items-center gap-4 border-b border-stone-200/80 bg-white px-8">
            <div className="min-w-0 flex-1">
              <p className="text-[11px] font-semibold tracking-[0.12em] text-stone-400 uppercase">Gallery</p>
              <h2 className="truncate text-lg leading-7 font-semibold tracking-tight text-stone-900">{copy.title}</h2>
            </div>
            {count ? <p className="hidden text-[13px] text-stone-500 tabular-nums sm:block">{count}</p> : null}
            <Button
              variant={filterPanelOpen || chips.length > 0 ? 'primary' : 'secondary'}
              size="sm"
              icon={<SlidersHorizontal className="size-4" />}
              aria-expanded={filterPanelOpen}
              aria-controls="gallery-filter-panel"
              onClick={() => dispatch(setFilterPanelOpen(!filterPanelOpen))}
            >
              Filters{chips.length > 0 ? ` · ${chips.length}` : ''}
            </Button>
            <ViewCustomiser
              layout={layout}
              size={imageSize}
              showLayout={!batchMode}
              onLayout={(l) => dispatch(setGalleryLayout(l))}
              onSize={(s) => dispatch(setGalleryImageSize(s))}
            />
            {variant === 'modal' ? (
              <>
                <span className="h-6 w-px bg-stone-200" aria-hidden />
                <Button variant="secondary" size="sm" icon={<X className="size-4" />} onClick={onClose}>
                  Close gallery
                </Button>
              </>
            ) : null}
          </div>
          {filterPanelOpen ? (
            <FilterPanel
              id="gallery-filter-panel"
              filters={filters}
              showModule={mode === 'organize'}
              onChange={(next) => dispatch(setGalleryFilters(next))}
              onClose={() => dispatch(setFilterPanelOpen(false))}
            />
          ) : null}
          <ActiveFilters chips={chips} onRemove={(key) => dispatch(removeGalleryFilter(key as GalleryFilterKey))} onClear={() => dispatch(clearGalleryFilters())} />
          <div className="flex min-h-0 flex-1">
            <div className="flex min-w-0 flex-1 flex-col">
              {(mode === 'organize' || mode === 'create') && chips.length === 0 ? <SetRenderRows /> : null}
              {content}
            </div>
            {batchMode && data && data.total > 0 ? <BatchPanel batch={currentBatch} onClose={() => setSelected(null)} /> : null}
          </div>
        </section>
      </GalleryActionsProvider>
    </Tooltip.Provider>
  );
}
