// The subscription feature's public face: the plans page and the billing pieces other screens reuse.
export { SubscriptionPage } from './components/SubscriptionPage';
export { BillingCycleSwitch } from './components/BillingCycleSwitch';
export { browser, redirectToCheckout, redirectToCreditsCheckout, redirectToPortal } from './billingService';
export { buttonKey, useBillingRedirects } from './hooks/useBillingRedirects';
export { useCheckoutReturn } from './hooks/useCheckoutReturn';
export { busyLabel, planCardAction, type PlanCardAction } from './planCardAction';
export { formatEuros, priceDisplay } from './pricing';
