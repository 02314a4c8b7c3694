import { ArrowRight, Images, Plus, Users } from 'lucide-react';
import { useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { Badge } from '../../components/ui/Badge';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { PageHeader } from '../../components/ui/PageHeader';
import { Spinner } from '../../components/ui/Spinner';
import { formatNumber } from '../../lib/format';
import { usePageTitle } from '../../lib/usePageTitle';
import { CreateTeamDialog } from './components/CreateTeamDialog';
import { InvitationsCard } from './components/InvitationsCard';
import { LeaveTeamButton } from './components/LeaveTeamButton';
import { MembersCard } from './components/MembersCard';
import { TeamBillingCard } from './components/TeamBillingCard';
import { UsageReport } from './components/UsageReport';
import { WorkspaceAvatar } from './components/WorkspaceAvatar';
import { useWorkspace } from './hooks/useWorkspace';
import { canManageMembers, roleLabel } from './lib/roles';

/** /team: the chosen team's members, invitations, usage and plan; in the personal workspace, the caller's teams. */
export function TeamPage() {
  usePageTitle('Team');
  const { teamId, team, teams, teamsLoading, select } = useWorkspace();
  const me = useAppSelector((s) => s.auth.user?.id ?? 0);
  const [creating, setCreating] = useState(false);
  const createDialog = <CreateTeamDialog open={creating} onOpenChange={setCreating} onCreated={select} />;

  if (teamsLoading) {
    return (
      <div className="flex justify-center py-24" role="status" aria-label="Loading teams">
        <Spinner />
      </div>
    );
  }

  if (teamId === null || !team) {
    return (
      <>
        <PageHeader
          title="Team"
          description="Share one credit pool and one gallery with your studio."
          actions={teams.length ? <Button icon={<Plus className="size-4" />} onClick={() => setCreating(true)}>Create a team</Button> : null}
        />
        {teams.length ? (
          <ul className="grid gap-3">
            {teams.map((t) => (
              <li key={t.id}>
                <Card className="flex items-center gap-4 p-4">
                  <WorkspaceAvatar name={t.name} team className="size-10 text-sm" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium text-stone-900">{t.name}</p>
                    <p className="text-sm text-stone-500">
                      {roleLabel(t.role)} · {t.memberCount} of {t.seatLimit} seats · {formatNumber(t.creditBalance)} credits in the pool
                    </p>
                  </div>
                  <Button variant="secondary" icon={<ArrowRight className="size-4" />} onClick={() => select(t.id)}>
                    Work in {t.name}
                  </Button>
                </Card>
              </li>
            ))}
          </ul>
        ) : (
          <Card>
            <EmptyState
              icon={Users}
              title="Work together as a studio"
              actions={<Button icon={<Plus className="size-4" />} onClick={() => setCreating(true)}>Create a team</Button>}
            >
              A team has one credit pool, one gallery and its own members. Invite colleagues by e-mail, set a monthly cap for each,
              and see who spent what. Your personal workspace stays yours.
            </EmptyState>
          </Card>
        )}
        {createDialog}
      </>
    );
  }

  const manager = canManageMembers(team.role);
  return (
    <>
      <PageHeader
        title={
          <span className="flex items-center gap-3">
            <WorkspaceAvatar name={team.name} team className="size-9 text-sm" />
            {team.name}
            <Badge tone={team.role === 'owner' ? 'brand' : 'neutral'}>{roleLabel(team.role)}</Badge>
          </span>
        }
        description={`${formatNumber(team.creditBalance)} credits in the team pool · ${team.role === 'member' ? 'you work with the team’s credits and gallery' : 'you manage members, caps and invitations'}`}
        actions={
          <div className="flex gap-2">
            {team.role === 'owner' ? null : <LeaveTeamButton teamId={team.id} teamName={team.name} me={me} />}
            <ButtonLink to="/gallery" variant="secondary" icon={<Images className="size-4" />}>
              Team gallery
            </ButtonLink>
          </div>
        }
      />
      <div className="grid gap-6">
        <MembersCard teamId={team.id} me={me} myRole={team.role} seatLimit={team.seatLimit} />
        {manager ? <InvitationsCard teamId={team.id} /> : null}
        <UsageReport teamId={team.id} ownOnly={!manager} />
        <TeamBillingCard team={team} />
      </div>
      {createDialog}
    </>
  );
}
