import { describe, expect, it } from 'vitest';
import { canManageMembers, memberActions } from './roles';

const owner = { userId: 1, role: 'owner' as const };
const admin = { userId: 2, role: 'admin' as const };
const member = { userId: 3, role: 'member' as const };
const otherMember = { userId: 4, role: 'member' as const };

describe('the member table action matrix', () => {
  it('lets owners and admins manage, members not', () => {
    expect([owner, admin, member].map((c) => canManageMembers(c.role))).toEqual([true, true, false]);
  });

  it('the owner edits everyone else, hands over ownership, and sets their own cap', () => {
    expect(memberActions(owner, member)).toEqual({ editCap: true, editRole: true, remove: true, handOver: true });
    expect(memberActions(owner, admin)).toEqual({ editCap: true, editRole: true, remove: true, handOver: true });
    expect(memberActions(owner, owner)).toEqual({ editCap: true, editRole: false, remove: false, handOver: false });
  });

  it('an admin edits members and admins but never the owner, and cannot hand over', () => {
    expect(memberActions(admin, member)).toEqual({ editCap: true, editRole: true, remove: true, handOver: false });
    expect(memberActions(admin, owner)).toEqual({ editCap: false, editRole: false, remove: false, handOver: false });
  });

  it('a member changes nothing', () => {
    expect(memberActions(member, otherMember)).toEqual({ editCap: false, editRole: false, remove: false, handOver: false });
    expect(memberActions(member, member)).toEqual({ editCap: false, editRole: false, remove: false, handOver: false });
  });
});
