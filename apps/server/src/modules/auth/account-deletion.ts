import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { subscriptions, teamMembers, teams, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { isStripeProvider } from '../../providers/payments/index.js';

export type DeletionDeps = Pick<AppContext, 'db' | 'log' | 'storage' | 'payments'>;

/** Where an account's files live in storage: inputs, results, masks, tweak masks and overlays. */
export const userFilesPrefix = (userId: number) => `u/${userId}/`;

/**
 * Cancels the account's Stripe subscription at once. Runs before the account row goes: if Stripe
 * cannot be reached the deletion stops (502), so nobody keeps paying for a deleted account.
 * Returns whether a subscription was cancelled.
 */
export async function cancelPaidSubscription(deps: DeletionDeps, userId: number): Promise<boolean> {
  const [row] = await deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  if (!row || row.provider !== 'stripe' || !row.providerSubscriptionId || row.status === 'CANCELED') return false;
  if (!isStripeProvider(deps.payments)) return false;
  try {
    await deps.payments.cancelSubscriptionNow(row.providerSubscriptionId);
  } catch (err) {
    deps.log.error({ err, userId }, 'could not cancel the Stripe subscription of an account being deleted');
    throw new AppError(
      502,
      'PAYMENT_PROVIDER_UNAVAILABLE',
      'Your subscription could not be cancelled right now, so your account was not deleted. Please try again in a few minutes.',
    );
  }
  return true;
}

/**
 * Deletes the account row (every table of the user's data cascades, so its public images leave
 * Explore with it), then every stored file of the account: earlier signed URLs then answer 404.
 */
export async function deleteAccountData(deps: DeletionDeps, userId: number): Promise<void> {
  await deps.db.delete(users).where(eq(users.id, userId));
  await deps.storage.deletePrefix(userFilesPrefix(userId));
}

/**
 * Before a person's account goes (issue 32): a team they own with other members must be handed
 * over or deleted first (409 OWNS_TEAM); a team they are alone in goes with them (its plan is
 * cancelled, its account and files deleted). Their other memberships cascade with the account.
 */
export async function releaseOwnedTeams(deps: DeletionDeps, userId: number): Promise<void> {
  const owned = await deps.db
    .select({
      accountUserId: teams.accountUserId,
      members: sql<number>`(SELECT count(*)::int FROM team_members m WHERE m.team_id = ${teams.id})`,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.role, 'owner')));
  if (owned.some((t) => Number(t.members) > 1)) {
    throw new AppError(409, 'OWNS_TEAM', 'You own a team with other members. Hand its ownership over or delete the team first.');
  }
  for (const team of owned) {
    await cancelPaidSubscription(deps, team.accountUserId);
    await deleteAccountData(deps, team.accountUserId);
  }
}
