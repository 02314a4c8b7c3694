// The subscription feature's public face: the plans page and the billing pieces other screens reuse.
export { SubscriptionPage } from './components/SubscriptionPage';
export { BillingCycleSwitch } from './components/BillingCycleSwitch';
export { browser, redirectToCreditsCheckout } from './billingService';
export { useBillingRedirects } from './hooks/useBillingRedirects';
export { useCheckoutReturn } from './hooks/useCheckoutReturn';
export { formatEuros } from './pricing';
