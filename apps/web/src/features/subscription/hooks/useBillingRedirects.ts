import { BILLING_ERROR_CODES, BILLING_MESSAGES, type BillingCycle, type PaidPlanType } from '@atelier/contract';
import { useCallback, useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../app/api/http';
import { useAppDispatch } from '../../../app/hooks';
import { redirectToCheckout, redirectToPortal } from '../billingService';

/** Refusals whose server message says more than the generic toast (past due, already on the plan …). */
const EXPLAINED_CODES: ReadonlySet<string> = new Set([
  BILLING_ERROR_CODES.alreadySubscribed,
  BILLING_ERROR_CODES.useBillingPortal,
  BILLING_ERROR_CODES.paymentPastDue,
  BILLING_ERROR_CODES.seatsBelowMembers,
  BILLING_ERROR_CODES.teamPlanMismatch,
]);

function errorCode(error: unknown): string | undefined {
  const data = (error as { data?: { code?: unknown } } | undefined)?.data;
  return typeof data?.code === 'string' ? data.code : undefined;
}

export interface CheckoutTarget {
  planType: PaidPlanType;
  billingCycle: BillingCycle;
  isEducational: boolean;
  /** A studio plan's seats (team workspace only). */
  seats?: number;
}

/** The key of a button: which card (and audience) is busy. */
export const buttonKey = (planType: string, isEducational: boolean, team = false) => `${team ? 'team' : isEducational ? 'edu' : 'regular'}:${planType}`;

/**
 * Starts checkout or opens the portal for one button at a time: that button is busy (and
 * disabled) until the browser leaves, or until the error toast of spec §8 shows.
 */
export function useBillingRedirects() {
  const dispatch = useAppDispatch();
  const [busyKey, setBusyKey] = useState<string | null>(null);

  const checkout = useCallback(
    async (target: CheckoutTarget, isStudent: boolean) => {
      if (target.isEducational && !isStudent) {
        toast.error(BILLING_MESSAGES.educationalOnlyForStudents);
        return;
      }
      setBusyKey(buttonKey(target.planType, target.isEducational, target.seats !== undefined));
      try {
        await redirectToCheckout(dispatch, target);
        // Leaving the page: keep the button busy so it cannot be pressed twice.
      } catch (error) {
        setBusyKey(null);
        const code = errorCode(error);
        if (code === BILLING_ERROR_CODES.studentVerificationRequired) toast.error(BILLING_MESSAGES.educationalOnlyForStudents);
        else if (code && EXPLAINED_CODES.has(code)) toast.error(errorMessage(error, BILLING_MESSAGES.failedToStartUpgrade));
        else toast.error(BILLING_MESSAGES.failedToStartUpgrade);
      }
    },
    [dispatch],
  );

  const portal = useCallback(
    async (key: string) => {
      setBusyKey(key);
      try {
        await redirectToPortal(dispatch);
      } catch (error) {
        setBusyKey(null);
        const code = errorCode(error);
        toast.error(code === BILLING_ERROR_CODES.noBillingAccount ? errorMessage(error, BILLING_MESSAGES.failedToOpenPortal) : BILLING_MESSAGES.failedToOpenPortal);
      }
    },
    [dispatch],
  );

  return { busyKey, checkout, portal };
}
