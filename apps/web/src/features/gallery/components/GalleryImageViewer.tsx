import type { GalleryImage } from '@atelier/contract';
import { Download, Globe, GlobeLock, Share2, Sparkles, Trash2, WandSparkles } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { dayHeading, dayKeyOf, timeOfDay } from '../lib/days';
import { useGalleryActions } from './galleryActionsContext';
import { ImageViewer } from './ImageViewer';

const MODULE_LABEL = { CREATE: 'Create', TWEAK: 'Tweak', REFINE: 'Upscale' } as const;

const darkButton = 'border-white/15 bg-white/5 text-white shadow-none hover:border-white/30 hover:bg-white/10 active:bg-white/15';

/** One of the user's images, large, with every action labelled. */
export function GalleryImageViewer({ image, onClose }: { image: GalleryImage | null; onClose: () => void }) {
  const a = useGalleryActions();
  if (!image) return <ImageViewer open={false} onClose={onClose} src={null} placeholder={null} alt="" title="" />;
  const when = `${dayHeading(dayKeyOf(image.createdAt, a.timeZone), a.timeZone)} · ${timeOfDay(image.createdAt, a.timeZone)}`;
  return (
    <ImageViewer
      open
      onClose={onClose}
      src={image.imageUrl}
      placeholder={image.thumbnailUrl}
      alt={`${MODULE_LABEL[image.moduleType]} render ${image.id}`}
      title={`${MODULE_LABEL[image.moduleType]} · Image ${image.id}`}
      meta={`${when}${image.width && image.height ? ` · ${image.width} × ${image.height}` : ''}${image.isPublic ? ' · Shared on Explore' : ''}`}
      actions={
        <>
          <Button size="sm" variant="secondary" className={darkButton} icon={<Download className="size-4" />} loading={a.isBusy('download', image.id)} onClick={() => void a.download(image)}>
            Download
          </Button>
          <Button size="sm" variant="secondary" className={darkButton} icon={<Share2 className="size-4" />} onClick={() => void a.share(image)}>
            Share
          </Button>
          <Button
            size="sm"
            variant="secondary"
            className={darkButton}
            icon={image.isPublic ? <GlobeLock className="size-4" /> : <Globe className="size-4" />}
            loading={a.isBusy('visibility', image.id)}
            onClick={() => void a.setPublic(image, !image.isPublic)}
          >
            {image.isPublic ? 'Remove from Explore' : 'Share on Explore'}
          </Button>
          <Button size="sm" variant="secondary" className={darkButton} icon={<WandSparkles className="size-4" />} onClick={() => a.sendToTweak(image)}>
            Send to Tweak
          </Button>
          <Button size="sm" className="shadow-none" icon={<Sparkles className="size-4" />} loading={a.isBusy('create', image.id)} onClick={() => void a.openInCreate(image)}>
            Open in Create
          </Button>
          <Button size="sm" variant="ghost" aria-label="Delete image" className="text-white/70 hover:bg-red-500/20 hover:text-white" onClick={() => a.requestDelete(image)}>
            <Trash2 className="size-4" />
          </Button>
        </>
      }
    >
      {image.prompt ? <p className="mx-auto max-w-3xl text-center text-[13px] leading-5 text-white/70">{image.prompt}</p> : null}
    </ImageViewer>
  );
}
