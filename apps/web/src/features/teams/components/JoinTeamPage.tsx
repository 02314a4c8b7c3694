import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../app/api/http';
import { useAppSelector } from '../../../app/hooks';
import { ButtonLink } from '../../../components/ui/Button';
import { usePageTitle } from '../../../lib/usePageTitle';
import { AuthLayout, StatusCard, type FromState } from '../../auth';
import { useJoinTeam } from '../hooks/useJoinTeam';
import { rememberTeamInvite, takeTeamInvite } from '../lib/pendingInvite';

export const JOIN_TEXTS = {
  noToken: 'This invitation link is not complete. Open the link from the e-mail again.',
  failed: 'Could not join the team. Ask the person who invited you for a new invitation.',
} as const;

/**
 * /team/join?token=…: signed in, joins at once and opens the team's workspace; signed out, keeps
 * the link (this page as the return path of sign-in, the token for a new account) and asks to sign in.
 */
export function JoinTeamPage() {
  usePageTitle('Join a team');
  const [params] = useSearchParams();
  const token = params.get('token');
  const location = useLocation();
  const navigate = useNavigate();
  const { isAuthenticated, isInitialized } = useAppSelector((s) => s.auth);
  const { join } = useJoinTeam();
  const [error, setError] = useState<string | null>(token ? null : JOIN_TEXTS.noToken);
  const started = useRef(false);

  useEffect(() => {
    if (!token || !isInitialized) return;
    if (!isAuthenticated) {
      rememberTeamInvite(token);
      return;
    }
    if (started.current) return;
    started.current = true;
    // This page uses the token: the shell must not try it again.
    takeTeamInvite();
    join(token).then(
      () => void navigate('/create', { replace: true }),
      (err: unknown) => setError(errorMessage(err, JOIN_TEXTS.failed)),
    );
  }, [token, isInitialized, isAuthenticated, join, navigate]);

  const from: FromState = { from: { pathname: location.pathname, search: location.search, hash: '' } };
  return (
    <AuthLayout showCredentials={false}>
      {error ? (
        <StatusCard
          status="error"
          title="We couldn't add you to the team"
          actions={
            <ButtonLink to={isAuthenticated ? '/dashboard' : '/login'} size="lg" fullWidth>
              {isAuthenticated ? 'Go to Dashboard' : 'Go to Login'}
            </ButtonLink>
          }
        >
          {error}
        </StatusCard>
      ) : !isInitialized || isAuthenticated ? (
        <StatusCard status="loading" title="Joining the team…">
          This only takes a moment.
        </StatusCard>
      ) : (
        <StatusCard
          status="success"
          title="You're invited to a team on Atelier"
          actions={
            <>
              <ButtonLink to="/login" state={from} size="lg" fullWidth>
                Sign in to join
              </ButtonLink>
              <ButtonLink to="/register" variant="secondary" size="lg" fullWidth>
                Create an account
              </ButtonLink>
            </>
          }
        >
          Sign in with the e-mail address the invitation was sent to. New to Atelier? Create an account with that address:
          you join the team once your e-mail is verified.
        </StatusCard>
      )}
    </AuthLayout>
  );
}
