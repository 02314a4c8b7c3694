import { hasActivePlan } from '@atelier/contract';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { billingApi } from '../../../app/api/billing';
import { useAppDispatch } from '../../../app/hooks';
import { isPlanRequiredState } from '../components/PlanRequiredNotice';

/** The page a user without a plan was heading for, kept across the trip to checkout (sessionStorage: this tab only). */
const STORAGE_KEY = 'atelier.afterCheckout';

const isOwnPath = (path: string | null): path is string => !!path && path.startsWith('/') && !path.startsWith('//');

/**
 * "Pick one below and you go straight on" made true (issue 28 item 8): the page Create, Tweak or
 * Upscale sent the user from is remembered when checkout starts, and once the payment is back as
 * a success and the plan is active, the user is taken there instead of staying on the plans page.
 */
export function useGoStraightOn() {
  const { state } = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const heading = isPlanRequiredState(state) ? state.planRequiredFor : null;

  /** Before leaving for checkout. */
  const remember = useCallback(() => {
    if (heading) sessionStorage.setItem(STORAGE_KEY, heading);
    else sessionStorage.removeItem(STORAGE_KEY);
  }, [heading]);

  /** Back from a successful checkout: reads the subscription again, and goes on once the plan is active. */
  const goOn = useCallback(async () => {
    const path = sessionStorage.getItem(STORAGE_KEY);
    sessionStorage.removeItem(STORAGE_KEY);
    if (!isOwnPath(path)) return;
    const query = dispatch(billingApi.endpoints.getSubscription.initiate(undefined, { forceRefetch: true }));
    try {
      const subscription = await query.unwrap();
      if (hasActivePlan(subscription)) void navigate(path, { replace: true });
    } catch {
      // The plans page stays, with the success toast; the header shows the plan once it is read.
    } finally {
      query.unsubscribe();
    }
  }, [dispatch, navigate]);

  return { heading, remember, goOn };
}

/** How the plans page names the page the user goes on to. */
export function pageName(path: string): string {
  if (path.startsWith('/edit') || path.startsWith('/tweak')) return 'Tweak';
  if (path.startsWith('/upscale') || path.startsWith('/refine')) return 'Upscale';
  return 'Create';
}
