import clsx from 'clsx';
import { Check, ChevronsUpDown, Plus, Settings2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { useWorkspace } from '../hooks/useWorkspace';
import { roleLabel } from '../lib/roles';
import { CreateTeamDialog } from './CreateTeamDialog';
import { WorkspaceAvatar } from './WorkspaceAvatar';

const itemClass =
  'flex cursor-pointer select-none items-center gap-2.5 rounded-md px-2 py-1.5 text-sm text-stone-800 outline-none data-[highlighted]:bg-stone-100';
const PERSONAL = 'personal';

/** The header's workspace menu: the personal workspace, each team, and "Create a team…". */
export function WorkspaceSwitcher() {
  const user = useAppSelector((s) => s.auth.user);
  const { teamId, team, teams, select } = useWorkspace();
  const [creating, setCreating] = useState(false);
  const name = teamId === null ? 'Personal' : (team?.name ?? 'Team');

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          aria-label={`Workspace: ${name}. Switch workspace`}
          className="flex h-9 max-w-52 items-center gap-2 rounded-lg border border-stone-200 bg-white pr-2 pl-1 text-sm font-medium text-stone-800 transition-colors hover:border-stone-300 hover:bg-stone-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 data-[state=open]:border-stone-300 data-[state=open]:bg-stone-50"
        >
          <WorkspaceAvatar name={teamId === null ? user?.fullName : name} team={teamId !== null} />
          <span className="truncate">{name}</span>
          <ChevronsUpDown className="size-3.5 shrink-0 text-stone-400" aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="start" sideOffset={6} className="z-floating w-72 rounded-xl border border-stone-200 bg-white p-1.5 shadow-overlay">
            <DropdownMenu.Label className="px-2 pt-1 pb-1.5 text-[11px] font-semibold tracking-wide text-stone-500 uppercase">Workspaces</DropdownMenu.Label>
            <DropdownMenu.RadioGroup value={teamId === null ? PERSONAL : String(teamId)} onValueChange={(v) => select(v === PERSONAL ? null : Number(v))}>
              <WorkspaceItem value={PERSONAL} name="Personal" detail={user?.fullName ?? 'Just you'} avatarName={user?.fullName} team={false} />
              {teams.map((t) => (
                <WorkspaceItem
                  key={t.id}
                  value={String(t.id)}
                  name={t.name}
                  detail={`${roleLabel(t.role)} · ${t.memberCount} ${t.memberCount === 1 ? 'member' : 'members'}`}
                  avatarName={t.name}
                  team
                />
              ))}
            </DropdownMenu.RadioGroup>
            <DropdownMenu.Separator className="my-1.5 h-px bg-stone-100" />
            {teamId !== null ? (
              <DropdownMenu.Item asChild className={itemClass}>
                <Link to="/team">
                  <Settings2 className="size-4 text-stone-500" aria-hidden /> Manage team
                </Link>
              </DropdownMenu.Item>
            ) : null}
            <DropdownMenu.Item className={itemClass} onSelect={() => setCreating(true)}>
              <Plus className="size-4 text-stone-500" aria-hidden /> Create a team…
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <CreateTeamDialog open={creating} onOpenChange={setCreating} onCreated={select} />
    </>
  );
}

function WorkspaceItem({ value, name, detail, avatarName, team }: { value: string; name: string; detail: string; avatarName: string | null | undefined; team: boolean }) {
  return (
    <DropdownMenu.RadioItem value={value} className={clsx(itemClass, 'group')}>
      <WorkspaceAvatar name={avatarName} team={team} />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{name}</span>
        <span className="block truncate text-xs text-stone-500">{detail}</span>
      </span>
      <DropdownMenu.ItemIndicator>
        <Check className="size-4 text-brand-600" aria-hidden />
      </DropdownMenu.ItemIndicator>
    </DropdownMenu.RadioItem>
  );
}
