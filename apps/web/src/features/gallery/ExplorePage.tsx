import { GALLERY_MESSAGES, sharedImagePath, type ExploreImage } from '@atelier/contract';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Compass, ImagePlus, Link2, LogIn, RotateCw } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { flattenExplore, useExploreImageAsInputMutation, useGetExploreInfiniteQuery } from '../../app/api/gallery';
import { errorMessage } from '../../app/api/http';
import { useAppSelector } from '../../app/hooks';
import { Alert } from '../../components/ui/Alert';
import { Avatar } from '../../components/ui/Avatar';
import { Button, ButtonLink } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { Spinner } from '../../components/ui/Spinner';
import { usePageTitle } from '../../lib/usePageTitle';
import { Hint, IconAction } from './components/IconAction';
import { ImageViewer } from './components/ImageViewer';
import { Thumbnail } from './components/ImageTile';
import { GallerySkeleton } from './components/Skeletons';
import { useElementWidth } from './hooks/useElementWidth';
import { browserTimeZone, dayHeading, groupByDay, shortDate } from './lib/days';
import { GRID_PADDING_X } from './lib/geometry';
import { shareLink } from './lib/imageActions';

const GAP = 16;
const HEADER = 56;

type ExploreRow =
  | { kind: 'header'; key: string; date: string; size: number }
  | { kind: 'tiles'; key: string; images: ExploreImage[]; size: number }
  | { kind: 'more'; key: string; size: number };

function columnsFor(width: number): number {
  const inner = width - 2 * GRID_PADDING_X;
  return inner >= 1000 ? 4 : inner >= 720 ? 3 : inner >= 420 ? 2 : 1;
}

/**
 * /explore (public): images their owners shared, from everyone, newest shared first, grouped by
 * the day they were shared. Visitors see it without signing in, with an invitation to; signed-in
 * users can take any of them as a new input image for Create.
 */
export function ExplorePage({ initialRect }: { initialRect?: { width: number; height: number } }) {
  usePageTitle('Explore');
  const isAuthenticated = useAppSelector((s) => s.auth.isAuthenticated);
  const navigate = useNavigate();
  const tz = useMemo(() => browserTimeZone(), []);
  const query = useGetExploreInfiniteQuery();
  const images = useMemo(() => flattenExplore(query.data), [query.data]);
  const [viewing, setViewing] = useState<ExploreImage | null>(null);
  const [copyToInput, copyState] = useExploreImageAsInputMutation();

  const scrollRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(scrollRef, initialRect?.width);
  const columns = columnsFor(width);
  const tileWidth = (width - 2 * GRID_PADDING_X - GAP * (columns - 1)) / columns;
  const tileHeight = Math.round((tileWidth * 3) / 4);

  const rows = useMemo<ExploreRow[]>(() => {
    const out: ExploreRow[] = [];
    for (const group of groupByDay(images, tz, (i) => i.publishedAt)) {
      out.push({ kind: 'header', key: `h:${group.date}`, date: group.date, size: HEADER });
      for (let i = 0; i < group.items.length; i += columns) {
        const slice = group.items.slice(i, i + columns);
        out.push({ kind: 'tiles', key: `t:${slice[0].id}`, images: slice, size: tileHeight + GAP });
      }
    }
    if (query.hasNextPage) out.push({ kind: 'more', key: 'more', size: 96 });
    return out;
  }, [images, tz, columns, tileHeight, query.hasNextPage]);

  const getItemKey = useCallback((i: number) => rows[i]?.key ?? i, [rows]);
  const estimateSize = useCallback((i: number) => rows[i]?.size ?? tileHeight, [rows, tileHeight]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    overscan: 3,
    paddingEnd: 48,
    initialRect,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.length ? items[items.length - 1].index : -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= rows.length - 2) void fetchNextPage();
  }, [lastIndex, rows.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const takeAsInput = async (image: ExploreImage) => {
    try {
      const { inputImageId } = await copyToInput(image.id).unwrap();
      navigate(`/create?imageId=${inputImageId}`);
    } catch (error) {
      toast.error(errorMessage(error, GALLERY_MESSAGES.useAsInputFailed));
    }
  };
  const copyLink = async (image: ExploreImage) => {
    try {
      const result = await shareLink(new URL(sharedImagePath(image.id), window.location.origin).href, `Render by ${image.ownerName}`);
      if (result === 'copied') toast.success(GALLERY_MESSAGES.linkCopied);
    } catch {
      toast.error(GALLERY_MESSAGES.shareFailed);
    }
  };
  const pending = copyState.isLoading ? copyState.originalArgs : undefined;

  let body;
  if (query.isLoading) {
    body = <GallerySkeleton columns={columns} tileHeight={tileHeight} gap={GAP} />;
  } else if (query.isError && !images.length) {
    body = (
      <div className="mx-auto mt-16 w-full max-w-md px-6">
        <Alert tone="error" title="Failed to load Explore">
          Check your connection and try again.
        </Alert>
        <Button className="mt-4" variant="secondary" icon={<RotateCw className="size-4" />} onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (!images.length) {
    body = (
      <EmptyState className="mt-10" icon={Compass} title={GALLERY_MESSAGES.exploreEmpty}>
        When architects share renders from their gallery, they appear here for everyone to see.
      </EmptyState>
    );
  } else {
    body = (
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <div key={item.key} className="absolute top-0 left-0 w-full" style={{ height: row.size, transform: `translateY(${item.start}px)` }}>
              {row.kind === 'header' ? (
                <div className="flex h-full items-end px-8 pb-3">
                  <h3 className="flex items-baseline gap-2 text-[15px] font-semibold tracking-tight text-stone-900">
                    {dayHeading(row.date, tz) === 'Today' ? 'Shared today' : dayHeading(row.date, tz) === 'Yesterday' ? 'Shared yesterday' : dayHeading(row.date, tz)}
                    <span className="text-[13px] font-normal text-stone-400">{shortDate(row.date)}</span>
                  </h3>
                </div>
              ) : row.kind === 'more' ? (
                <div className="flex h-full items-center justify-center text-brand-600">
                  <Spinner size="md" label="Loading more" />
                </div>
              ) : (
                <div className="grid px-8" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, columnGap: GAP }}>
                  {row.images.map((image) => (
                    <ExploreTile
                      key={image.id}
                      image={image}
                      height={tileHeight}
                      signedIn={isAuthenticated}
                      busy={pending === image.id}
                      onOpen={setViewing}
                      onUse={takeAsInput}
                      onCopy={copyLink}
                    />
                  ))}
                </div>
              )}
            </div>
          );
        })}
      </div>
    );
  }

  return (
    <Tooltip.Provider delayDuration={300} skipDelayDuration={150}>
      <section aria-label="Explore" className="flex min-h-0 min-w-0 flex-1 flex-col bg-stone-50">
        <div className="flex h-[72px] shrink-0 items-center gap-4 border-b border-stone-200/80 bg-white px-8">
          <div className="min-w-0 flex-1">
            <p className="text-[11px] font-semibold tracking-[0.12em] text-stone-400 uppercase">Community</p>
            <h1 className="text-lg leading-7 font-semibold tracking-tight text-stone-900">Explore</h1>
          </div>
          <p className="hidden text-[13px] text-stone-500 md:block">Renders shared by architects on Atelier, newest first</p>
        </div>
        <div ref={scrollRef} data-gallery-scroll className="relative min-h-0 flex-1 overflow-y-auto" style={{ overflowAnchor: 'none' }}>
          {!isAuthenticated ? (
            <div className="mx-8 mt-6 flex flex-wrap items-center gap-4 rounded-2xl border border-brand-100 bg-gradient-to-r from-brand-50 to-white px-6 py-5">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-white text-brand-600 shadow-card ring-1 ring-brand-100">
                <ImagePlus className="size-5" aria-hidden />
              </span>
              <div className="min-w-0 flex-1">
                <p className="text-[15px] font-semibold text-stone-900">Start your own render from any of these</p>
                <p className="mt-0.5 text-[13px] text-stone-600">Sign in to use a shared image as the input of a new design, and to share your own.</p>
              </div>
              <div className="flex gap-2">
                <ButtonLink to="/register" variant="secondary" size="sm">
                  Create account
                </ButtonLink>
                <ButtonLink to="/login" state={{ from: { pathname: '/explore', search: '', hash: '' } }} size="sm" icon={<LogIn className="size-4" />}>
                  Sign in
                </ButtonLink>
              </div>
            </div>
          ) : null}
          {body}
        </div>
      </section>
      <ImageViewer
        open={viewing !== null}
        onClose={() => setViewing(null)}
        src={viewing?.imageUrl ?? null}
        placeholder={viewing?.thumbnailUrl ?? null}
        alt={viewing ? `Render shared by ${viewing.ownerName}` : ''}
        title={viewing ? `By ${viewing.ownerName}` : ''}
        meta={viewing ? `Shared ${shortDate(viewing.publishedAt.slice(0, 10))}` : undefined}
        actions={
          viewing ? (
            <>
              <Button size="sm" variant="secondary" className="border-white/15 bg-white/5 text-white shadow-none hover:bg-white/10" icon={<Link2 className="size-4" />} onClick={() => void copyLink(viewing)}>
                Share link
              </Button>
              {isAuthenticated ? (
                <Button size="sm" className="shadow-none" icon={<ImagePlus className="size-4" />} loading={pending === viewing.id} onClick={() => void takeAsInput(viewing)}>
                  Use as input
                </Button>
              ) : (
                <ButtonLink to="/login" size="sm" icon={<LogIn className="size-4" />}>
                  Sign in to use it
                </ButtonLink>
              )}
            </>
          ) : null
        }
      />
    </Tooltip.Provider>
  );
}

const ExploreTile = memo(function ExploreTile({
  image,
  height,
  signedIn,
  busy,
  onOpen,
  onUse,
  onCopy,
}: {
  image: ExploreImage;
  height: number;
  signedIn: boolean;
  busy: boolean;
  onOpen: (image: ExploreImage) => void;
  onUse: (image: ExploreImage) => void;
  onCopy: (image: ExploreImage) => void;
}) {
  // Actions exist only while the tile is hovered or focused (see ImageTile).
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const active = hovered || focused || busy;
  return (
    <div
      data-gallery-tile
      data-image-id={image.id}
      className="group relative overflow-hidden rounded-xl bg-stone-200"
      style={{ height }}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <button
        type="button"
        aria-label={`Open the render shared by ${image.ownerName}`}
        onClick={() => onOpen(image)}
        className="block size-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2"
      >
        <Thumbnail src={image.thumbnailUrl} alt={`Render shared by ${image.ownerName}`} className="group-hover:scale-[1.02]" />
      </button>
      <div className="pointer-events-none absolute inset-x-0 bottom-0 flex items-end justify-between gap-2 bg-gradient-to-t from-stone-950/60 via-stone-950/15 to-transparent px-3 pt-10 pb-2.5">
        <span className="flex min-w-0 items-center gap-2">
          <Avatar name={image.ownerName} size="sm" />
          <span className="truncate text-[13px] font-medium text-white drop-shadow">
            {image.ownerName}
            {image.isMine ? <span className="ml-1.5 text-white/70">(you)</span> : null}
          </span>
        </span>
        {active ? (
          <span className="pointer-events-auto flex shrink-0 animate-fade-in items-center gap-1">
            <IconAction label="Share link" icon={Link2} onClick={() => onCopy(image)} />
            {signedIn ? (
              <Hint label="Use as input in Create">
                <button
                  type="button"
                  onClick={() => onUse(image)}
                  disabled={busy}
                  aria-busy={busy || undefined}
                  className="inline-flex h-8 items-center gap-1.5 rounded-full bg-white px-3 text-xs font-semibold text-stone-900 shadow-card transition-colors hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white disabled:opacity-70"
                >
                  {busy ? <Spinner size="xs" /> : <ImagePlus className="size-3.5" aria-hidden />}
                  Use as input
                </button>
              </Hint>
            ) : null}
          </span>
        ) : null}
      </div>
    </div>
  );
});
