import { useCallback, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { apiRequest } from '../../../app/api/http';
import { logout } from '../store/authSlice';

/**
 * Sign out, say so, and go to /login. Returns [signOut, signingOut]. The server ends every
 * session of the account (POST /auth/logout); the call is not shown, and its failure (e.g. an
 * already expired token) does not keep anyone signed in here.
 */
export function useSignOut(message = 'You have been logged out successfully'): [() => Promise<void>, boolean] {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const signOut = useCallback(async () => {
    setSigningOut(true);
    await apiRequest('/auth/logout', { method: 'POST' }).catch(() => undefined);
    await dispatch(logout());
    toast.success(message);
    navigate('/login', { replace: true });
  }, [dispatch, navigate, message]);
  return [signOut, signingOut];
}
