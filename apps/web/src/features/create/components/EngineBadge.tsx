import { Cpu } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import { useGetEngineQuery } from '../../../app/api/generation';

/**
 * Honesty: with the CPU engine, renders are image processing (grading, sky, materials, art
 * styles), not a diffusion model. The badge says so and how to connect a GPU engine.
 */
export function EngineBadge() {
  const { data } = useGetEngineQuery();
  if (!data?.isPreview) return null;
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <button
          type="button"
          data-canvas-ui
          className="inline-flex h-7 items-center gap-1.5 rounded-full border border-amber-300/30 bg-amber-400/10 px-2.5 text-xs font-medium text-amber-200 backdrop-blur transition-colors hover:bg-amber-400/20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-300/60"
        >
          <Cpu className="size-3.5" aria-hidden />
          Preview engine (CPU)
        </button>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content side="bottom" align="start" sideOffset={8} collisionPadding={12} className="z-50 w-80 rounded-lg bg-stone-900 p-3.5 text-xs leading-5 text-white/85 shadow-raised">
          <p className="font-semibold text-white">Renders use the CPU preview engine</p>
          <p className="mt-1">
            It is honest image processing, not a diffusion model: colour grading for light and weather, sky replacement,
            material textures composited into regions with the original shading, and drawn art styles.
          </p>
          <p className="mt-2">
            For AI renders, connect a GPU engine: start the server with <code className="rounded bg-white/10 px-1 text-white">ENGINE=comfyui</code>{' '}
            (and COMFYUI_URL) or <code className="rounded bg-white/10 px-1 text-white">ENGINE=runpod</code> (with RUNPOD_API_KEY and RUNPOD_ENDPOINT_ID).
          </p>
          <Tooltip.Arrow className="fill-stone-900" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
