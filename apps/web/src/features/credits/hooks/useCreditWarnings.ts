import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { toastWithAction } from '../../../components/ui/toast';
import {
  CREDITS_DEPLETED_MESSAGE,
  DEPLETED_TOAST_MS,
  LOW_CREDIT_DELAY_MS,
  LOW_CREDIT_TOAST_MS,
  decideCreditWarning,
  lowCreditMessage,
} from '../creditWarning';

const TOAST_ID = 'credit-warning';

/** Shows the spec §4 credit warnings when the signed-in user's balance goes down. */
export function useCreditWarnings() {
  const credits = useAppSelector((s) => s.auth.credits);
  const isAuthenticated = useAppSelector((s) => s.auth.isAuthenticated);
  const navigate = useNavigate();
  const previous = useRef<number | null>(null);

  useEffect(() => {
    if (!isAuthenticated) {
      previous.current = null;
      return;
    }
    const warning = decideCreditWarning(previous.current, credits);
    previous.current = credits;
    if (!warning) return;

    if (warning.kind === 'depleted') {
      toast.dismiss(TOAST_ID);
      toastWithAction(CREDITS_DEPLETED_MESSAGE, {
        id: TOAST_ID,
        tone: 'error',
        duration: DEPLETED_TOAST_MS,
        actionLabel: 'Upgrade Now',
        onAction: () => navigate('/subscription'),
      });
      return;
    }
    const timer = setTimeout(() => {
      toastWithAction(lowCreditMessage(warning.credits), {
        id: TOAST_ID,
        tone: 'warning',
        duration: LOW_CREDIT_TOAST_MS,
        actionLabel: 'View Plans',
        onAction: () => navigate('/subscription'),
      });
    }, LOW_CREDIT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [credits, isAuthenticated, navigate]);
}
