import { zodResolver } from '@hookform/resolvers/zod';
import { publicNameOf, updateProfileRequestSchema } from '@atelier/contract';
import { UserRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useUpdateProfileMutation } from '../../../app/api/auth';
import { errorMessage } from '../../../app/api/http';
import { useAppSelector } from '../../../app/hooks';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { TextField } from '../../../components/ui/TextField';

interface NameForm {
  fullName: string;
  /** '' : the default, the first word of the full name. */
  displayName: string;
}

/** The full name (e-mails, receipts) and the one display name others see on Explore and share pages. */
export function NameCard() {
  const user = useAppSelector((s) => s.auth.user);
  const saved: NameForm = { fullName: user?.fullName ?? '', displayName: user?.displayName ?? '' };
  const [updateProfile, { isLoading, error }] = useUpdateProfileMutation();
  const {
    register: field,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isDirty },
  } = useForm<NameForm>({ resolver: zodResolver(updateProfileRequestSchema.required()), defaultValues: saved });

  const onSubmit = async (values: NameForm) => {
    try {
      await updateProfile(values).unwrap();
      reset(values);
      toast.success('Profile updated');
    } catch {
      // shown inline
    }
  };

  const shownAs = publicNameOf({ fullName: watch('fullName'), displayName: watch('displayName') });
  return (
    <Card className="p-6">
      <CardHeader title="Your name" description="Your full name is used in Atelier and on e-mails we send you. Others see only your display name." icon={<UserRound className="size-[18px]" />} />
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-5 grid max-w-md gap-4 sm:pl-12">
        {error ? <Alert tone="error">{errorMessage(error, 'Could not save your name.')}</Alert> : null}
        <TextField label="Full name" autoComplete="name" error={errors.fullName?.message} {...field('fullName')} />
        <TextField
          label="Display name"
          autoComplete="nickname"
          placeholder={publicNameOf({ fullName: watch('fullName') })}
          hint={`Shown with the images you share on Explore and on their share pages, as “${shownAs}”. Leave it empty to use your first name.`}
          error={errors.displayName?.message}
          {...field('displayName')}
        />
        <div className="flex gap-2">
          <Button type="submit" loading={isLoading} disabled={!isDirty}>
            Save changes
          </Button>
          {isDirty ? (
            <Button variant="ghost" onClick={() => reset(saved)} disabled={isLoading}>
              Discard
            </Button>
          ) : null}
        </div>
      </form>
    </Card>
  );
}
