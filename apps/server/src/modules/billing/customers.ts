import { and, eq } from 'drizzle-orm';
import { billingCustomers } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { PaymentProviderKind } from '../../providers/payments/index.js';
import { findUserById } from '../auth/index.js';
import type { BillingDeps, Executor } from './billing.service.js';

export async function findCustomerId(db: Executor, userId: number, provider: PaymentProviderKind): Promise<string | null> {
  const rows = await db
    .select({ id: billingCustomers.customerId })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.userId, userId), eq(billingCustomers.provider, provider)))
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function findUserByCustomer(db: Executor, provider: PaymentProviderKind, customerId: string): Promise<number | null> {
  const rows = await db
    .select({ userId: billingCustomers.userId })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.provider, provider), eq(billingCustomers.customerId, customerId)))
    .limit(1);
  return rows[0]?.userId ?? null;
}

/** The provider's customer for a user, created on first use (one per user and provider). */
export async function ensureCustomer(deps: BillingDeps, userId: number): Promise<string> {
  const provider = deps.payments.kind;
  const existing = await findCustomerId(deps.db, userId, provider);
  if (existing) return existing;
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError(404, 'USER_NOT_FOUND', 'User not found');
  // A team is billed to its owner's address (its own account's address is a placeholder).
  const email = (await deps.teamBillingEmail(userId)) ?? user.email;
  const customerId = await deps.payments.createCustomer({ userId, email, name: user.fullName });
  await deps.db.insert(billingCustomers).values({ userId, provider, customerId }).onConflictDoNothing();
  return (await findCustomerId(deps.db, userId, provider)) ?? customerId;
}
