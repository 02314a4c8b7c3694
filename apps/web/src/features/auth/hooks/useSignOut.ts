import { useCallback, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { logout } from '../store/authSlice';

/** Sign out, say so, and go to /login. Returns [signOut, signingOut]. */
export function useSignOut(): [() => Promise<void>, boolean] {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const signOut = useCallback(async () => {
    setSigningOut(true);
    await dispatch(logout());
    toast.success('You have been logged out successfully');
    navigate('/login', { replace: true });
  }, [dispatch, navigate]);
  return [signOut, signingOut];
}
