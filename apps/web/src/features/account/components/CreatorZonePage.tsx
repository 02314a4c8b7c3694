import { GALLERY_MESSAGES, sharedImagePath } from '@atelier/contract';
import { ExternalLink, GlobeLock, Star } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { useSetImageVisibilityMutation } from '../../../app/api/gallery';
import { errorMessage } from '../../../app/api/http';
import { useGetMySharedQuery } from '../../../app/api/referrals';
import { Alert } from '../../../components/ui/Alert';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PageHeader } from '../../../components/ui/PageHeader';
import { FullPageSpinner } from '../../../components/ui/Spinner';
import { usePageTitle } from '../../../lib/usePageTitle';
import { formatDate } from '../../../lib/format';

/** /zone: the user's creator page: their images shared on Explore, how many, to open or unpublish. */
export function CreatorZonePage() {
  usePageTitle('Creator Zone');
  const { data, isLoading, isError } = useGetMySharedQuery();
  const [setVisibility] = useSetImageVisibilityMutation();
  const [busy, setBusy] = useState<number | null>(null);

  const unpublish = async (id: number) => {
    setBusy(id);
    try {
      await setVisibility({ id, isPublic: false }).unwrap();
      toast.success(GALLERY_MESSAGES.madePrivate);
    } catch (error) {
      toast.error(errorMessage(error, GALLERY_MESSAGES.visibilityFailed));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <PageHeader title="Creator Zone" description="Your work on Explore: what the community sees, and its share pages." />
      {isLoading ? <FullPageSpinner label="Loading your shared images" /> : null}
      {isError ? <Alert tone="error">Failed to load your shared images. Reload the page to try again.</Alert> : null}
      {data ? (
        <>
          <p className="mb-4 text-sm text-stone-600">
            <span className="font-semibold text-stone-900 tabular-nums">{data.total}</span> {data.total === 1 ? 'image' : 'images'} shared on Explore
          </p>
          {data.images.length === 0 ? (
            <Card>
              <EmptyState icon={Star} title="Nothing shared yet" actions={<ButtonLink to="/gallery">Open your gallery</ButtonLink>}>
                Choose Share on Explore on any render in your gallery: it gets a page anyone can open, and appears here.
              </EmptyState>
            </Card>
          ) : (
            <ul aria-label="Your shared images" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {data.images.map((image) => (
                <li key={image.id}>
                  <Card className="overflow-hidden">
                    <Link to={sharedImagePath(image.id)} className="block bg-stone-100">
                      <img src={image.thumbnailUrl} alt={image.prompt ?? `Render ${image.id}`} className="aspect-[4/3] w-full object-cover" loading="lazy" />
                    </Link>
                    <div className="flex flex-col gap-3 p-4">
                      <p className="line-clamp-2 min-h-10 text-[13px] leading-5 text-stone-700">{image.prompt ?? 'No prompt'}</p>
                      <p className="text-xs text-stone-500">Shared {formatDate(image.publishedAt)}</p>
                      <div className="flex gap-2">
                        <ButtonLink to={sharedImagePath(image.id)} size="sm" variant="secondary" icon={<ExternalLink className="size-4" />}>
                          Open
                        </ButtonLink>
                        <Button size="sm" variant="secondary" loading={busy === image.id} icon={<GlobeLock className="size-4" />} onClick={() => void unpublish(image.id)}>
                          Unpublish
                        </Button>
                      </div>
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </>
  );
}
