import type { TeamRole } from '@atelier/contract';

const LABELS: Record<TeamRole, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

export function roleLabel(role: TeamRole): string {
  return LABELS[role];
}

/** Owners and admins invite, remove, change roles and caps, and see everyone's usage. */
export function canManageMembers(role: TeamRole | null | undefined): boolean {
  return role === 'owner' || role === 'admin';
}

/** What the caller may do to one member's row of the /team page. */
export interface MemberActions {
  editCap: boolean;
  editRole: boolean;
  remove: boolean;
  handOver: boolean;
}

/**
 * The member table's action matrix: managers edit caps and roles of others (never the owner's
 * role, which changes only by handing over), an admin cannot touch the owner, only the owner
 * hands over ownership, and nobody removes themselves here.
 */
export function memberActions(caller: { userId: number; role: TeamRole }, member: { userId: number; role: TeamRole }): MemberActions {
  const self = caller.userId === member.userId;
  const manager = canManageMembers(caller.role);
  const touchable = manager && member.role !== 'owner';
  return {
    editCap: manager && (caller.role === 'owner' || member.role !== 'owner'),
    editRole: touchable && !self,
    remove: touchable && !self,
    handOver: caller.role === 'owner' && !self,
  };
}
