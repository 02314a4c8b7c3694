import { GALLERY_MESSAGES } from '@atelier/contract';
import { ArrowRight, Compass } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useParams } from 'react-router';
import { useExploreImageAsInputMutation, useGetSharedImageQuery } from '../../app/api/gallery';
import { errorMessage } from '../../app/api/http';
import { useAppSelector } from '../../app/hooks';
import { Button, ButtonLink } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { FullPageSpinner } from '../../components/ui/Spinner';
import { usePageTitle } from '../../lib/usePageTitle';

/**
 * /explore/{id} (public): the stable page a shared image is sent with: the picture, its prompt
 * and the author's first name, and Open in Atelier (a copy as a new input image for Create when
 * signed in, else sign-up first).
 */
export function SharedImagePage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useGetSharedImageQuery(id, { skip: !valid });
  const image = query.data;
  usePageTitle(image ? `Render by ${image.authorFirstName}` : 'Shared render');
  const isAuthenticated = useAppSelector((s) => s.auth.isAuthenticated);
  const navigate = useNavigate();
  const [copyToInput] = useExploreImageAsInputMutation();
  const [opening, setOpening] = useState(false);

  if (valid && query.isLoading) return <FullPageSpinner label="Loading the shared render" />;
  if (!valid || query.isError || !image) {
    return (
      <div className="mx-auto mt-20 max-w-md px-6">
        <EmptyState icon={Compass} title="This render is no longer shared" actions={<ButtonLink to="/explore">Browse Explore</ButtonLink>}>
          Its author may have made it private again.
        </EmptyState>
      </div>
    );
  }

  const open = async () => {
    if (!isAuthenticated) {
      navigate('/register');
      return;
    }
    setOpening(true);
    try {
      const { inputImageId } = await copyToInput(image.id).unwrap();
      navigate(`/create?imageId=${inputImageId}`);
    } catch (error) {
      toast.error(errorMessage(error, GALLERY_MESSAGES.useAsInputFailed));
      setOpening(false);
    }
  };

  return (
    <div className="min-h-0 flex-1 overflow-y-auto">
      <article className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-6 py-8">
        <figure className="overflow-hidden rounded-2xl bg-stone-200/70 ring-1 ring-stone-200">
          <img
            src={image.imageUrl}
            alt={image.prompt ? `Render: ${image.prompt}` : `Render by ${image.authorFirstName}`}
            width={image.width ?? undefined}
            height={image.height ?? undefined}
            className="mx-auto max-h-[70vh] w-auto object-contain"
          />
        </figure>
        <div className="flex flex-wrap items-start justify-between gap-6">
          <div className="min-w-0 flex-1">
            <p className="text-sm text-stone-500">
              Made in Atelier by <span className="font-medium text-stone-800">{image.authorFirstName}</span>
            </p>
            <h1 className="mt-2 text-lg leading-7 font-medium text-stone-900">{image.prompt ?? 'An architectural visualization'}</h1>
          </div>
          <Button size="lg" loading={opening} icon={<ArrowRight className="size-4" />} onClick={() => void open()}>
            Open in Atelier
          </Button>
        </div>
      </article>
    </div>
  );
}
