import { formatBytes, STORAGE_QUOTA_BYTES, type StorageUsageResponse } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';

export type QuotaDeps = Pick<AppContext, 'storage' | 'subscriptionOf'>;

/** Every file of an account lives under this prefix (inputs, results, masks, tweak files). */
const userPrefix = (userId: number) => `u/${userId}/`;

/** What the account stores now, and the quota of its plan (FREE when no plan is active). */
export async function storageUsage(deps: QuotaDeps, userId: number): Promise<StorageUsageResponse> {
  const [usedBytes, subscription] = await Promise.all([deps.storage.sizeOfPrefix(userPrefix(userId)), deps.subscriptionOf(userId)]);
  const planType = subscription.status === 'ACTIVE' || subscription.status === 'PAST_DUE' ? subscription.planType : 'FREE';
  return { usedBytes, quotaBytes: STORAGE_QUOTA_BYTES[planType], planType };
}

/** 413 naming what is used when `incomingBytes` more would pass the plan's quota. */
export async function assertStorageRoom(deps: QuotaDeps, userId: number, incomingBytes: number): Promise<void> {
  const usage = await storageUsage(deps, userId);
  if (usage.usedBytes + incomingBytes <= usage.quotaBytes) return;
  throw new AppError(
    413,
    'STORAGE_QUOTA_EXCEEDED',
    `Your storage is full: ${formatBytes(usage.usedBytes)} of ${formatBytes(usage.quotaBytes)} used. Delete images you no longer need, or upgrade your plan.`,
  );
}
