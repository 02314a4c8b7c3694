import { useState } from 'react';
import toast from 'react-hot-toast';
import { adminSuspensionSchema, type AdminUser } from '@atelier/contract';
import { useSetSuspensionMutation } from '../../../app/api/admin';
import { errorMessage } from '../../../app/api/http';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { TextField } from '../../../components/ui/TextField';

/** Suspend (or restore) the account, after a confirmation that asks for the reason. */
export function SuspendToggle({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [setSuspension, saving] = useSetSuspensionMutation();
  const suspending = user.suspendedAt === null;

  const confirm = async () => {
    const parsed = adminSuspensionSchema.safeParse({ suspended: suspending, reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    try {
      await setSuspension({ id: user.id, ...parsed.data }).unwrap();
      toast.success(suspending ? `${user.email} is suspended` : `${user.email} is restored`);
      setOpen(false);
      setReason('');
    } catch (e) {
      toast.error(errorMessage(e, 'That did not work. Try again.'));
    }
  };

  return (
    <>
      <Button variant={suspending ? 'dangerOutline' : 'secondary'} onClick={() => setOpen(true)}>
        {suspending ? 'Suspend account' : 'Restore account'}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(o) => (saving.isLoading ? undefined : setOpen(o))}
        title={suspending ? `Suspend ${user.email}?` : `Restore ${user.email}?`}
        description={
          suspending
            ? 'Every session and API key of this account stops at once, open tabs are signed out, and signing in is refused until it is restored.'
            : 'The account can sign in again; its API keys work again.'
        }
        size="sm"
        dismissible={!saving.isLoading}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={saving.isLoading}>
              Cancel
            </Button>
            <Button variant={suspending ? 'danger' : 'primary'} loading={saving.isLoading} disabled={saving.isLoading} onClick={() => void confirm()}>
              {suspending ? 'Suspend' : 'Restore'}
            </Button>
          </>
        }
      >
        <TextField label="Reason" placeholder="Kept in the audit log" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} error={error} autoFocus />
      </Dialog>
    </>
  );
}
