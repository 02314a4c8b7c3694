import { Dialog as RadixDialog } from 'radix-ui';
import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LogoMark } from '../../../components/ui/Logo';
import { closeGallery } from '../store/galleryUiSlice';
import { GallerySkeleton } from './Skeletons';

// Loaded on first opening: the module pages do not carry the gallery's code until it is used.
const GalleryView = lazy(() => import('./GalleryView').then((m) => ({ default: m.GalleryView })));

/**
 * The gallery as a full-screen modal over Create, Tweak and Upscale (image-modules §2). It
 * closes on Escape, on a route change and with its Close gallery button. `rail` is the work
 * sidebar: inside the modal its entries switch the gallery mode instead of navigating.
 */
export function GalleryModal({ rail }: { rail?: ReactNode }) {
  const dispatch = useAppDispatch();
  const isOpen = useAppSelector((s) => s.galleryUi.isOpen);
  const location = useLocation();
  // The route (pathname) only: screens that rewrite their query string keep the gallery open.
  const where = location.pathname;
  const previous = useRef(where);
  useEffect(() => {
    if (previous.current === where) return;
    previous.current = where;
    dispatch(closeGallery());
  }, [where, dispatch]);

  const close = () => dispatch(closeGallery());
  return (
    <RadixDialog.Root open={isOpen} onOpenChange={(open) => (open ? undefined : close())}>
      <RadixDialog.Portal>
        <RadixDialog.Content
          aria-describedby={undefined}
          data-gallery-modal
          className="fixed inset-0 z-modal flex animate-fade-in bg-stone-50 focus:outline-none"
        >
          <RadixDialog.Title className="sr-only">Gallery</RadixDialog.Title>
          {rail ? (
            <div className="flex shrink-0 flex-col">
              <div className="flex h-[72px] shrink-0 items-center justify-center border-r border-b border-stone-200 bg-white text-stone-900">
                <LogoMark />
              </div>
              <div className="flex min-h-0 flex-1">{rail}</div>
            </div>
          ) : null}
          <Suspense
            fallback={
              <div className="flex-1">
                <GallerySkeleton columns={4} aspectRatio="1 / 1" gap={16} />
              </div>
            }
          >
            <GalleryView variant="modal" onClose={close} />
          </Suspense>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
