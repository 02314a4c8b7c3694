import type { RefineOperation, RefineSource } from '@atelier/contract';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { describeResult } from '../refineLogic';

/**
 * The prompt modal of the refine screen (spec §2: a click on the canvas opens it): the prompt
 * the image was made with, shown uppercased, and what the result on the canvas was refined with.
 * Refining keeps the picture's content, so the prompt is shown, not edited, here.
 */
export function RefinePromptModal({
  open,
  onOpenChange,
  source,
  result,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  source: RefineSource | null;
  result: RefineOperation | null;
}) {
  const s = result?.settings;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title="Prompt"
      description="Refining keeps the picture's content: it enlarges it and brings out clarity and detail. Steer how much it changes with AI Strength and Resemblance."
      footer={
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Close
        </Button>
      }
    >
      <div className="space-y-4">
        <div>
          <p className="text-xs font-semibold tracking-wider text-stone-500 uppercase">Image</p>
          <p className="mt-1 text-sm text-stone-800">
            {source ? `${source.name} · ${source.width.toLocaleString('en-US')} × ${source.height.toLocaleString('en-US')} px` : '—'}
          </p>
        </div>
        <div>
          <p className="text-xs font-semibold tracking-wider text-stone-500 uppercase">Prompt</p>
          <p className="mt-1 rounded-lg border border-stone-200 bg-stone-50 px-3 py-2.5 text-sm leading-6 font-medium tracking-wide text-stone-800 uppercase">
            {source?.prompt?.trim() ? source.prompt : 'No prompt: this image was uploaded.'}
          </p>
        </div>
        {result && s ? (
          <div>
            <p className="text-xs font-semibold tracking-wider text-stone-500 uppercase">Result on the canvas</p>
            <dl className="mt-1 grid grid-cols-2 gap-x-6 gap-y-1 text-sm text-stone-700">
              <dt className="text-stone-500">Output</dt>
              <dd className="tabular-nums">{describeResult(result)}</dd>
              <dt className="text-stone-500">AI Strength · Resemblance</dt>
              <dd className="tabular-nums">
                {s.aiStrength} · {s.resemblance}
              </dd>
              <dt className="text-stone-500">Clarity · Sharpness</dt>
              <dd className="tabular-nums">
                {s.clarity} · {s.sharpness}
              </dd>
              <dt className="text-stone-500">Match Color</dt>
              <dd>{s.matchColor ? 'On' : 'Off'}</dd>
            </dl>
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
