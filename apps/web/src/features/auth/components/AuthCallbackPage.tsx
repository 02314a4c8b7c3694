import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { Spinner } from '../../../components/ui/Spinner';
import { usePageTitle } from '../../../lib/usePageTitle';
import { GOOGLE_TEXTS, takeGoogleSignInMark } from '../googleSignIn';
import { fetchCurrentUser } from '../store/authSlice';
import { clearStoredSession, storeToken } from '../store/storedSession';

/** Error toasts last 4 s and success toasts 2 s on this screen (spec §9). */
const ERROR_MS = 4000;
const SUCCESS_MS = 2000;

/** Where the server's Google redirect flow lands: ?token=… or ?error=…. */
export function AuthCallbackPage() {
  usePageTitle('Signing in');
  const [params] = useSearchParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const fromGoogle = takeGoogleSignInMark();
    const failed = fromGoogle ? GOOGLE_TEXTS.failed : 'Authentication failed';
    const error = params.get('error');
    const token = params.get('token');
    if (error) {
      toast.error(failed, { duration: ERROR_MS });
      navigate('/login', { replace: true });
      return;
    }
    if (!token) {
      toast.error('No authentication token received', { duration: ERROR_MS });
      navigate('/login', { replace: true });
      return;
    }
    storeToken(token);
    void dispatch(fetchCurrentUser()).then((result) => {
      if (fetchCurrentUser.fulfilled.match(result)) {
        toast.success(fromGoogle ? GOOGLE_TEXTS.success : 'Successfully signed in!', { duration: SUCCESS_MS });
        navigate('/create', { replace: true });
      } else {
        clearStoredSession();
        toast.error(failed, { duration: ERROR_MS });
        navigate('/login', { replace: true });
      }
    });
  }, [dispatch, navigate, params]);

  return (
    <div className="flex min-h-full flex-col items-center justify-center gap-4 text-stone-600">
      <Spinner size="lg" className="text-brand-600" />
      <p className="text-sm font-medium">Processing authentication...</p>
    </div>
  );
}
