import { zodResolver } from '@hookform/resolvers/zod';
import { createInvitationRequestSchema, INVITABLE_ROLES, type TeamInvitationList } from '@atelier/contract';
import { MailPlus, RotateCw, X } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../app/api/http';
import {
  useGetTeamInvitationsQuery,
  useInviteTeamMemberMutation,
  useResendTeamInvitationMutation,
  useRevokeTeamInvitationMutation,
} from '../../../app/api/teams';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { TextField } from '../../../components/ui/TextField';
import { formatDate } from '../../../lib/format';
import { roleLabel } from '../lib/roles';
import { ConfirmDialog } from './ConfirmDialog';

interface InviteForm {
  email: string;
  role: (typeof INVITABLE_ROLES)[number];
}

/** Owners and admins: invite by e-mail, and the pending invitations (resend, revoke). */
export function InvitationsCard({ teamId }: { teamId: number }) {
  const invitations = useGetTeamInvitationsQuery(teamId);
  return (
    <Card className="p-6">
      <CardHeader
        icon={<MailPlus className="size-[18px]" />}
        title="Invitations"
        description="An invitation link is valid for 7 days and works once, for the address it was sent to."
      />
      <InviteForm teamId={teamId} />
      <div className="mt-6">
        <h3 className="text-xs font-semibold tracking-wide text-stone-500 uppercase">Pending</h3>
        {invitations.isLoading ? (
          <div className="flex justify-center py-6" role="status" aria-label="Loading invitations">
            <Spinner />
          </div>
        ) : invitations.isError ? (
          <Alert tone="error" className="mt-3">
            {errorMessage(invitations.error, 'Could not load the invitations.')}
          </Alert>
        ) : invitations.data?.length ? (
          <PendingList teamId={teamId} invitations={invitations.data} />
        ) : (
          <p className="mt-3 text-sm text-stone-500">No pending invitations.</p>
        )}
      </div>
    </Card>
  );
}

function InviteForm({ teamId }: { teamId: number }) {
  const [invite, { isLoading, error }] = useInviteTeamMemberMutation();
  const {
    register: field,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<InviteForm>({ resolver: zodResolver(createInvitationRequestSchema) as never, defaultValues: { email: '', role: 'member' } });
  const onSubmit = async (values: InviteForm) => {
    try {
      const sent = await invite({ teamId, body: values }).unwrap();
      toast.success(`Invitation sent to ${sent.email}`);
      reset({ email: '', role: values.role });
    } catch {
      // shown inline
    }
  };
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-5 grid gap-3 sm:pl-12">
      {error ? <Alert tone="error">{errorMessage(error, 'Could not send the invitation.')}</Alert> : null}
      <div className="flex flex-wrap items-start gap-3">
        <TextField label="E-mail" type="email" autoComplete="off" placeholder="colleague@studio.com" className="min-w-64 flex-1" error={errors.email?.message} {...field('email')} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="invite-role" className="text-[13px] font-medium text-stone-700">
            Role
          </label>
          <select id="invite-role" {...field('role')} className="h-10 rounded-lg border border-stone-300 bg-white px-3 text-sm text-stone-800 focus:outline-none focus:ring-2 focus:ring-brand-500/30">
            {INVITABLE_ROLES.map((r) => (
              <option key={r} value={r}>
                {roleLabel(r)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" loading={isLoading} className="mt-[26px]">
          Send invitation
        </Button>
      </div>
    </form>
  );
}

function PendingList({ teamId, invitations }: { teamId: number; invitations: TeamInvitationList }) {
  const [resend, resending] = useResendTeamInvitationMutation();
  const [revoke, revoking] = useRevokeTeamInvitationMutation();
  const [revokeId, setRevokeId] = useState<number | null>(null);
  const target = invitations.find((i) => i.id === revokeId);

  const doResend = async (id: number, email: string) => {
    try {
      await resend({ teamId, invitationId: id }).unwrap();
      toast.success(`Invitation sent again to ${email}`);
    } catch (err) {
      toast.error(errorMessage(err, 'Could not resend the invitation'));
    }
  };
  const doRevoke = async () => {
    if (!target) return;
    try {
      await revoke({ teamId, invitationId: target.id }).unwrap();
      toast.success(`Invitation to ${target.email} revoked`);
    } catch (err) {
      toast.error(errorMessage(err, 'Could not revoke the invitation'));
    }
    setRevokeId(null);
  };

  return (
    <>
      <ul className="mt-2 divide-y divide-stone-100 rounded-lg border border-stone-200">
        {invitations.map((inv) => (
          <li key={inv.id} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-stone-900">{inv.email}</p>
              <p className="text-xs text-stone-500">
                {roleLabel(inv.role)} · invited by {inv.invitedBy} · expires {formatDate(inv.expiresAt)}
              </p>
            </div>
            <Button
              size="sm"
              variant="ghost"
              icon={<RotateCw className="size-3.5" />}
              loading={resending.isLoading && resending.originalArgs?.invitationId === inv.id}
              onClick={() => void doResend(inv.id, inv.email)}
            >
              Resend
            </Button>
            <Button size="sm" variant="dangerOutline" icon={<X className="size-3.5" />} onClick={() => setRevokeId(inv.id)}>
              Revoke
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={target !== undefined}
        busy={revoking.isLoading}
        title="Revoke this invitation?"
        confirmLabel="Revoke invitation"
        onCancel={() => setRevokeId(null)}
        onConfirm={() => void doRevoke()}
      >
        {`The link sent to ${target?.email ?? ''} stops working at once. You can invite them again later.`}
      </ConfirmDialog>
    </>
  );
}
