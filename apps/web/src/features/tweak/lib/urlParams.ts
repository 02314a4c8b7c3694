/**
 * The /edit (and /tweak) query parameters (spec §2): imageId (numeric, else ignored with a
 * warning), fromBatch, prompt, operationType, maskKeyword, negativePrompt, variations (1 or 2).
 */
export interface TweakParams {
  imageId: number | null;
  /** What imageId names: an input image, else a render (Create → Tweak with an input sends input). */
  imageType: 'input' | 'generated' | null;
  fromBatch: number | null;
  prompt?: string;
  operationType?: string;
  maskKeyword?: string;
  negativePrompt?: string;
  variations?: number;
}

const ID = /^\d{1,10}$/;

function idParam(params: URLSearchParams, name: string, warn: boolean): number | null {
  const raw = params.get(name);
  if (raw === null || raw.trim() === '') return null;
  const text = raw.trim();
  const id = ID.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
    if (warn) console.warn(`Tweak: ?${name}=${raw} is not an image id; ignoring it.`);
    return null;
  }
  return id;
}

export function readTweakParams(params: URLSearchParams): TweakParams {
  const text = (name: string) => {
    const v = params.get(name);
    return v === null ? undefined : v;
  };
  const variations = Number(params.get('variations'));
  return {
    imageId: idParam(params, 'imageId', true),
    imageType: params.get('imageType') === 'input' ? 'input' : params.get('imageType') === 'generated' ? 'generated' : null,
    fromBatch: idParam(params, 'fromBatch', false),
    prompt: text('prompt'),
    operationType: text('operationType'),
    maskKeyword: text('maskKeyword'),
    negativePrompt: text('negativePrompt'),
    variations: variations === 1 || variations === 2 ? variations : undefined,
  };
}
