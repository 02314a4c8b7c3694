import { hasActivePlan, type Subscription } from '@atelier/contract';

/** Where the e-mail verified page takes the user, and how it names the place. */
export interface VerifiedDestination {
  path: '/create' | '/subscription';
  /** "Taking you to {label} in 3 seconds…" */
  label: string;
  /** The button that goes there at once. */
  button: string;
}

/**
 * Create needs an active plan (the guard sends anyone else to /subscription), so a new FREE
 * account is taken to the plans page and told so, instead of being promised Create.
 */
export function destinationAfterVerification(subscription: Subscription | null | undefined): VerifiedDestination {
  return hasActivePlan(subscription)
    ? { path: '/create', label: 'Create', button: 'Go to Create' }
    : { path: '/subscription', label: 'the plans page to choose a plan', button: 'Choose a plan' };
}
