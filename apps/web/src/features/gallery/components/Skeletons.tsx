import clsx from 'clsx';
import { RotateCw } from 'lucide-react';

/** A placeholder for an image not loaded yet. */
export function TileSkeleton({ className, style }: { className?: string; style?: React.CSSProperties }) {
  return <div aria-hidden data-skeleton className={clsx('animate-pulse rounded-lg bg-stone-200/80', className)} style={style} />;
}

/** The gallery's first paint while the day buckets load: a heading and two rows of tiles. */
export function GallerySkeleton({ columns, tileHeight, aspectRatio, gap }: { columns: number; tileHeight?: number; aspectRatio?: string; gap: number }) {
  return (
    <div role="status" aria-label="Loading the gallery" className="px-6 pt-6 lg:px-8">
      <div className="mb-4 flex items-center gap-3">
        <div className="h-4 w-28 animate-pulse rounded bg-stone-200" />
        <div className="h-3 w-16 animate-pulse rounded bg-stone-200/70" />
      </div>
      {[0, 1].map((r) => (
        <div key={r} className="grid" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap, marginBottom: gap }}>
          {Array.from({ length: columns }, (_, i) => (
            <TileSkeleton key={i} style={{ height: tileHeight, aspectRatio, animationDelay: `${(r * columns + i) * 60}ms` }} />
          ))}
        </div>
      ))}
    </div>
  );
}

/** A tile whose page failed to load: a quiet retry instead of a skeleton forever. */
export function TileError({ onRetry, style }: { onRetry: () => void; style?: React.CSSProperties }) {
  return (
    <button
      type="button"
      onClick={onRetry}
      style={style}
      className="flex flex-col items-center justify-center gap-1.5 rounded-lg border border-dashed border-stone-300 bg-stone-100 text-xs text-stone-500 transition-colors hover:bg-stone-200/70 hover:text-stone-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <RotateCw className="size-4" aria-hidden />
      Couldn’t load · Retry
    </button>
  );
}
