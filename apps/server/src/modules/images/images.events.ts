import type { AppContext } from '../../context.js';
import type { FastifyBaseLogger } from 'fastify';

/**
 * A tiny in-process registry so other modules can react to images events without the images
 * module knowing them: the masks module subscribes to copy an input image's masks when a new
 * input image continues from it (create-input-from-generated).
 *
 *   onInputImageCopied(async (event, ctx) => copyMasks(ctx.db, event.userId, event.fromInputImageId, event.toInputImageId));
 *
 * Handlers run in the request, one after another, after the new input image is stored. A
 * handler that throws is logged; the new image stays (its masks can be generated again).
 * Registering the same function twice registers it once.
 */
export interface InputImageCopiedEvent {
  userId: number;
  fromInputImageId: number;
  toInputImageId: number;
  /** The generated image whose pixels the new input image holds. */
  sourceGeneratedImageId: number | null;
}

export type InputImageCopiedHandler = (
  event: InputImageCopiedEvent,
  ctx: Pick<AppContext, 'db' | 'storage' | 'urls'> & { log?: FastifyBaseLogger },
) => Promise<void> | void;

const copiedHandlers = new Set<InputImageCopiedHandler>();

/** Subscribes; returns the unsubscribe function. */
export function onInputImageCopied(handler: InputImageCopiedHandler): () => void {
  copiedHandlers.add(handler);
  return () => copiedHandlers.delete(handler);
}

export async function emitInputImageCopied(
  ctx: Parameters<InputImageCopiedHandler>[1],
  event: InputImageCopiedEvent,
): Promise<void> {
  for (const handler of [...copiedHandlers]) {
    try {
      await handler(event, ctx);
    } catch (err) {
      ctx.log?.error({ err, event }, 'an input-image-copied handler failed');
    }
  }
}

/**
 * The regions an upload brings with it (an ID pass, POST /images/upload-input `idPass` +
 * `materials`). The masks module provides it, so the images module needs no masks code:
 * `check` runs before anything is stored and throws the 400 the client should see; `store`
 * makes the stored input image's regions.
 */
export interface UploadRegions {
  idPass: Buffer;
  materials: string | undefined;
  /** The view's normal pass when it came with one. */
  normal?: UploadNormal;
}

/** A normal pass's values: (n + 1) / 2 × 65535, three a pixel, at the view's size. */
export interface UploadNormal {
  width: number;
  height: number;
  values: Uint16Array;
}

export interface UploadRegionsHandler {
  check(view: { width: number; height: number }, upload: UploadRegions): Promise<void>;
  store(ctx: Pick<AppContext, 'db' | 'storage'>, userId: number, inputImageId: number, upload: UploadRegions): Promise<void>;
}

let uploadRegionsHandler: UploadRegionsHandler | null = null;

export function setUploadRegionsHandler(handler: UploadRegionsHandler): void {
  uploadRegionsHandler = handler;
}

export function getUploadRegionsHandler(): UploadRegionsHandler | null {
  return uploadRegionsHandler;
}

/**
 * The depth and normal passes an upload brings with it (POST /images/upload-input and
 * /plugins/views `depth`, `normal`, `depthNear`, `depthFar`). The passes module provides it:
 * `check` reads every pass before anything is stored (a 400 naming the field); what it answers
 * stores them once the input image is, in the image's folder.
 */
export interface UploadPasses {
  depth: Buffer | null;
  normal: Buffer | null;
  fields: Record<string, string>;
}

export interface CheckedUploadPasses {
  /** The decoded normal pass (16-bit, three a pixel, the camera's frame): the ID pass's regions are split where it turns. */
  normal?: UploadNormal;
  store(ctx: Pick<AppContext, 'db' | 'storage'>, userId: number, inputImageId: number, folder: string): Promise<void>;
}

export interface UploadPassesHandler {
  check(view: { width: number; height: number }, upload: UploadPasses): Promise<CheckedUploadPasses | null>;
}

let uploadPassesHandler: UploadPassesHandler | null = null;

export function setUploadPassesHandler(handler: UploadPassesHandler): void {
  uploadPassesHandler = handler;
}

export function getUploadPassesHandler(): UploadPassesHandler | null {
  return uploadPassesHandler;
}

/**
 * Files other modules keep beside an input image (its depth and normal passes), so the clean-up
 * of soft-deleted images removes them with the image's own: each lister answers the keys of the
 * given input images, by id.
 */
export type InputImageFilesLister = (ctx: Pick<AppContext, 'db'>, inputImageIds: number[]) => Promise<Map<number, string[]>>;

const filesListers = new Set<InputImageFilesLister>();

export function onListInputImageFiles(lister: InputImageFilesLister): void {
  filesListers.add(lister);
}

export async function otherInputImageFiles(ctx: Pick<AppContext, 'db'>, inputImageIds: number[]): Promise<Map<number, string[]>> {
  const all = new Map<number, string[]>();
  if (inputImageIds.length === 0) return all;
  for (const lister of filesListers)
    for (const [id, keys] of await lister(ctx, inputImageIds)) all.set(id, [...(all.get(id) ?? []), ...keys]);
  return all;
}
