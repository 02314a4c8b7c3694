import { useCallback, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { apiRequest, errorMessage } from '../../../app/api/http';
import { logout } from '../store/authSlice';

const SIGNED_OUT = 'You have been logged out successfully';
const SIGNED_OUT_EVERYWHERE = 'You have been signed out on every device';

/**
 * Sign out, say so, and go to /login. Returns [signOut, signingOut].
 * - Log out (default): the server ends this session only (POST /auth/logout); its failure (e.g.
 *   an already expired token) does not keep anyone signed in here.
 * - `everywhere` ("Sign out of all devices"): the server ends every session of the account
 *   (POST /auth/logout-all). If that call fails nothing was ended, so the user stays signed in
 *   and is told why.
 */
export function useSignOut({ everywhere = false } = {}): [() => Promise<void>, boolean] {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const signOut = useCallback(async () => {
    setSigningOut(true);
    if (everywhere) {
      try {
        await apiRequest('/auth/logout-all', { method: 'POST' });
      } catch (err) {
        setSigningOut(false);
        toast.error(errorMessage(err, 'Could not sign out of all devices. Please try again.'));
        return;
      }
    } else {
      await apiRequest('/auth/logout', { method: 'POST' }).catch(() => undefined);
    }
    await dispatch(logout());
    toast.success(everywhere ? SIGNED_OUT_EVERYWHERE : SIGNED_OUT);
    navigate('/login', { replace: true });
  }, [dispatch, navigate, everywhere]);
  return [signOut, signingOut];
}
