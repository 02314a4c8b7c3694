import { Camera, ImageUp, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import toast from 'react-hot-toast';
import { useDeleteProfilePictureMutation, useUploadProfilePictureMutation } from '../../../app/api/auth';
import { errorMessage } from '../../../app/api/http';
import { useAppSelector } from '../../../app/hooks';
import { Alert } from '../../../components/ui/Alert';
import { Avatar } from '../../../components/ui/Avatar';
import { Button } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { PageHeader } from '../../../components/ui/PageHeader';
import { usePageTitle } from '../../../lib/usePageTitle';
import { PROFILE_PICTURE_TYPES, profilePictureProblem } from '../profilePicture';
import { NameCard } from './NameCard';

function PictureCard() {
  const user = useAppSelector((s) => s.auth.user);
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [upload, uploadState] = useUploadProfilePictureMutation();
  const [remove, removeState] = useDeleteProfilePictureMutation();

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    const issue = profilePictureProblem(chosen);
    setProblem(issue);
    setFile(issue ? null : chosen);
  };

  const save = async () => {
    if (!file) return;
    try {
      await upload(file).unwrap();
      toast.success('Profile picture updated');
      setFile(null);
    } catch (error) {
      setProblem(errorMessage(error, 'Could not upload the picture.'));
    }
  };

  const removePicture = async () => {
    try {
      await remove().unwrap();
      toast.success('Profile picture removed');
    } catch (error) {
      setProblem(errorMessage(error, 'Could not remove the picture.'));
    }
  };

  return (
    <Card className="p-6">
      <CardHeader title="Profile picture" description="Shown in the header and on your account. JPG, PNG or WEBP, up to 5 MB." icon={<Camera className="size-[18px]" />} />
      <div className="mt-6 flex flex-wrap items-center gap-6 sm:pl-12">
        <div className="relative">
          <Avatar name={user?.fullName} src={preview ?? user?.profilePicture} size="xl" />
          {preview ? (
            <span className="absolute -bottom-1 left-1/2 -translate-x-1/2 rounded-full bg-stone-900 px-2 py-0.5 text-[10px] font-semibold tracking-wide text-white uppercase">
              Preview
            </span>
          ) : null}
        </div>
        <div className="flex flex-col gap-3">
          <input ref={inputRef} type="file" accept={PROFILE_PICTURE_TYPES.join(',')} className="sr-only" onChange={choose} tabIndex={-1} aria-hidden />
          {file ? (
            <>
              <p className="max-w-xs truncate text-sm text-stone-600">{file.name}</p>
              <div className="flex flex-wrap gap-2">
                <Button onClick={save} loading={uploadState.isLoading} icon={<ImageUp className="size-4" />}>
                  Save picture
                </Button>
                <Button variant="ghost" onClick={() => setFile(null)} disabled={uploadState.isLoading}>
                  Cancel
                </Button>
              </div>
            </>
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => inputRef.current?.click()} icon={<ImageUp className="size-4" />}>
                {user?.profilePicture ? 'Upload new picture' : 'Upload picture'}
              </Button>
              {user?.profilePicture ? (
                <Button variant="ghost" onClick={removePicture} loading={removeState.isLoading} icon={<Trash2 className="size-4" />}>
                  Remove
                </Button>
              ) : null}
            </div>
          )}
        </div>
      </div>
      {problem ? (
        <Alert tone="error" className="mt-5 max-w-md sm:ml-12">
          {problem}
        </Alert>
      ) : null}
    </Card>
  );
}

export function ProfileSettingsPage() {
  usePageTitle('Profile settings');
  return (
    <>
      <PageHeader title="Profile Settings" description="Your name, the display name others see, and your picture." />
      <div className="grid max-w-3xl gap-5">
        <PictureCard />
        <NameCard />
      </div>
    </>
  );
}
