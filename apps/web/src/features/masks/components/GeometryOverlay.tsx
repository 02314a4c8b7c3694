import { skipToken } from '@reduxjs/toolkit/query';
import clsx from 'clsx';
import { Box } from 'lucide-react';
import type { GeometryPoint, MaskRegion } from '@atelier/contract';
import { errorMessage } from '../../../app/api/http';
import { useGetMaskGeometryQuery, type MaskGeometryData } from '../../../app/api/masks';
import { regionName } from '../lib/regionDrafts';
import { setGeometryOn, useMaskView } from '../store/maskView';

/**
 * "Show geometry" (issue 30 part 1): each façade, ground and roof region's plane drawn as a grid
 * over the image (lines of its plane every metre or more, converging to its vanishing points),
 * and a legend of the photo's vanishing points. The server works the geometry out.
 */

const GRID = { u: '#facc15', v: '#ffffff', fallback: '#f0abfc' };

const points = (line: Array<[number, number]>) => line.map(([x, y]) => `${x},${y}`).join(' ');

/** The grids, in the image's coordinates; fills its parent (which has the image's size and transform). */
export function GeometryOverlay({ inputImageId }: { inputImageId: number }) {
  const { data } = useGetMaskGeometryQuery(inputImageId);
  if (!data) return null;
  return (
    <svg
      data-testid="geometry-overlay"
      className="pointer-events-none absolute inset-0 size-full"
      viewBox={`0 0 ${data.width} ${data.height}`}
      preserveAspectRatio="none"
      aria-hidden
    >
      {data.regions.map((r) => {
        const fallback = r.source === 'fallback';
        return (
          <g key={r.maskId} data-region={r.maskId} data-source={r.source} fill="none" strokeWidth={1.5} vectorEffect="non-scaling-stroke" strokeDasharray={fallback ? '6 4' : undefined}>
            {r.u.map((l, i) => (
              <polyline key={`u${i}`} points={points(l)} stroke={fallback ? GRID.fallback : GRID.u} strokeOpacity={0.9} vectorEffect="non-scaling-stroke" />
            ))}
            {r.v.map((l, i) => (
              <polyline key={`v${i}`} points={points(l)} stroke={fallback ? GRID.fallback : GRID.v} strokeOpacity={0.85} vectorEffect="non-scaling-stroke" />
            ))}
          </g>
        );
      })}
    </svg>
  );
}

/** Where a vanishing point lies, in words: at infinity (parallel lines) with a direction, or a pixel position (possibly outside the frame). */
export function describePoint(p: GeometryPoint, width: number, height: number): string {
  const far = Math.hypot(width, height) * 20;
  if (Math.abs(p.w) < 1e-9 || Math.hypot(p.x / p.w, p.y / p.w) > far) {
    const deg = Math.round((Math.atan2(p.y, p.x) * 180) / Math.PI);
    return `at infinity (${((deg % 180) + 180) % 180}°)`;
  }
  const x = Math.round(p.x / p.w);
  const y = Math.round(p.y / p.w);
  const inside = x >= 0 && y >= 0 && x <= width && y <= height;
  return `${inside ? 'at' : 'outside the frame at'} ${x}, ${y}`;
}

function Legend({ data, regions }: { data: MaskGeometryData; regions: MaskRegion[] }) {
  const fov = Math.round((2 * Math.atan(Math.max(data.width, data.height) / 2 / data.focal) * 180) / Math.PI);
  let h = 0;
  return (
    <div className="space-y-2 px-3 py-2 text-[12px] leading-4">
      <ul aria-label="Vanishing points" className="space-y-1">
        {data.vanishingPoints.map((p, i) => (
          <li key={i} className="flex gap-2">
            <span className="w-20 shrink-0 font-medium">{p.role === 'vertical' ? 'Vertical' : `Horizontal ${++h}`}</span>
            <span className="text-white/75">
              {describePoint(p, data.width, data.height)}
              {p.implied ? ' · implied' : ''}
            </span>
          </li>
        ))}
      </ul>
      <p className="text-white/60">
        {data.manhattan ? 'Three orthogonal directions' : 'Directions not orthogonal'} · field of view ~{fov}°{data.focalFrom === 'assumed' ? ' (assumed)' : ''}
      </p>
      {data.regions.length === 0 ? (
        <p role="status">No façade, ground or roof region to give a plane.</p>
      ) : (
        <ul aria-label="Region planes" className="space-y-1">
          {data.regions.map((r) => {
            const region = regions.find((m) => m.id === r.maskId);
            return (
              <li key={r.maskId} className="flex items-center gap-2">
                <span className="size-2.5 shrink-0 rounded-[3px] ring-1 ring-white/30" style={{ background: region?.color }} aria-hidden />
                <span className="min-w-0 flex-1 truncate">{region ? regionName(region) : r.label}</span>
                <span className={clsx('shrink-0', r.source === 'fallback' ? 'text-fuchsia-300' : 'text-white/60')}>
                  {r.source === 'fallback' ? 'flat guess' : `${r.kind}${r.faces > 1 ? ` · ${r.faces} faces` : ''} · ${Math.round(r.confidence * 100)}%`}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <p className="flex gap-3 text-white/60" aria-hidden>
        <span className="flex items-center gap-1">
          <span className="h-0.5 w-3" style={{ background: GRID.u }} /> along
        </span>
        <span className="flex items-center gap-1">
          <span className="h-0.5 w-3" style={{ background: GRID.v }} /> across
        </span>
        <span className="flex items-center gap-1">
          <span className="h-0.5 w-3 border-t border-dashed" style={{ borderColor: GRID.fallback }} /> flat guess
        </span>
      </p>
    </div>
  );
}

/** The "Show geometry" switch with its legend (loading, error and empty states included). */
export function GeometryPanel({ inputImageId, regions }: { inputImageId: number; regions: MaskRegion[] }) {
  const { geometryOn } = useMaskView();
  const query = useGetMaskGeometryQuery(geometryOn ? inputImageId : skipToken);
  return (
    <div data-canvas-ui className="pointer-events-auto w-60 overflow-hidden rounded-xl border border-white/10 bg-stone-900/85 text-white shadow-raised backdrop-blur">
      <button
        type="button"
        aria-pressed={geometryOn}
        onClick={() => setGeometryOn(!geometryOn)}
        className="flex h-9 w-full items-center gap-2 px-3 text-left text-xs font-semibold tracking-wide text-white/90 uppercase hover:bg-white/5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white/50"
      >
        <Box className="size-4 shrink-0" aria-hidden />
        Show geometry
        <span className={clsx('ml-auto h-4 w-7 rounded-full p-0.5 transition-colors', geometryOn ? 'bg-amber-400' : 'bg-white/20')} aria-hidden>
          <span className={clsx('block size-3 rounded-full bg-white transition-transform', geometryOn ? 'translate-x-3' : '')} />
        </span>
      </button>
      {geometryOn ? (
        <div className="max-h-[min(18rem,calc(100vh-30rem))] min-h-16 overflow-y-auto border-t border-white/10">
          {query.isFetching && !query.data ? (
            <p role="status" className="px-3 py-2 text-[12px] text-white/75">
              Finding the lines and vanishing points…
            </p>
          ) : query.isError ? (
            <div role="alert" className="space-y-1 px-3 py-2 text-[12px]">
              <p>{errorMessage(query.error, 'Could not work out the geometry of this image.')}</p>
              <button type="button" onClick={() => void query.refetch()} className="font-semibold underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white/50">
                Try again
              </button>
            </div>
          ) : query.data ? (
            <Legend data={query.data} regions={regions} />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
