import { Layers } from 'lucide-react';
import type { RefineOperation } from '@atelier/contract';
import { ResultsStrip as WorkspaceResults, ResultTile, emptyText } from '../../../components/workspace/ResultsStrip';
import { describeResult } from '../refineLogic';

/**
 * The bottom results strip (spec §2): the refine results of the chosen image, newest first. A
 * result still being made shows a spinner and its progress; a failed one says so (its credit
 * was refunded).
 */
export function ResultsStrip({
  operations,
  selectedId,
  onSelect,
  loading,
  error,
  hasImage,
}: {
  operations: RefineOperation[];
  selectedId: number | null;
  onSelect: (op: RefineOperation) => void;
  loading: boolean;
  error: string | null;
  hasImage: boolean;
}) {
  const processing = operations.filter((o) => o.status === 'PROCESSING').length;
  const done = operations.filter((o) => o.status === 'COMPLETED').length;
  const idle = hasImage ? 'Your refined versions will appear here. Set the output and press Generate.' : 'Choose or upload an image to refine.';
  return (
    <WorkspaceResults
      ariaLabel="Results"
      icon={Layers}
      title="Results"
      status={processing > 0 ? `${processing} in progress` : `${done} result${done === 1 ? '' : 's'}`}
      empty={operations.length === 0 ? emptyText(loading, error, idle) : null}
    >
      <ul role="list" className="flex h-full items-center gap-2.5 px-3">
        {operations.map((op) => (
          <li key={op.id} className="shrink-0">
            <ResultTile
              result={{ ...op, url: op.thumbnailUrl ?? op.resultImageUrl }}
              label={({ processing, failed, progress }) => {
                const detail = describeResult(op);
                if (processing) return `Variation ${op.variationNumber}, refining${progress !== null ? ` ${progress}%` : ''}`;
                if (failed) return `Variation ${op.variationNumber} failed; its credit was refunded`;
                return `Result ${op.batchId}, variation ${op.variationNumber}${detail ? `, ${detail}` : ''}`;
              }}
              workingText={() => (op.runpodStatus === 'IN_PROGRESS' ? 'Refining' : 'Queued')}
              selected={op.id === selectedId}
              onSelect={() => onSelect(op)}
              badge={op.settings ? `${op.settings.scaleFactor}×` : undefined}
              title
            />
          </li>
        ))}
      </ul>
    </WorkspaceResults>
  );
}
