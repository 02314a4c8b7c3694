import { EngineFailedError, EngineRejectedError } from './errors.js';

/**
 * What a GPU failure means for the user, from ComfyUI's exception_message / node_errors or
 * worker-comfyui's `details`: a message they can act on (shortened, no stack trace) and whether
 * trying again can help. A missing model file and an out-of-memory at this size fail the same
 * way every time (permanent: not retried, refunded at once); anything else (a lost connection,
 * a 5xx, a timeout) may pass on a retry.
 */

const MISSING_MODEL = /Model in folder '([^']+)' with filename '([^']+)' not found/;
const OUT_OF_MEMORY = /out of memory|OutOfMemoryError|CUDA error: out of memory|Allocation on device/i;

/** Text without Python tracebacks, on one line, at most `max` characters. */
export function shorten(text: string, max = 300): string {
  const lines = text
    .split('\n')
    .filter((l) => !/^\s*(Traceback \(most recent call last\)|File "[^"]*", line \d+)/.test(l) && !/^\s{2,}\S/.test(l))
    .map((l) => l.trim())
    .filter(Boolean);
  const one = lines.join(' ').replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

/** The model file a failure says is missing, with its folder under models/. */
export function missingModel(text: string): { file: string; folder: string } | undefined {
  const m = MISSING_MODEL.exec(text);
  return m ? { folder: m[1], file: m[2] } : undefined;
}

/** The error to throw for a failure while the workflow ran; `fallback` prefixes what is not recognised. */
export function executionFailure(text: string, fallback: string): Error {
  const model = missingModel(text);
  if (model) return new EngineRejectedError(`The GPU server has no model ${model.file} (models/${model.folder}/)`);
  if (OUT_OF_MEMORY.test(text)) return new EngineRejectedError('The GPU ran out of memory at this size; try a smaller image or a lower resolution');
  return new EngineFailedError(`${fallback}: ${shorten(text) || 'no error given'}`);
}
