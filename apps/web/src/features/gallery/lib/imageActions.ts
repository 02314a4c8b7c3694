import { sharedImagePath } from '@atelier/contract';
import { ApiError, fetchApiFile } from '../../../app/api/http';
import { saveBlob } from '../../../lib/saveBlob';

/**
 * Download and share (image-modules §2, §7). Downloads come from the API's download call (a
 * JPEG named image_{id}.jpg); when that fails the image opens in a new tab. Sharing uses the
 * system share sheet, else copies the link: the lasting public link when the image is public,
 * else its signed URL.
 */

export const galleryFileName = (id: number) => `image_${id}.jpg`;

export interface DownloadDeps {
  fetch?: typeof fetch;
  open?: (url: string) => void;
  save?: (blob: Blob, fileName: string) => void;
}

/** Saves image_{id}.jpg; on failure opens `fallbackUrl` in a new tab. Resolves to what happened. */
export async function downloadGalleryImage(
  id: number,
  fallbackUrl: string | null,
  deps: DownloadDeps = {},
): Promise<'saved' | 'opened' | 'failed'> {
  const doFetch = deps.fetch ?? fetch;
  try {
    const res = await fetchApiFile(`/images/download/generated/${id}`, doFetch);
    (deps.save ?? saveBlob)(await res.blob(), galleryFileName(id));
    return 'saved';
  } catch (error) {
    console.error('Download failed', error);
    // Signed out: the 401 rule has logged out; opening the file would only show the error.
    if (!fallbackUrl || (error instanceof ApiError && error.status === 401)) return 'failed';
    (deps.open ?? ((url: string) => window.open(url, '_blank', 'noopener')))(fallbackUrl);
    return 'opened';
  }
}

/**
 * The link to share: the image's stable share page (/explore/{id}), absolute; null while the
 * image is private (it must be published first: a signed file URL would expire in an hour).
 */
export function shareLinkFor(image: { id: number; isPublic: boolean }, origin: string): string | null {
  return image.isPublic ? new URL(sharedImagePath(image.id), origin).href : null;
}

export interface ShareDeps {
  navigator?: Pick<Navigator, 'share' | 'clipboard'> & { canShare?: Navigator['canShare'] };
}

/** System share sheet if there is one, else the clipboard. 'cancelled' when the user closed the sheet. */
export async function shareLink(url: string, title: string, deps: ShareDeps = {}): Promise<'shared' | 'copied' | 'cancelled'> {
  const nav = deps.navigator ?? navigator;
  const data = { title, url };
  if (typeof nav.share === 'function' && (!nav.canShare || nav.canShare(data))) {
    try {
      await nav.share(data);
      return 'shared';
    } catch (error) {
      if ((error as { name?: string }).name === 'AbortError') return 'cancelled';
      // Not allowed here (no user gesture, permissions): fall back to the clipboard.
    }
  }
  if (!nav.clipboard?.writeText) throw new Error('No clipboard');
  await nav.clipboard.writeText(url);
  return 'copied';
}
