import { IMAGE_ERROR_CODES, IMAGE_MESSAGES, TWEAK_MESSAGES, type TweakImageKind, type TweakSnapshot } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../lib/errors.js';
import {
  getOwnedGeneratedImage,
  getOwnedInputImage,
  readGeneratedImageBytes,
  readInputImageBytes,
  type GeneratedImageRow,
  type InputImageRow,
} from '../images/index.js';

// The images a tweak works on: found by id (and kind, or the URL's), their session root, their bytes.

export interface TweakImageRef {
  type: TweakImageKind;
  id: number;
}

export type TweakImage =
  | { type: 'input'; id: number; inputImageId: number; row: InputImageRow }
  | { type: 'generated'; id: number; inputImageId: number | null; row: GeneratedImageRow };

const GENERATED_KEY = /^u\/(\d+)\/generated\/(\d+)\//;
const INPUT_KEY = /^u\/(\d+)\/inputs\//;

/** The kind of image a file URL this server signed for the caller points at, if it tells. */
function kindOfUrl(ctx: Pick<AppContext, 'urls'>, userId: number, url: string | undefined, id: number): TweakImageKind | undefined {
  if (!url) return undefined;
  const parsed = ctx.urls.parse(url, { allowExpired: true });
  if (!parsed) return undefined;
  const generated = GENERATED_KEY.exec(parsed.key);
  if (generated && Number(generated[1]) === userId) return Number(generated[2]) === id ? 'generated' : undefined;
  const input = INPUT_KEY.exec(parsed.key);
  if (input && Number(input[1]) === userId) return 'input';
  return undefined;
}

/**
 * One of the caller's images by id, as the kind given, else the kind its URL tells, else a
 * generated image when the caller has one with that id, else an input image; 404 otherwise.
 */
export async function findTweakImage(
  ctx: Pick<AppContext, 'db' | 'urls'>,
  userId: number,
  id: number,
  type?: TweakImageKind,
  url?: string,
): Promise<TweakImage> {
  const kind = type ?? kindOfUrl(ctx, userId, url, id);
  const asInput = async (): Promise<TweakImage> => {
    const row = await getOwnedInputImage(ctx.db, userId, id).catch(() => {
      throw notFound(TWEAK_MESSAGES.imageNotFound);
    });
    return { type: 'input', id: row.id, inputImageId: row.id, row };
  };
  const asGenerated = async (): Promise<TweakImage | null> => {
    const row = await getOwnedGeneratedImage(ctx.db, userId, id).catch(() => null);
    return row ? { type: 'generated', id: row.id, inputImageId: row.inputImageId, row } : null;
  };
  if (kind === 'input') return asInput();
  const generated = await asGenerated();
  if (generated) return generated;
  if (kind === 'generated') throw notFound(TWEAK_MESSAGES.imageNotFound);
  return asInput();
}

/** The session's original base of an image: a tweak result's own base, else the image itself. */
export function sessionRoot(image: TweakImage): TweakImageRef {
  if (image.type === 'generated' && image.row.moduleType === 'TWEAK' && image.row.baseImageId) {
    const snapshot = image.row.settingsSnapshot as Partial<TweakSnapshot> | null;
    return { type: snapshot?.baseImageType === 'input' ? 'input' : 'generated', id: image.row.baseImageId };
  }
  return { type: image.type, id: image.id };
}

/** The bytes the engine works on: a generated image's file (409 while it has none), an input's processed file. */
export async function readTweakImageBytes(ctx: AppContext, image: TweakImage): Promise<Buffer> {
  if (image.type === 'generated') {
    if (image.row.status !== 'COMPLETED') throw new AppError(409, IMAGE_ERROR_CODES.imageNotReady, IMAGE_MESSAGES.imageNotReady);
    return readGeneratedImageBytes(ctx, image.row);
  }
  return readInputImageBytes(ctx, image.row);
}

/** Reads an image of the snapshot again in the job (404 when it was deleted meanwhile: a permanent failure). */
export async function readSnapshotImage(ctx: AppContext, userId: number, ref: TweakImageRef): Promise<Buffer> {
  return readTweakImageBytes(ctx, await findTweakImage(ctx, userId, ref.id, ref.type));
}
