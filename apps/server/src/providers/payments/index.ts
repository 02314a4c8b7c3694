import type { Config } from '../../config.js';
import { createLocalPaymentProvider } from './local.js';
import type { PaymentProvider } from './payments.js';
import { createStripePaymentProvider } from './stripe.js';

export * from './payments.js';
export { createStripePaymentProvider } from './stripe.js';

/** Stripe when STRIPE_SECRET_KEY is set (config requires STRIPE_WEBHOOK_SECRET with it), else local test mode. */
export function createPaymentProvider(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET'>): PaymentProvider {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) {
    return createStripePaymentProvider({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET });
  }
  return createLocalPaymentProvider();
}
