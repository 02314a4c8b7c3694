import { TEAM_ROLES, type TeamMember, type TeamRole } from '@atelier/contract';
import { Crown, MoreHorizontal, UserMinus, Users } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../app/api/http';
import { useGetTeamMembersQuery, useRemoveTeamMemberMutation, useUpdateTeamMemberMutation } from '../../../app/api/teams';
import { Alert } from '../../../components/ui/Alert';
import { Avatar } from '../../../components/ui/Avatar';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { formatNumber } from '../../../lib/format';
import { memberActions, roleLabel } from '../lib/roles';
import { lastActiveLabel } from '../lib/usage';
import { CapField } from './CapField';
import { ConfirmDialog } from './ConfirmDialog';

type Pending = { kind: 'remove' | 'handOver'; member: TeamMember } | null;

/** The members table: role, last active, credits used this month against the cap, and the managers' controls. */
export function MembersCard({ teamId, me, myRole, seatLimit }: { teamId: number; me: number; myRole: TeamRole; seatLimit: number }) {
  const members = useGetTeamMembersQuery(teamId);
  const [update, updating] = useUpdateTeamMemberMutation();
  const [remove, removing] = useRemoveTeamMemberMutation();
  const [pending, setPending] = useState<Pending>(null);
  const caller = { userId: me, role: myRole };

  const changeRole = async (member: TeamMember, role: TeamRole) => {
    try {
      await update({ teamId, userId: member.userId, body: { role } }).unwrap();
      toast.success(`${member.fullName} is now ${roleLabel(role).toLowerCase()}`);
    } catch (err) {
      toast.error(errorMessage(err, 'Could not change the role'));
    }
  };
  const confirm = async () => {
    if (!pending) return;
    const { kind, member } = pending;
    try {
      if (kind === 'remove') {
        await remove({ teamId, userId: member.userId }).unwrap();
        toast.success(`${member.fullName} was removed from the team`);
      } else {
        await update({ teamId, userId: member.userId, body: { role: 'owner' } }).unwrap();
        toast.success(`${member.fullName} is now the owner of the team`);
      }
    } catch (err) {
      toast.error(errorMessage(err, kind === 'remove' ? 'Could not remove the member' : 'Could not hand over ownership'));
    }
    setPending(null);
  };

  const count = members.data?.length ?? 0;
  return (
    <Card>
      <div className="p-6 pb-4">
        <CardHeader
          icon={<Users className="size-[18px]" />}
          title="Members"
          description={members.data ? `${count} of ${seatLimit} seats used` : 'Everyone who works in this team'}
        />
      </div>
      {members.isLoading ? (
        <div className="flex justify-center py-10" role="status" aria-label="Loading members">
          <Spinner />
        </div>
      ) : members.isError ? (
        <div className="px-6 pb-6">
          <Alert tone="error" title="Could not load the members">
            {errorMessage(members.error, 'Try again in a moment.')}{' '}
            <Button variant="link" onClick={() => void members.refetch()}>
              Retry
            </Button>
          </Alert>
        </div>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[760px] text-left text-sm" aria-label="Team members">
            <thead className="border-y border-stone-100 bg-stone-50/70 text-xs font-medium text-stone-500">
              <tr>
                <th scope="col" className="px-6 py-2.5 font-medium">Member</th>
                <th scope="col" className="px-3 py-2.5 font-medium">Role</th>
                <th scope="col" className="px-3 py-2.5 font-medium">Last active</th>
                <th scope="col" className="px-3 py-2.5 text-right font-medium">Used this month</th>
                <th scope="col" className="px-3 py-2.5 font-medium">Monthly cap</th>
                <th scope="col" className="w-12 px-3 py-2.5"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {(members.data ?? []).map((member) => {
                const can = memberActions(caller, member);
                return (
                  <tr key={member.userId} className="align-middle">
                    <td className="px-6 py-3">
                      <div className="flex items-center gap-3">
                        <Avatar name={member.fullName} size="sm" />
                        <div className="min-w-0">
                          <p className="truncate font-medium text-stone-900">
                            {member.fullName}
                            {member.userId === me ? <span className="ml-1.5 text-xs font-normal text-stone-500">(you)</span> : null}
                          </p>
                          <p className="truncate text-xs text-stone-500">{member.email}</p>
                        </div>
                      </div>
                    </td>
                    <td className="px-3 py-3">
                      {can.editRole ? (
                        <select
                          aria-label={`Role of ${member.fullName}`}
                          value={member.role}
                          disabled={updating.isLoading}
                          onChange={(e) => void changeRole(member, e.target.value as TeamRole)}
                          className="h-8 rounded-lg border border-stone-300 bg-white px-2 text-sm text-stone-800 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
                        >
                          {TEAM_ROLES.filter((r) => r !== 'owner').map((r) => (
                            <option key={r} value={r}>
                              {roleLabel(r)}
                            </option>
                          ))}
                        </select>
                      ) : (
                        <Badge tone={member.role === 'owner' ? 'brand' : 'neutral'}>
                          {member.role === 'owner' ? <Crown className="size-3" aria-hidden /> : null}
                          {roleLabel(member.role)}
                        </Badge>
                      )}
                    </td>
                    <td className="px-3 py-3 whitespace-nowrap text-stone-600">{lastActiveLabel(member.lastActiveAt)}</td>
                    <td className="px-3 py-3 text-right">
                      <UsedOfCap used={member.creditsUsedThisMonth} cap={member.monthlyCreditCap} />
                    </td>
                    <td className="px-3 py-3">
                      {can.editCap ? (
                        <CapField key={`${member.userId}:${member.monthlyCreditCap}`} teamId={teamId} userId={member.userId} name={member.fullName} cap={member.monthlyCreditCap} />
                      ) : (
                        <span className="text-stone-600 tabular-nums">{member.monthlyCreditCap === null ? 'No cap' : formatNumber(member.monthlyCreditCap)}</span>
                      )}
                    </td>
                    <td className="px-3 py-3 text-right">
                      {can.remove || can.handOver ? (
                        <DropdownMenu.Root modal={false}>
                          <DropdownMenu.Trigger
                            aria-label={`Actions for ${member.fullName}`}
                            className="rounded-lg p-1.5 text-stone-500 hover:bg-stone-100 hover:text-stone-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                          >
                            <MoreHorizontal className="size-4" aria-hidden />
                          </DropdownMenu.Trigger>
                          <DropdownMenu.Portal>
                            <DropdownMenu.Content align="end" sideOffset={4} className="z-floating min-w-52 rounded-lg border border-stone-200 bg-white p-1 shadow-overlay">
                              {can.handOver ? (
                                <DropdownMenu.Item className={menuItem} onSelect={() => setPending({ kind: 'handOver', member })}>
                                  <Crown className="size-4 text-stone-500" aria-hidden /> Make owner…
                                </DropdownMenu.Item>
                              ) : null}
                              {can.remove ? (
                                <DropdownMenu.Item className={`${menuItem} text-red-700 data-[highlighted]:bg-red-50`} onSelect={() => setPending({ kind: 'remove', member })}>
                                  <UserMinus className="size-4" aria-hidden /> Remove from team…
                                </DropdownMenu.Item>
                              ) : null}
                            </DropdownMenu.Content>
                          </DropdownMenu.Portal>
                        </DropdownMenu.Root>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={pending !== null}
        busy={removing.isLoading || updating.isLoading}
        title={pending?.kind === 'handOver' ? `Make ${pending.member.fullName} the owner?` : `Remove ${pending?.member.fullName ?? ''}?`}
        confirmLabel={pending?.kind === 'handOver' ? 'Hand over ownership' : 'Remove member'}
        danger={pending?.kind !== 'handOver'}
        onCancel={() => setPending(null)}
        onConfirm={() => void confirm()}
      >
        {pending?.kind === 'handOver'
          ? 'They get billing and can delete the team. You stay in the team as an admin.'
          : 'They lose access to the team at once: its gallery, its credits and the API keys they made here. What they made stays with the team.'}
      </ConfirmDialog>
    </Card>
  );
}

const menuItem = 'flex cursor-pointer select-none items-center gap-2 rounded-md px-2 py-1.5 text-sm text-stone-800 outline-none data-[highlighted]:bg-stone-100';

function UsedOfCap({ used, cap }: { used: number; cap: number | null }) {
  const percent = cap ? Math.min(100, Math.round((used / cap) * 100)) : 0;
  return (
    <div className="inline-flex flex-col items-end gap-1">
      <span className="tabular-nums text-stone-900">
        {formatNumber(used)}
        {cap !== null ? <span className="text-stone-400"> / {formatNumber(cap)}</span> : null}
      </span>
      {cap !== null ? (
        <span className="h-1 w-20 overflow-hidden rounded-full bg-stone-100" aria-hidden>
          <span className={`block h-full rounded-full ${percent >= 100 ? 'bg-red-500' : percent >= 80 ? 'bg-amber-500' : 'bg-emerald-600'}`} style={{ width: `${percent}%` }} />
        </span>
      ) : null}
    </div>
  );
}
