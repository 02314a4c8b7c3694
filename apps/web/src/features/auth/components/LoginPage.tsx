import type { LoginRequest } from '@atelier/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, Navigate, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/Checkbox';
import { TextField } from '../../../components/ui/TextField';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useLoginForm } from '../hooks/useLoginForm';
import { redirectAfterSignIn } from '../redirect';
import { clearRegistrationSuccess, login, resetAuthFlags } from '../store/authSlice';
import { AuthCard, AuthLayout } from './AuthLayout';
import { GoogleButton } from './GoogleButton';
import { OrDivider } from './OrDivider';

// The dialog (Radix) loads only when it opens, so /login's first JS stays small (issue #19).
const loadDialog = () => import('./VerificationEmailDialog');
const VerificationEmailDialog = lazy(() => loadDialog().then((m) => ({ default: m.VerificationEmailDialog })));

export function LoginPage() {
  usePageTitle('Sign in');
  const dispatch = useAppDispatch();
  const location = useLocation();
  const { isAuthenticated, error, registrationSuccess, registrationEmail } = useAppSelector((s) => s.auth);
  const [showPassword, setShowPassword] = useState(false);
  const [verificationEmail, setVerificationEmail] = useState<string | null>(null);
  const emailSent = (location.state as { emailSent?: boolean } | null)?.emailSent ?? true;

  const onSubmit = async (values: LoginRequest) => {
    // The answer may be "verify your e-mail first": fetch the dialog meanwhile.
    void loadDialog();
    const result = await dispatch(login(values));
    if (login.fulfilled.match(result)) {
      toast.success('Successfully signed in!');
      return;
    }
    const failure = result.payload;
    if (failure?.emailVerificationRequired) {
      setVerificationEmail(failure.email || values.email);
      return;
    }
    toast.error(failure?.message || 'Failed to sign in');
  };
  const form = useLoginForm({ email: registrationEmail ?? '', password: '' }, onSubmit);
  const { field, errors, isSubmitting } = form;

  // A stale error from another screen (e.g. an expired session) is not this form's.
  useEffect(() => {
    dispatch(resetAuthFlags());
  }, [dispatch]);

  if (isAuthenticated) return <Navigate to={redirectAfterSignIn(location.state)} replace />;

  const dialogOpen = registrationSuccess || verificationEmail !== null;
  const closeDialog = () => {
    dispatch(clearRegistrationSuccess());
    setVerificationEmail(null);
  };

  return (
    <AuthLayout>
      <AuthCard title="Sign in to Atelier" description="Welcome back. Sign in to continue to your studio.">
        <div className="flex flex-col gap-5">
          <GoogleButton after={<OrDivider />} />
          <form noValidate onSubmit={(e) => void form.onSubmit(e)} className="flex flex-col gap-4">
            {error && !dialogOpen ? <Alert tone="error">{error}</Alert> : null}
            <TextField
              label="E-mail"
              type="email"
              autoComplete="email"
              placeholder="you@studio.com"
              autoFocus
              error={errors.email}
              {...field('email')}
            />
            <TextField
              label="Password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              error={errors.password}
              labelAside={
                <Link
                  to="/forgot-password"
                  className="rounded text-[13px] font-medium text-brand-700 hover:text-brand-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                >
                  Forgot Password?
                </Link>
              }
              {...field('password')}
            />
            <Checkbox label="Show password" checked={showPassword} onChange={(e) => setShowPassword(e.target.checked)} />
            <Button type="submit" size="lg" fullWidth loading={isSubmitting} className="mt-1">
              Sign in
            </Button>
          </form>
        </div>
        <p className="mt-7 text-center text-sm text-stone-500">
          New to Atelier?{' '}
          <Link to="/register" className="font-medium text-brand-700 hover:text-brand-800 hover:underline">
            Create an account
          </Link>
        </p>
      </AuthCard>
      {dialogOpen ? (
        <Suspense fallback={null}>
          <VerificationEmailDialog
            open
            email={verificationEmail ?? registrationEmail}
            emailSent={verificationEmail !== null || emailSent}
            onClose={closeDialog}
          />
        </Suspense>
      ) : null}
    </AuthLayout>
  );
}
