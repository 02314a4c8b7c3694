// The billing feature's public face: the billing page and the local provider's test-mode pages.
export { BillingPage } from './components/BillingPage';
export { TestCheckoutPage } from './components/TestCheckoutPage';
export { TestPortalPage } from './components/TestPortalPage';
