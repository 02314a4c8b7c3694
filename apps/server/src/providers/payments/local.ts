import type { PaymentProvider } from './payments.js';

/**
 * Test mode: no outside service. Checkout and portal urls open pages served by this app
 * (/checkout/test, /billing/portal-test); completing a test checkout goes through the same
 * billing service path a Stripe webhook does. Urls are relative, so they stay on the origin
 * the browser is using.
 */
export function createLocalPaymentProvider(): PaymentProvider {
  const checkoutUrl = (id: string) => `/checkout/test?session=${encodeURIComponent(id)}`;
  return {
    kind: 'local',
    async createCustomer(customer) {
      return `cus_local_${customer.userId}`;
    },
    async createPlanCheckout(input) {
      return { providerSessionId: input.checkoutId, url: checkoutUrl(input.checkoutId) };
    },
    async createPlanChange(input) {
      return { url: checkoutUrl(input.checkoutId) };
    },
    async createPackCheckout(input) {
      return { providerSessionId: input.checkoutId, url: checkoutUrl(input.checkoutId) };
    },
    async createPortalSession() {
      return { url: '/billing/portal-test' };
    },
    async listInvoices() {
      return [];
    },
  };
}
