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
import { useWorkspaceCredits } from '../workspaceCredits';

const TOAST_ID = 'credit-warning';

/**
 * Shows the spec §4 credit warnings when the balance of the current workspace goes down (a team's
 * pool in a team). A workspace switch is no spending: the new workspace's balance starts afresh.
 */
export function useCreditWarnings() {
  const credits = useWorkspaceCredits();
  const teamId = useAppSelector((s) => s.workspace.teamId);
  const isAuthenticated = useAppSelector((s) => s.auth.isAuthenticated);
  const navigate = useNavigate();
  const previous = useRef<{ teamId: number | null; credits: number } | null>(null);

  useEffect(() => {
    if (!isAuthenticated || credits === null) {
      previous.current = null;
      return;
    }
    const before = previous.current?.teamId === teamId ? previous.current.credits : null;
    previous.current = { teamId, credits };
    const warning = decideCreditWarning(before, credits);
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
  }, [credits, teamId, isAuthenticated, navigate]);
}
