// The subscription feature's public face: the billing pieces other screens reuse (the router loads the plans page lazily).
export { BillingCycleSwitch } from './components/BillingCycleSwitch';
export { browser, redirectToCreditsCheckout } from './billingService';
export { useBillingRedirects } from './hooks/useBillingRedirects';
export { useCheckoutReturn } from './hooks/useCheckoutReturn';
export { formatEuros } from './pricing';
export { OwnerManagesBilling } from './components/OwnerManagesBilling';
export { useTeamBilling } from './hooks/useTeamBilling';
