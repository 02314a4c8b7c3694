import { GALLERY_MESSAGES, type GalleryImage } from '@atelier/contract';
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../app/api/http';
import { useDeleteGalleryImageMutation, useOpenInCreateMutation, useSetImageVisibilityMutation } from '../../../app/api/gallery';
import { useAppDispatch } from '../../../app/hooks';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { closeGallery } from '../store/galleryUiSlice';
import { downloadGalleryImage, shareLink, shareLinkFor } from '../lib/imageActions';
import { GalleryImageViewer } from './GalleryImageViewer';

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

const Context = createContext<GalleryActions | null>(null);

export function useGalleryActions(): GalleryActions {
  const actions = useContext(Context);
  if (!actions) throw new Error('useGalleryActions needs a GalleryActionsProvider');
  return actions;
}

export function GalleryActionsProvider({ timeZone, children }: { timeZone: string; children: ReactNode }) {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [setVisibility] = useSetImageVisibilityMutation();
  const [deleteImage] = useDeleteGalleryImageMutation();
  const [resolveInput] = useOpenInCreateMutation();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [viewing, setViewing] = useState<GalleryImage | null>(null);
  const [toDelete, setToDelete] = useState<GalleryImage | null>(null);

  // The busy set is read synchronously (a second press while the first runs does nothing) and
  // mirrored into state for rendering the spinners.
  const busyRef = useRef(new Set<string>());
  const track = useCallback(async <T,>(key: string, work: () => Promise<T>): Promise<T | undefined> => {
    if (busyRef.current.has(key)) return undefined;
    busyRef.current.add(key);
    setBusy(new Set(busyRef.current));
    try {
      return await work();
    } finally {
      busyRef.current.delete(key);
      setBusy(new Set(busyRef.current));
    }
  }, []);

  const leaveTo = useCallback(
    (path: string) => {
      dispatch(closeGallery());
      setViewing(null);
      navigate(path);
    },
    [dispatch, navigate],
  );

  const actions = useMemo<GalleryActions>(
    () => ({
      timeZone,
      view: (image) => setViewing(image),
      download: async (image) => {
        await track(`download:${image.id}`, () => downloadGalleryImage(image.id, image.imageUrl));
      },
      share: async (image) => {
        const url = shareLinkFor(image, window.location.origin);
        if (!url) return;
        try {
          const result = await shareLink(url, `Atelier render ${image.id}`);
          if (result === 'copied') toast.success(GALLERY_MESSAGES.linkCopied);
        } catch (error) {
          console.error('Share failed', error);
          toast.error(GALLERY_MESSAGES.shareFailed);
        }
      },
      sendToTweak: (image) => leaveTo(`/edit?imageId=${image.id}`),
      openInCreate: async (image) => {
        await track(`create:${image.id}`, async () => {
          try {
            const { inputImageId } = await resolveInput(image.id).unwrap();
            leaveTo(`/create?imageId=${inputImageId}`);
          } catch (error) {
            toast.error(errorMessage(error, GALLERY_MESSAGES.openInCreateFailed));
          }
        });
      },
      setPublic: async (image, isPublic) => {
        await track(`visibility:${image.id}`, async () => {
          try {
            const result = await setVisibility({ id: image.id, isPublic }).unwrap();
            setViewing((v) => (v && v.id === image.id ? { ...v, ...result } : v));
            toast.success(isPublic ? GALLERY_MESSAGES.madePublic : GALLERY_MESSAGES.madePrivate);
          } catch (error) {
            toast.error(errorMessage(error, GALLERY_MESSAGES.visibilityFailed));
          }
        });
      },
      requestDelete: (image) => setToDelete(image),
      go: leaveTo,
      isBusy: (action, id) => busy.has(`${action}:${id}`),
    }),
    [timeZone, track, leaveTo, resolveInput, setVisibility, busy],
  );

  const confirmDelete = async () => {
    const image = toDelete;
    if (!image) return;
    await track(`delete:${image.id}`, async () => {
      try {
        await deleteImage(image.id).unwrap();
        toast.success(GALLERY_MESSAGES.deleted);
        setToDelete(null);
        setViewing((v) => (v?.id === image.id ? null : v));
      } catch (error) {
        toast.error(errorMessage(error, GALLERY_MESSAGES.deleteFailed));
      }
    });
  };
  const deleting = toDelete ? busy.has(`delete:${toDelete.id}`) : false;

  return (
    <Context.Provider value={actions}>
      {children}
      <GalleryImageViewer image={viewing} onClose={() => setViewing(null)} />
      <Dialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open && !deleting) setToDelete(null);
        }}
        title={GALLERY_MESSAGES.deleteConfirm}
        description={GALLERY_MESSAGES.deleteDescription}
        size="sm"
        dismissible={!deleting}
        footer={
          <>
            <Button variant="secondary" onClick={() => setToDelete(null)} disabled={deleting}>
              Cancel
            </Button>
            <Button variant="danger" loading={deleting} onClick={() => void confirmDelete()}>
              Delete image
            </Button>
          </>
        }
      >
        {toDelete?.thumbnailUrl ? (
          <img src={toDelete.thumbnailUrl} alt="" className="aspect-[4/3] w-full rounded-lg bg-stone-100 object-cover" />
        ) : null}
      </Dialog>
    </Context.Provider>
  );
}
