import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { Dialog } from '../../../components/ui/Dialog';
import { useSignOut } from '../../auth';

/** "Sign out of all devices": ends every session of the account, after a confirmation. Log out elsewhere ends only that browser's session. */
export function SessionsCard() {
  const [signOut, signingOut] = useSignOut({ everywhere: true });
  const [open, setOpen] = useState(false);
  return (
    <Card className="p-6">
      <CardHeader
        title="Sessions"
        description="Log out ends the session in this browser only. Signed in on a computer or phone you no longer use? Sign out of all devices ends every session, this one included."
        icon={<LogOut className="size-[18px]" />}
        action={
          <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
            Sign out of all devices
          </Button>
        }
      />
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!signingOut) setOpen(next);
        }}
        title="Sign out of all devices?"
        description="Every browser, phone and tablet signed in to this account is signed out, this one included. Renders already running keep going."
        dismissible={!signingOut}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={signingOut}>
              Cancel
            </Button>
            <Button onClick={() => void signOut()} loading={signingOut}>
              Sign out of all devices
            </Button>
          </>
        }
      />
    </Card>
  );
}
