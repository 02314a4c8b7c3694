import { zodResolver } from '@hookform/resolvers/zod';
import { createTeamRequestSchema, type CreateTeamRequest } from '@atelier/contract';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../app/api/http';
import { useCreateTeamMutation } from '../../../app/api/teams';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { TextField } from '../../../components/ui/TextField';

/** "Create a team…": a name, then the new team becomes the workspace. */
export function CreateTeamDialog({ open, onOpenChange, onCreated }: { open: boolean; onOpenChange: (open: boolean) => void; onCreated: (teamId: number) => void }) {
  const [createTeam, { isLoading, error, reset: resetMutation }] = useCreateTeamMutation();
  const {
    register: field,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CreateTeamRequest>({ resolver: zodResolver(createTeamRequestSchema), defaultValues: { name: '' } });

  const close = (next: boolean) => {
    if (!next) {
      reset();
      resetMutation();
    }
    onOpenChange(next);
  };
  const onSubmit = async (values: CreateTeamRequest) => {
    try {
      const team = await createTeam(values).unwrap();
      toast.success(`${team.name} is ready. You are working in it now.`);
      close(false);
      onCreated(team.id);
    } catch {
      // shown inline
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      dismissible={!isLoading}
      title="Create a team"
      description="A team shares one credit pool and one gallery. You will be its owner and can invite colleagues next."
      footer={
        <>
          <Button variant="ghost" onClick={() => close(false)} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" form="create-team-form" loading={isLoading}>
            Create team
          </Button>
        </>
      }
    >
      <form id="create-team-form" noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
        {error ? <Alert tone="error">{errorMessage(error, 'Could not create the team. Try again.')}</Alert> : null}
        <TextField label="Team name" placeholder="e.g. Studio Nord" autoComplete="organization" autoFocus error={errors.name?.message} {...field('name')} />
      </form>
    </Dialog>
  );
}
