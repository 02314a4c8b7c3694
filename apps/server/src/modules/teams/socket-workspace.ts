import { parseWorkspaceValue } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { findMembership } from './membership.js';

/**
 * The account a live socket listens to: the person's own without `workspace`, the team's
 * account for `team:{id}` when the person is a member; null (refused) otherwise.
 */
export async function socketWorkspaceAccount(ctx: AppContext, personId: number, workspace: string | undefined): Promise<number | null> {
  if (workspace === undefined || workspace === '' || workspace === 'personal') return personId;
  const teamId = parseWorkspaceValue(workspace);
  if (teamId === null) return null;
  const membership = await findMembership(ctx.db, teamId, personId);
  return membership?.accountUserId ?? null;
}
