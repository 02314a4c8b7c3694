import Stripe from 'stripe';
import type { Invoice } from '@atelier/contract';
import {
  CheckoutUnavailableError,
  WebhookSignatureError,
  type PaymentEvent,
  type ProviderCheckoutSession,
  type ProviderSubscription,
  type StripePaymentProvider,
  type VerifiedEvent,
} from './payments.js';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** stripe-node settings; tests point host/port/protocol at a contract fake of the API. */
  client?: Stripe.StripeConfig;
  /** How long a price found by lookup key is reused (ms). */
  priceCacheMs?: number;
}

type Interval = 'month' | 'year';

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  v == null ? null : typeof v === 'string' ? v : v.id;

/** Seconds since the epoch → Date. */
const fromUnix = (s: number) => new Date(s * 1000);

/**
 * The subscription's period. Current API versions put it on the subscription items; versions
 * before 2025-03-31 had it on the subscription itself, which is the fallback.
 */
export function subscriptionPeriod(sub: Stripe.Subscription): { start: Date; end: Date } {
  const item = sub.items?.data?.[0] as (Stripe.SubscriptionItem & Partial<LegacyPeriod>) | undefined;
  const legacy = sub as Stripe.Subscription & Partial<LegacyPeriod>;
  const start = item?.current_period_start ?? legacy.current_period_start;
  const end = item?.current_period_end ?? legacy.current_period_end;
  if (typeof start !== 'number' || typeof end !== 'number') {
    throw new Error(`Stripe subscription ${sub.id} has no current period`);
  }
  return { start: fromUnix(start), end: fromUnix(end) };
}
interface LegacyPeriod {
  current_period_start: number;
  current_period_end: number;
}

export function toProviderSubscription(sub: Stripe.Subscription): ProviderSubscription {
  const { start, end } = subscriptionPeriod(sub);
  const price = sub.items?.data?.[0]?.price;
  return {
    id: sub.id,
    customerId: idOf(sub.customer) ?? '',
    status: sub.status,
    lookupKey: price?.lookup_key ?? null,
    quantity: sub.items?.data?.[0]?.quantity ?? 1,
    currentPeriodStart: start,
    currentPeriodEnd: end,
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end) || (sub.cancel_at != null && sub.status !== 'canceled'),
    metadata: { ...(sub.metadata ?? {}) },
  };
}

export function toProviderCheckoutSession(s: Stripe.Checkout.Session): ProviderCheckoutSession {
  return {
    id: s.id,
    mode: s.mode,
    paymentStatus: s.payment_status,
    status: s.status,
    customerId: idOf(s.customer),
    subscriptionId: idOf(s.subscription),
    clientReferenceId: s.client_reference_id,
    metadata: { ...(s.metadata ?? {}) },
    amountTotal: s.amount_total,
  };
}

/** The subscription an invoice belongs to: `parent.subscription_details` now, `subscription` before. */
export function invoiceSubscriptionId(inv: Stripe.Invoice): string | null {
  const current = idOf(inv.parent?.subscription_details?.subscription ?? null);
  if (current) return current;
  return idOf((inv as Stripe.Invoice & { subscription?: string | { id: string } | null }).subscription ?? null);
}

/** What billing has to do for an event type; everything it does not name is acknowledged and ignored. */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return { kind: 'checkout', session: toProviderCheckoutSession(event.data.object) };
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { kind: 'subscription', subscriptionId: event.data.object.id };
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const subscriptionId = invoiceSubscriptionId(event.data.object);
      return subscriptionId ? { kind: 'subscription', subscriptionId } : { kind: 'ignored' };
    }
    default:
      return { kind: 'ignored' };
  }
}

function toInvoice(inv: Stripe.Invoice): Invoice {
  const line = inv.lines?.data?.[0];
  return {
    id: inv.id ?? '',
    number: inv.number ?? null,
    date: fromUnix(inv.created).toISOString(),
    description: inv.description ?? line?.description ?? 'Invoice',
    amount: inv.status === 'paid' ? inv.amount_paid : inv.amount_due,
    currency: (inv.currency ?? 'eur').toUpperCase(),
    status: inv.status ?? 'draft',
    hostedUrl: inv.hosted_invoice_url ?? null,
    pdfUrl: inv.invoice_pdf ?? null,
  };
}

/** The real adapter: Stripe Checkout, the Customer Portal, subscriptions and signed webhooks. */
export function createStripePaymentProvider(opts: StripeProviderOptions): StripePaymentProvider {
  const stripe = new Stripe(opts.secretKey, { maxNetworkRetries: 2, telemetry: false, ...opts.client });
  const cacheMs = opts.priceCacheMs ?? 5 * 60 * 1000;
  const prices = new Map<string, { price: Stripe.Price; at: number }>();

  /** The active price of a lookup key, checked against the server's catalog amount. */
  async function priceFor(lookupKey: string, expectedAmount: number, interval: Interval | null): Promise<Stripe.Price> {
    const hit = prices.get(lookupKey);
    let price = hit && Date.now() - hit.at < cacheMs ? hit.price : undefined;
    if (!price) {
      const list = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
      price = list.data[0];
      if (!price) throw new CheckoutUnavailableError(`No active Stripe price with lookup key ${lookupKey}`);
      prices.set(lookupKey, { price, at: Date.now() });
    }
    const problems: string[] = [];
    if (price.unit_amount !== expectedAmount) problems.push(`amount ${price.unit_amount} (catalog ${expectedAmount})`);
    if (price.currency.toLowerCase() !== 'eur') problems.push(`currency ${price.currency}`);
    if (interval && price.recurring?.interval !== interval) problems.push(`interval ${price.recurring?.interval ?? 'none'} (want ${interval})`);
    if (!interval && price.type !== 'one_time') problems.push(`type ${price.type} (want one_time)`);
    if (problems.length) {
      prices.delete(lookupKey);
      throw new CheckoutUnavailableError(`Stripe price ${price.id} (${lookupKey}) does not match the catalog: ${problems.join(', ')}`);
    }
    return price;
  }

  const intervalOf = (cycle: 'MONTHLY' | 'YEARLY'): Interval => (cycle === 'YEARLY' ? 'year' : 'month');

  return {
    kind: 'stripe',

    async createCustomer(customer) {
      const created = await stripe.customers.create(
        { email: customer.email, name: customer.name, metadata: { userId: String(customer.userId) } },
        { idempotencyKey: `atelier-customer-${customer.userId}` },
      );
      return created.id;
    },

    async createPlanCheckout(input) {
      const price = await priceFor(input.lookupKey, input.expectedAmount, intervalOf(input.billingCycle));
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer: input.customerId,
          client_reference_id: String(input.userId),
          line_items: [{ price: price.id, quantity: input.quantity }],
          metadata: input.metadata,
          subscription_data: { metadata: input.metadata, description: input.description },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: `atelier-checkout-${input.checkoutId}` },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { providerSessionId: session.id, url: session.url };
    },

    async createPlanChange(input) {
      const price = await priceFor(input.lookupKey, input.expectedAmount, intervalOf(input.billingCycle));
      const sub = await stripe.subscriptions.retrieve(input.providerSubscriptionId);
      const item = sub.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${sub.id} has no item to change`);
      const session = await stripe.billingPortal.sessions.create({
        customer: input.customerId,
        return_url: input.returnUrl,
        flow_data: {
          type: 'subscription_update_confirm',
          subscription_update_confirm: {
            subscription: sub.id,
            items: [{ id: item.id, price: price.id, quantity: input.quantity }],
          },
          after_completion: { type: 'redirect', redirect: { return_url: input.returnUrl } },
        },
      });
      return { url: session.url };
    },

    async createPackCheckout(input) {
      const price = await priceFor(input.lookupKey, input.expectedAmount, null);
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          customer: input.customerId,
          client_reference_id: String(input.userId),
          line_items: [{ price: price.id, quantity: 1 }],
          metadata: input.metadata,
          payment_intent_data: { metadata: input.metadata, description: input.description },
          invoice_creation: { enabled: true, invoice_data: { description: input.description, metadata: input.metadata } },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: `atelier-checkout-${input.checkoutId}` },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { providerSessionId: session.id, url: session.url };
    },

    async createPortalSession(input) {
      const session = await stripe.billingPortal.sessions.create({ customer: input.customerId, return_url: input.returnUrl });
      return { url: session.url };
    },

    async listInvoices(customerId, limit) {
      const list = await stripe.invoices.list({ customer: customerId, limit });
      return list.data.filter((inv) => inv.status !== 'draft').map(toInvoice);
    },

    verifyWebhook(rawBody, signature): VerifiedEvent {
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, opts.webhookSecret);
      } catch (err) {
        throw new WebhookSignatureError((err as Error).message);
      }
      return { id: event.id, type: event.type, action: toPaymentEvent(event) };
    },

    async findPrice(lookupKey) {
      const list = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
      const price = list.data[0];
      if (!price) return null;
      return { id: price.id, unitAmount: price.unit_amount, currency: price.currency, interval: price.recurring?.interval ?? null };
    },

    async retrieveSubscription(id) {
      return toProviderSubscription(await stripe.subscriptions.retrieve(id));
    },

    async cancelSubscriptionNow(id) {
      await stripe.subscriptions.cancel(id);
    },

    async retrieveCheckoutSession(id) {
      return toProviderCheckoutSession(await stripe.checkout.sessions.retrieve(id));
    },
  };
}
