// @ts-check
import fs from 'node:fs/promises';
import path from 'node:path';
import { call, CliError } from './client.js';

/** @typedef {{ base: string; key: string }} Conn */
/** @typedef {(line: string) => void} Print */

const MIME = /** @type {Record<string, string>} */ ({ '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.exr': 'image/x-exr' });

/** @param {string} file @param {string} what */
async function readFileFor(file, what) {
  try {
    return await fs.readFile(file);
  } catch (err) {
    const code = /** @type {NodeJS.ErrnoException} */ (err).code;
    throw new CliError(`Cannot read ${what} ${file}${code === 'ENOENT' ? ': no such file' : ` (${code})`}`);
  }
}

/** @param {string} file @param {string} what */
async function filePart(file, what) {
  const bytes = await readFileFor(file, what);
  const type = MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  return new Blob([bytes], { type });
}

/**
 * `atelier push view.png [--id-pass ids.png] [--materials map.json] [--depth d.png|d.exr [--depth-near m --depth-far m]]
 * [--normal n.png] [--fov degrees] [--source s] [--name n] [--prompt p]`: prints the deep link that opens Create on the view.
 * @param {Conn} conn
 * @param {string} viewFile
 * @param {{ idPass?: string; materials?: string; depth?: string; normal?: string; depthNear?: string; depthFar?: string; fov?: string; source?: string; name?: string; prompt?: string }} opts
 * @param {{ out: Print; info: Print }} io
 */
export async function push(conn, viewFile, opts, io) {
  const form = new FormData();
  form.append('view', await filePart(viewFile, 'the view'), path.basename(viewFile));
  if (opts.idPass) form.append('idPass', await filePart(opts.idPass, 'the ID pass'), path.basename(opts.idPass));
  if (opts.materials) form.append('materials', (await readFileFor(opts.materials, 'the materials map')).toString('utf8'));
  if (opts.depth) form.append('depth', await filePart(opts.depth, 'the depth pass'), path.basename(opts.depth));
  if (opts.normal) form.append('normal', await filePart(opts.normal, 'the normal pass'), path.basename(opts.normal));
  if (opts.depthNear) form.append('depthNear', opts.depthNear);
  if (opts.depthFar) form.append('depthFar', opts.depthFar);
  if (opts.fov) form.append('fieldOfView', opts.fov);
  if (opts.source) form.append('source', opts.source);
  if (opts.name) form.append('name', opts.name);
  if (opts.prompt) form.append('prompt', opts.prompt);
  const pushed = /** @type {{ inputImageId: number; regions: Array<{ name: string }>; url: string }} */ (
    await call(conn, '/plugins/views', { body: form })
  );
  io.info(`Pushed ${path.basename(viewFile)} as image ${pushed.inputImageId}` + (pushed.regions.length ? ` with ${pushed.regions.length} regions: ${pushed.regions.map((r) => r.name).join(', ')}` : ''));
  io.out(pushed.url);
  return pushed;
}

/**
 * `atelier render IMAGE_ID [--variations N] [--prompt p] [--wait] [--out DIR]`: starts a render;
 * with --wait, follows it and downloads every result into DIR (default: the current folder).
 * @param {Conn} conn
 * @param {string} imageId
 * @param {{ variations?: string; prompt?: string; wait?: boolean; out?: string; pollMs?: number }} opts
 * @param {{ out: Print; info: Print }} io
 */
export async function render(conn, imageId, opts, io) {
  const inputImageId = Number(imageId);
  if (!Number.isInteger(inputImageId) || inputImageId <= 0) throw new CliError(`IMAGE_ID must be a positive whole number (got "${imageId}")`);
  const variations = opts.variations === undefined ? 4 : Number(opts.variations);
  if (!Number.isInteger(variations) || variations < 1 || variations > 4) throw new CliError('--variations must be 1, 2, 3 or 4');
  const started = /** @type {{ batchId: number; remainingCredits: number }} */ (
    await call(conn, '/runpod/generate', { body: { inputImageId, variations, ...(opts.prompt ? { prompt: opts.prompt } : {}) } })
  );
  io.info(`Render ${started.batchId} started: ${variations} variation${variations > 1 ? 's' : ''}, ${started.remainingCredits} credits left`);
  if (!opts.wait) {
    io.out(String(started.batchId));
    return [];
  }
  /** @type {{ status: string; images: Array<{ id: number; status: string; variationNumber: number }> }} */
  let batch;
  for (;;) {
    batch = await call(conn, `/runpod/status/${started.batchId}`);
    if (batch.status !== 'PROCESSING') break;
    await new Promise((r) => setTimeout(r, opts.pollMs ?? 2000));
  }
  const done = batch.images.filter((i) => i.status === 'COMPLETED');
  if (done.length === 0) throw new CliError(`Render ${started.batchId} failed: no variation completed (its credits were refunded)`, 'RENDER_FAILED');
  const dir = path.resolve(opts.out ?? '.');
  await fs.mkdir(dir, { recursive: true });
  const files = [];
  for (const image of done) {
    const res = /** @type {Response} */ (await call(conn, `/images/download/generated/${image.id}`, { raw: true }));
    const file = path.join(dir, `atelier-${started.batchId}-${image.variationNumber}.jpg`);
    await fs.writeFile(file, Buffer.from(await res.arrayBuffer()));
    files.push(file);
    io.out(file);
  }
  if (done.length < batch.images.length) io.info(`${batch.images.length - done.length} variation(s) failed and were refunded`);
  return files;
}
