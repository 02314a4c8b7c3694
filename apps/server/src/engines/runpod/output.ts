import { EngineFailedError } from '../workflows/errors.js';

/**
 * worker-comfyui's output, both generations:
 *  5.x:   { images: [{ filename, type: 'base64' | 's3_url', data }], errors?: [string] }
 *  <5.0:  { message: '<base64>' | '<s3 url>', status: 'success' }
 * The first image is the result. An s3_url is fetched: it comes from RunPod's own response
 * (the /status answer under our API key, or a webhook authenticated by the job's secret),
 * never from a browser; RUNPOD_OUTPUT_HOSTS can restrict the hosts further.
 */

export type OutputImage = { kind: 'base64'; data: string } | { kind: 'url'; url: string };

export function parseOutput(output: unknown): OutputImage {
  const o = (typeof output === 'string' ? { message: output } : output) as
    | { images?: Array<{ type?: string; data?: unknown }>; message?: unknown; errors?: unknown }
    | null
    | undefined;
  if (o && Array.isArray(o.images) && o.images.length > 0) {
    const first = o.images.find((i) => typeof i?.data === 'string' && i.data.length > 0);
    if (!first) throw new EngineFailedError('RunPod returned images without data');
    const data = first.data as string;
    if (first.type === 's3_url') return { kind: 'url', url: data };
    if (first.type === 'base64' || first.type === undefined) return { kind: 'base64', data };
    throw new EngineFailedError(`RunPod returned an image of unknown type ${String(first.type)}`);
  }
  if (o && typeof o.message === 'string' && o.message.length > 0) {
    return /^https?:\/\//i.test(o.message) ? { kind: 'url', url: o.message } : { kind: 'base64', data: o.message };
  }
  const errors = o && Array.isArray(o.errors) ? `: ${o.errors.map(String).join('; ').slice(0, 300)}` : '';
  throw new EngineFailedError(`RunPod finished without an output image${errors}`);
}

export function decodeBase64Image(data: string): Buffer {
  const bare = data.replace(/^data:[^;,]+;base64,/, '').replace(/\s+/g, '');
  const bytes = Buffer.from(bare, 'base64');
  if (bytes.length === 0) throw new EngineFailedError('RunPod returned an empty image');
  return bytes;
}

/** May this output URL be fetched? https always unless hosts are listed; listed hosts over http or https. */
export function outputUrlAllowed(url: string, allowedHosts: string[]): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return false;
  if (u.username || u.password) return false;
  if (allowedHosts.length === 0) return u.protocol === 'https:';
  const host = u.hostname.toLowerCase();
  return allowedHosts.some((h) => {
    const bare = h.trim().toLowerCase().replace(/^\*?\./, '');
    return bare.length > 0 && (host === bare || host.endsWith(`.${bare}`));
  });
}

export async function fetchOutputImage(url: string, allowedHosts: string[], signal?: AbortSignal): Promise<Buffer> {
  if (!outputUrlAllowed(url, allowedHosts)) {
    throw new EngineFailedError(`RunPod returned an output URL on a host that is not allowed (${safeHost(url)}); see RUNPOD_OUTPUT_HOSTS`);
  }
  const timeout = AbortSignal.timeout(60_000);
  let res: Response;
  try {
    res = await fetch(url, { redirect: 'error', signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new EngineFailedError(`The RunPod output could not be downloaded from ${safeHost(url)}`);
  }
  if (!res.ok) throw new EngineFailedError(`The RunPod output could not be downloaded from ${safeHost(url)} (HTTP ${res.status})`);
  return Buffer.from(await res.arrayBuffer());
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'an invalid URL';
  }
}
