import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../app/api/http';
import { useAppSelector } from '../../../app/hooks';
import { takeTeamInvite } from '../lib/pendingInvite';
import { useJoinTeam } from './useJoinTeam';

/** After sign-in (a new account, once verified), joins the team whose invitation was opened signed out. */
export function usePendingTeamInvite(): void {
  const signedIn = useAppSelector((s) => s.auth.isAuthenticated && s.auth.isInitialized);
  const { join } = useJoinTeam();
  const navigate = useNavigate();
  const tried = useRef(false);
  useEffect(() => {
    if (!signedIn || tried.current) return;
    tried.current = true;
    const token = takeTeamInvite();
    if (!token) return;
    join(token).then(
      () => void navigate('/create', { replace: true }),
      (error: unknown) => toast.error(errorMessage(error, 'Could not join the team. Ask for a new invitation.')),
    );
  }, [signedIn, join, navigate]);
}
