import type { CheckoutRequest, CreditPackId } from '@atelier/contract';
import type { AppDispatch } from '../../app/store';
import { billingApi } from '../../app/api/billing';

/** Where the browser goes; tests replace `assign`. */
export const browser = {
  assign(url: string) {
    window.location.assign(url);
  },
};

/**
 * The billing service of spec §7: checkout and portal redirects. The browser is sent to the url
 * the server answers (Stripe, or the local test-mode pages). A failure is logged and rethrown
 * for the screen to show.
 */
export async function redirectToCheckout(dispatch: AppDispatch, request: CheckoutRequest): Promise<void> {
  try {
    const { url } = await dispatch(billingApi.endpoints.createCheckout.initiate(request)).unwrap();
    browser.assign(url);
  } catch (error) {
    console.error('Checkout redirect failed', error);
    throw error;
  }
}

export async function redirectToPortal(dispatch: AppDispatch): Promise<void> {
  try {
    const { url } = await dispatch(billingApi.endpoints.openPortal.initiate()).unwrap();
    browser.assign(url);
  } catch (error) {
    console.error('Billing portal redirect failed', error);
    throw error;
  }
}

export async function redirectToCreditsCheckout(dispatch: AppDispatch, pack: CreditPackId): Promise<void> {
  try {
    const { url } = await dispatch(billingApi.endpoints.buyCredits.initiate(pack)).unwrap();
    browser.assign(url);
  } catch (error) {
    console.error('Credits checkout redirect failed', error);
    throw error;
  }
}
