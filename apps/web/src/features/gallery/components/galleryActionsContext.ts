import type { GalleryImage } from '@atelier/contract';
import { createContext, useContext } from 'react';

/**
 * What a user can do with an image of their gallery (image-modules §2): view it large,
 * download, share, send to Tweak, open in Create, share on Explore, delete (with confirmation).
 * One provider per gallery view holds the confirmation dialog, the viewer and the busy state.
 */
export interface GalleryActions {
  timeZone: string;
  view(image: GalleryImage): void;
  download(image: GalleryImage): Promise<void>;
  share(image: GalleryImage): Promise<void>;
  sendToTweak(image: GalleryImage): void;
  openInCreate(image: GalleryImage): Promise<void>;
  setPublic(image: GalleryImage, isPublic: boolean): Promise<void>;
  requestDelete(image: GalleryImage): void;
  /** Leaves the gallery (closing the modal) for another screen. */
  go(path: string): void;
  /** `${action}:${imageId}` for actions under way. */
  isBusy(action: 'download' | 'create' | 'visibility' | 'delete', id: number): boolean;
}

export const GalleryActionsContext = createContext<GalleryActions | null>(null);

export function useGalleryActions(): GalleryActions {
  const actions = useContext(GalleryActionsContext);
  if (!actions) throw new Error('useGalleryActions needs a GalleryActionsProvider');
  return actions;
}
