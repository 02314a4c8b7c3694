import type { GalleryImage, GalleryLayout } from '@atelier/contract';
import clsx from 'clsx';
import { Download, Ellipsis, Globe, GlobeLock, Share2, Sparkles, Trash2, WandSparkles } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { memo, useState } from 'react';
import { isCompletedImage, timeOfDay } from '../lib/days';
import { isThumbnailPreloaded } from '../lib/thumbnailPreload';
import { Spinner } from '../../../components/ui/Spinner';
import { FULL_CAPTION_HEIGHT as CAPTION_HEIGHT } from '../lib/geometry';
import { useGalleryActions } from './galleryActionsContext';
import { Hint, IconAction } from './IconAction';

const MODULE_LABEL = { CREATE: 'Create', TWEAK: 'Tweak', REFINE: 'Upscale' } as const;

/**
 * The thumbnail (the grid loads thumbnails, never originals), faded in once loaded; one the
 * first screen preloaded shows as soon as it is there (it is, or nearly), without the fade.
 */
export function Thumbnail({ src, alt, fit = 'cover', className }: { src: string | null; alt: string; fit?: 'cover' | 'contain'; className?: string }) {
  const [loaded, setLoaded] = useState(false);
  if (!src) return <div className={clsx('size-full bg-stone-200', className)} aria-hidden />;
  const preloaded = isThumbnailPreloaded(src);
  return (
    <img
      src={src}
      alt={alt}
      loading={preloaded ? 'eager' : 'lazy'}
      decoding="async"
      draggable={false}
      onLoad={() => setLoaded(true)}
      className={clsx(
        'size-full',
        preloaded ? 'transition-transform' : 'transition-[opacity,transform]',
        'duration-300 ease-out',
        fit === 'cover' ? 'object-cover' : 'object-contain',
        loaded || preloaded ? 'opacity-100' : 'opacity-0',
        className,
      )}
    />
  );
}

/** Share on Explore / make private, and delete: the less frequent actions, behind a menu. */
export function MoreActionsMenu({
  image,
  tone = 'overlay',
  onOpenChange,
}: {
  image: GalleryImage;
  tone?: 'overlay' | 'plain';
  onOpenChange?: (open: boolean) => void;
}) {
  const actions = useGalleryActions();
  const itemClass =
    'flex cursor-default select-none items-center gap-2.5 rounded-md px-2.5 py-2 text-[13px] text-stone-700 outline-none data-[highlighted]:bg-stone-100 data-[highlighted]:text-stone-900';
  return (
    <DropdownMenu.Root modal={false} onOpenChange={onOpenChange}>
      <Hint label="More actions">
        <DropdownMenu.Trigger asChild>
          <button
            type="button"
            aria-label="More actions"
            className={clsx(
              'inline-flex size-8 shrink-0 items-center justify-center transition-colors focus-visible:outline-none focus-visible:ring-2',
              tone === 'overlay'
                ? 'rounded-full bg-stone-950/45 text-white backdrop-blur-sm hover:bg-stone-950/70 focus-visible:ring-white data-[state=open]:bg-stone-950/70'
                : 'rounded-lg text-stone-600 hover:bg-stone-100 hover:text-stone-900 focus-visible:ring-brand-500',
            )}
          >
            <Ellipsis className="size-4" aria-hidden />
          </button>
        </DropdownMenu.Trigger>
      </Hint>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-floating min-w-52 rounded-lg border border-stone-200 bg-white p-1 shadow-overlay"
          onClick={(e) => e.stopPropagation()}
        >
          <DropdownMenu.Item className={itemClass} onSelect={() => void actions.setPublic(image, !image.isPublic)}>
            {image.isPublic ? <GlobeLock className="size-4 text-stone-500" aria-hidden /> : <Globe className="size-4 text-stone-500" aria-hidden />}
            {image.isPublic ? 'Remove from Explore' : 'Share on Explore'}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-stone-100" />
          <DropdownMenu.Item
            className={clsx(itemClass, 'text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800')}
            onSelect={() => actions.requestDelete(image)}
          >
            <Trash2 className="size-4" aria-hidden />
            Delete…
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The four everyday actions as icon buttons with tooltips. */
export function QuickActions({ image, tone = 'overlay' }: { image: GalleryImage; tone?: 'overlay' | 'plain' }) {
  const a = useGalleryActions();
  return (
    <>
      <IconAction tone={tone} label="Download" icon={Download} loading={a.isBusy('download', image.id)} onClick={() => void a.download(image)} />
      <IconAction tone={tone} label="Share" icon={Share2} onClick={() => void a.share(image)} />
      <IconAction tone={tone} label="Send to Tweak" icon={WandSparkles} onClick={() => a.sendToTweak(image)} />
      <IconAction tone={tone} label="Open in Create" icon={Sparkles} loading={a.isBusy('create', image.id)} onClick={() => void a.openInCreate(image)} />
    </>
  );
}

/**
 * One image of the grid. Square layout: a cropped square, image only. Full layout: the whole
 * image on a quiet mat with a caption. Actions appear on hover and on keyboard focus.
 */
export const ImageTile = memo(function ImageTile({ image, layout, height }: { image: GalleryImage; layout: GalleryLayout; height: number }) {
  const actions = useGalleryActions();
  // The action buttons exist only while the tile is hovered or focused (or its menu is open):
  // a screen of tiles stays a screen of images, not hundreds of buttons and tooltips.
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const active = hovered || focused || menuOpen;
  const time = timeOfDay(image.createdAt, actions.timeZone);
  const label = `${MODULE_LABEL[image.moduleType]} render from ${time}`;
  const frameHeight = layout === 'full' ? height - CAPTION_HEIGHT : height;
  return (
    <div
      data-gallery-tile
      data-image-id={image.id}
      className={clsx(
        'group relative min-w-0',
        layout === 'full' && 'overflow-hidden rounded-xl bg-white shadow-card ring-1 ring-stone-200/80',
      )}
      style={{ height }}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <button
        type="button"
        onClick={() => actions.view(image)}
        aria-label={`Open ${label}`}
        className={clsx(
          'relative block w-full overflow-hidden focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2',
          layout === 'square' ? 'rounded-lg bg-stone-200' : 'bg-stone-100',
        )}
        style={{ height: frameHeight }}
      >
        <Thumbnail
          src={image.thumbnailUrl}
          alt={label}
          fit={layout === 'square' ? 'cover' : 'contain'}
          className={layout === 'square' ? 'group-hover:scale-[1.025]' : undefined}
        />
      </button>

      {!isCompletedImage(image) ? (
        // Live additions that are still rendering (spec §4): a spinner while PROCESSING, else Loading….
        <div
          className="pointer-events-none absolute inset-x-0 top-0 flex flex-col items-center justify-center gap-2 rounded-lg bg-stone-900/35 text-xs font-medium text-white"
          style={{ height: frameHeight }}
        >
          {image.status === 'PROCESSING' ? <Spinner size="md" label="Rendering" /> : 'Loading…'}
        </div>
      ) : null}

      {image.isPublic ? (
        <Hint label="Shared on Explore">
          <span className="pointer-events-auto absolute top-2 left-2 inline-flex size-6 items-center justify-center rounded-full bg-white/90 text-brand-700 shadow-card">
            <Globe className="size-3.5" aria-label="Shared on Explore" />
          </span>
        </Hint>
      ) : null}

      {/* Hover and focus: a soft shade and the actions, bottom right. */}
      {active ? (
        <div
          className={clsx(
            'pointer-events-none absolute inset-x-0 flex animate-fade-in items-end justify-between gap-2 p-2',
            layout === 'square' ? 'rounded-b-lg bg-gradient-to-t from-stone-950/55 via-stone-950/10 to-transparent' : 'bg-gradient-to-t from-stone-950/40 to-transparent',
          )}
          style={{ height: Math.min(96, frameHeight), top: frameHeight - Math.min(96, frameHeight) }}
        >
          {layout === 'square' ? (
            <span className="pointer-events-none mb-1 ml-1 truncate text-[11px] font-medium text-white/90 drop-shadow">{time}</span>
          ) : (
            <span />
          )}
          <div className="pointer-events-auto flex items-center gap-1">
            <QuickActions image={image} />
            <MoreActionsMenu image={image} onOpenChange={setMenuOpen} />
          </div>
        </div>
      ) : null}

      {layout === 'full' ? (
        <div className="flex items-center gap-2 px-3" style={{ height: CAPTION_HEIGHT }}>
          <span className="shrink-0 text-[12px] font-medium text-stone-700 tabular-nums">{time}</span>
          <span className="shrink-0 rounded bg-stone-100 px-1.5 py-0.5 text-[10px] font-semibold tracking-wide text-stone-600 uppercase">
            {MODULE_LABEL[image.moduleType]}
          </span>
          {image.prompt ? <span className="min-w-0 truncate text-[12px] text-stone-500">{image.prompt}</span> : null}
        </div>
      ) : null}
    </div>
  );
});
