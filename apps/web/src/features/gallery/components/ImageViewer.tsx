import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useEffect, useState, type ReactNode } from 'react';

export interface ImageViewerProps {
  open: boolean;
  onClose: () => void;
  /** The full image; the thumbnail shows (blurred up) until it arrives. */
  src: string | null;
  placeholder: string | null;
  alt: string;
  title: ReactNode;
  meta?: ReactNode;
  /** Labelled action buttons, right of the title. */
  actions?: ReactNode;
  /** Prompt, owner… under the image. */
  children?: ReactNode;
}

/** A quiet, dark full-window view of one image. Escape or the close button returns to the grid. */
export function ImageViewer({ open, onClose, src, placeholder, alt, title, meta, actions, children }: ImageViewerProps) {
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!src) return;
    const img = new Image();
    img.onload = () => setLoadedSrc(src);
    img.src = src;
    return () => {
      img.onload = null;
    };
  }, [src]);
  const showFull = loadedSrc !== null && loadedSrc === src;

  return (
    <RadixDialog.Root open={open} onOpenChange={(o) => (o ? undefined : onClose())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-modal animate-fade-in bg-stone-950/[0.97]" />
        <RadixDialog.Content
          className="fixed inset-0 z-modal flex animate-fade-in flex-col text-white focus:outline-none"
          aria-describedby={undefined}
        >
          <div className="flex shrink-0 items-center gap-4 px-5 py-3">
            <div className="min-w-0 flex-1">
              <RadixDialog.Title className="truncate text-sm font-semibold">{title}</RadixDialog.Title>
              {meta ? <div className="mt-0.5 truncate text-xs text-white/60">{meta}</div> : null}
            </div>
            <div className="flex items-center gap-1.5">{actions}</div>
            <RadixDialog.Close
              aria-label="Close image"
              className="ml-2 inline-flex size-9 items-center justify-center rounded-lg text-white/70 transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
            >
              <X className="size-5" />
            </RadixDialog.Close>
          </div>
          <div className="relative flex min-h-0 flex-1 items-center justify-center px-6 pb-4">
            {placeholder && !showFull ? (
              <img src={placeholder} alt="" aria-hidden className="max-h-full max-w-full scale-[1.001] object-contain blur-[2px]" />
            ) : null}
            {showFull ? <img src={src!} alt={alt} className="max-h-full max-w-full rounded-sm object-contain shadow-overlay" /> : null}
          </div>
          {children ? <div className="shrink-0 px-6 pb-5">{children}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
