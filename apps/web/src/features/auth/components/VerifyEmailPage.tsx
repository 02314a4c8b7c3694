import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button } from '../../../components/ui/Button';
import { usePageTitle } from '../../../lib/usePageTitle';
import { destinationAfterVerification } from '../afterVerification';
import { verifyEmail } from '../store/authSlice';
import { AuthLayout } from './AuthLayout';
import { StatusCard, type Status } from './StatusCard';

export const VERIFY_TEXTS = {
  noToken: 'Invalid verification link. No token provided.',
  failed: 'Email verification failed. The token may be expired or invalid.',
  retryFailed: 'Verification failed. The token may be expired or invalid.',
} as const;

/**
 * Redirect after success: 3 s, or 2 s after a successful retry (spec §9) — to Create, or to the
 * plans page for an account without a plan (destinationAfterVerification).
 */
export const VERIFY_REDIRECT_MS = 3000;
export const VERIFY_RETRY_REDIRECT_MS = 2000;

function welcome(fullName: string) {
  const first = fullName.trim().split(/\s+/)[0];
  return first ? `Email verified. Welcome to Atelier, ${first}!` : 'Email verified. Welcome to Atelier!';
}

export function VerifyEmailPage() {
  usePageTitle('Verify e-mail');
  const [params] = useSearchParams();
  const token = params.get('token');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [status, setStatus] = useState<Status>(token ? 'loading' : 'error');
  const [message, setMessage] = useState<string>(token ? '' : VERIFY_TEXTS.noToken);
  const [redirectMs, setRedirectMs] = useState<number | null>(null);
  const subscription = useAppSelector((s) => s.auth.subscription);
  const destination = destinationAfterVerification(subscription);
  // One verification call per page view, even when StrictMode runs effects twice.
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    void dispatch(verifyEmail(token)).then((result) => {
      if (verifyEmail.fulfilled.match(result)) {
        setStatus('success');
        toast.success(welcome(result.payload.user.fullName));
        setRedirectMs(VERIFY_REDIRECT_MS);
      } else {
        setStatus('error');
        setMessage(result.payload?.serverMessage ?? VERIFY_TEXTS.failed);
      }
    });
  }, [dispatch, token]);

  useEffect(() => {
    if (redirectMs === null) return;
    const timer = setTimeout(() => navigate(destination.path, { replace: true }), redirectMs);
    return () => clearTimeout(timer);
  }, [redirectMs, navigate, destination.path]);

  // The chosen page's code may still be loading when the redirect is due: the user's choice wins.
  const goTo = (path: string) => {
    setRedirectMs(null);
    void navigate(path, { replace: true });
  };

  const retry = async () => {
    // No token: nothing to send; the retry ends with the spec's error straight away.
    if (!token) {
      setMessage(VERIFY_TEXTS.retryFailed);
      toast.error(`Manual verification failed: ${VERIFY_TEXTS.noToken}`);
      return;
    }
    setStatus('loading');
    const result = await dispatch(verifyEmail(token));
    if (verifyEmail.fulfilled.match(result)) {
      setStatus('success');
      toast.success(welcome(result.payload.user.fullName));
      setRedirectMs(VERIFY_RETRY_REDIRECT_MS);
    } else {
      setStatus('error');
      setMessage(VERIFY_TEXTS.retryFailed);
      toast.error(`Manual verification failed: ${result.payload?.message ?? 'unknown error'}`);
    }
  };

  return (
    <AuthLayout showCredentials={false}>
      {status === 'loading' ? (
        <StatusCard status="loading" title="Verifying your e-mail…">
          This only takes a moment.
        </StatusCard>
      ) : status === 'success' ? (
        <StatusCard
          status="success"
          title="Your e-mail is verified"
          actions={
            <>
              <Button size="lg" fullWidth onClick={() => goTo(destination.path)}>
                {destination.button}
              </Button>
              <Button size="lg" variant="secondary" fullWidth onClick={() => goTo('/dashboard')}>
                Go to Dashboard
              </Button>
            </>
          }
        >
          {redirectMs === null
            ? 'You are signed in.'
            : `You are signed in. Taking you to ${destination.label} in ${redirectMs / 1000} seconds…`}
        </StatusCard>
      ) : (
        <StatusCard
          status="error"
          title="We couldn't verify your e-mail"
          actions={
            <>
              <Button size="lg" fullWidth onClick={retry}>
                Try Again
              </Button>
              <Button size="lg" variant="secondary" fullWidth onClick={() => navigate('/login')}>
                Go to Login
              </Button>
            </>
          }
        >
          {message}
        </StatusCard>
      )}
    </AuthLayout>
  );
}
