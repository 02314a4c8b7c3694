import { LogOut } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../app/api/http';
import { useRemoveTeamMemberMutation } from '../../../app/api/teams';
import { useAppDispatch } from '../../../app/hooks';
import { Button } from '../../../components/ui/Button';
import { workspaceSelected } from '../store/workspaceSlice';
import { ConfirmDialog } from './ConfirmDialog';

/** An admin or member leaves the team (DELETE of their own membership) and goes back to their personal workspace. */
export function LeaveTeamButton({ teamId, teamName, me }: { teamId: number; teamName: string; me: number }) {
  const dispatch = useAppDispatch();
  const [leave, { isLoading }] = useRemoveTeamMemberMutation();
  const [asking, setAsking] = useState(false);
  const confirm = async () => {
    try {
      await leave({ teamId, userId: me }).unwrap();
      setAsking(false);
      dispatch(workspaceSelected(null));
      toast.success(`You left ${teamName}`);
    } catch (err) {
      setAsking(false);
      toast.error(errorMessage(err, 'Could not leave the team'));
    }
  };
  return (
    <>
      <Button variant="dangerOutline" icon={<LogOut className="size-4" />} onClick={() => setAsking(true)}>
        Leave team
      </Button>
      <ConfirmDialog open={asking} busy={isLoading} title={`Leave ${teamName}?`} confirmLabel="Leave team" onCancel={() => setAsking(false)} onConfirm={() => void confirm()}>
        You lose access to the team's gallery and credits at once. What you made stays with the team.
      </ConfirmDialog>
    </>
  );
}
