import { GALLERY_MESSAGES, sharedImagePath, type GalleryImage } from '@atelier/contract';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
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
import { GalleryActionsContext, type GalleryActions } from './galleryActionsContext';

export const SHARE_PRIVATE_TITLE = 'Publish this image to share it?';
export const SHARE_PRIVATE_DESCRIPTION =
  'Shared images get a page on Explore that anyone with the link can open: the image, its prompt and your display name (set in your profile). You can make it private again at any time.';

export function GalleryActionsProvider({ timeZone, children }: { timeZone: string; children: ReactNode }) {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [setVisibility] = useSetImageVisibilityMutation();
  const [deleteImage] = useDeleteGalleryImageMutation();
  const [resolveInput] = useOpenInCreateMutation();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [viewing, setViewing] = useState<GalleryImage | null>(null);
  const [toDelete, setToDelete] = useState<GalleryImage | null>(null);
  const [toPublish, setToPublish] = useState<GalleryImage | null>(null);

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

  const shareImageLink = useCallback(async (id: number, url: string) => {
    try {
      const result = await shareLink(url, `Atelier render ${id}`);
      if (result === 'copied') toast.success(GALLERY_MESSAGES.linkCopied);
    } catch (error) {
      console.error('Share failed', error);
      toast.error(GALLERY_MESSAGES.shareFailed);
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
        // A private image has no page to share yet: ask to publish it on Explore first.
        if (!url) return setToPublish(image);
        await shareImageLink(image.id, url);
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
    [timeZone, track, leaveTo, resolveInput, setVisibility, busy, shareImageLink],
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

  const publishAndShare = async () => {
    const image = toPublish;
    if (!image) return;
    await track(`visibility:${image.id}`, async () => {
      try {
        await setVisibility({ id: image.id, isPublic: true }).unwrap();
      } catch (error) {
        toast.error(errorMessage(error, GALLERY_MESSAGES.visibilityFailed));
        return;
      }
      setToPublish(null);
      setViewing((v) => (v && v.id === image.id ? { ...v, isPublic: true } : v));
      await shareImageLink(image.id, new URL(sharedImagePath(image.id), window.location.origin).href);
    });
  };
  const publishing = toPublish ? busy.has(`visibility:${toPublish.id}`) : false;

  return (
    <GalleryActionsContext.Provider value={actions}>
      {children}
      <GalleryImageViewer image={viewing} onClose={() => setViewing(null)} />
      <Dialog
        open={toPublish !== null}
        onOpenChange={(open) => {
          if (!open && !publishing) setToPublish(null);
        }}
        title={SHARE_PRIVATE_TITLE}
        description={SHARE_PRIVATE_DESCRIPTION}
        size="sm"
        dismissible={!publishing}
        footer={
          <>
            <Button variant="secondary" onClick={() => setToPublish(null)} disabled={publishing}>
              Cancel
            </Button>
            <Button loading={publishing} onClick={() => void publishAndShare()}>
              Publish and share
            </Button>
          </>
        }
      >
        {toPublish?.thumbnailUrl ? (
          <img src={toPublish.thumbnailUrl} alt="" className="aspect-[4/3] w-full rounded-lg bg-stone-100 object-cover" />
        ) : null}
      </Dialog>
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
    </GalleryActionsContext.Provider>
  );
}
