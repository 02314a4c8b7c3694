import type { BillingCycle, Invoice } from '@atelier/contract';

/**
 * The payment provider behind billing: `local` (test mode, the default, no keys) or `stripe`.
 * It knows the provider's API only; the rules (who may buy what, what a payment grants) are in
 * modules/billing/subscription-sync.ts.
 */

export type PaymentProviderKind = 'local' | 'stripe';

export interface CustomerInfo {
  userId: number;
  email: string;
  name: string;
}

interface CheckoutBase {
  /** Our checkout_sessions id; it travels in the provider's metadata. */
  checkoutId: string;
  userId: number;
  customerId: string;
  /** The Stripe price lookup key (atelier_…); the server's price it must match, in cents. */
  lookupKey: string;
  expectedAmount: number;
  description: string;
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
}

export interface PlanCheckoutInput extends CheckoutBase {
  billingCycle: BillingCycle;
  /** The line item's quantity: 1 for a personal plan, the seats of a studio plan (priced per seat). */
  quantity: number;
}

export type PackCheckoutInput = CheckoutBase;

/** Moving an existing subscription to another price (upgrade, or a change of cycle). */
export interface PlanChangeInput {
  checkoutId: string;
  customerId: string;
  providerSubscriptionId: string;
  lookupKey: string;
  expectedAmount: number;
  billingCycle: BillingCycle;
  /** 1 for a personal plan, the seats of a studio plan. */
  quantity: number;
  returnUrl: string;
}

export interface CheckoutStarted {
  /** The provider's session id (ours for the local provider). */
  providerSessionId: string;
  url: string;
}

export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  createCustomer(customer: CustomerInfo): Promise<string>;
  createPlanCheckout(input: PlanCheckoutInput): Promise<CheckoutStarted>;
  createPlanChange(input: PlanChangeInput): Promise<{ url: string }>;
  createPackCheckout(input: PackCheckoutInput): Promise<CheckoutStarted>;
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /** Newest first; the local provider has none (its receipts are the completed checkouts). */
  listInvoices(customerId: string, limit: number): Promise<Invoice[]>;
}

/** A Stripe subscription as billing needs it, read from Stripe's own state. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** Stripe's status: active, trialing, past_due, unpaid, canceled, incomplete, incomplete_expired, paused. */
  status: string;
  /** The lookup key of the subscription's (single) price. */
  lookupKey: string | null;
  /** Its item's quantity: the seats of a studio plan (1 for a personal plan). */
  quantity: number;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  /** cancel_at_period_end, or a scheduled cancel_at (newer portals set that instead). */
  cancelAtPeriodEnd: boolean;
  metadata: Record<string, string>;
}

/** A Checkout Session as billing needs it. */
export interface ProviderCheckoutSession {
  id: string;
  /** subscription, payment or setup. */
  mode: string;
  /** Stripe's payment_status: paid, unpaid, no_payment_required. */
  paymentStatus: string;
  status: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  amountTotal: number | null;
}

/** What a verified webhook event asks billing to do. */
export type PaymentEvent =
  | { kind: 'checkout'; session: ProviderCheckoutSession }
  | { kind: 'subscription'; subscriptionId: string }
  | { kind: 'ignored' };

export interface VerifiedEvent {
  id: string;
  type: string;
  action: PaymentEvent;
}

export class WebhookSignatureError extends Error {}

/** The provider a checkout cannot be started with (a price missing or not matching the catalog). */
export class CheckoutUnavailableError extends Error {}

/** A Stripe price as the operator's check reports it. */
export interface PriceSummary {
  id: string;
  unitAmount: number | null;
  currency: string;
  /** month, year, or null for a one-time price. */
  interval: string | null;
}

export interface StripePaymentProvider extends PaymentProvider {
  readonly kind: 'stripe';
  /** The active price with this lookup key, or null (for `npm run admin -- stripe-check`). */
  findPrice(lookupKey: string): Promise<PriceSummary | null>;
  /** Verifies the signature on the exact bytes; throws WebhookSignatureError. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): VerifiedEvent;
  retrieveSubscription(id: string): Promise<ProviderSubscription>;
  /** Cancels at once (not at the period's end), without proration: used when the account is deleted. */
  cancelSubscriptionNow(id: string): Promise<void>;
  retrieveCheckoutSession(id: string): Promise<ProviderCheckoutSession>;
}

export function isStripeProvider(p: PaymentProvider): p is StripePaymentProvider {
  return p.kind === 'stripe';
}
