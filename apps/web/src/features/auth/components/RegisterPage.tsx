import { zodResolver } from '@hookform/resolvers/zod';
import { registerFormSchema, type RegisterForm } from '@atelier/contract';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { rememberReferralCode } from '../../account/hooks/usePendingReferral';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/Checkbox';
import { TextField } from '../../../components/ui/TextField';
import { usePageTitle } from '../../../lib/usePageTitle';
import { register, resetAuthFlags } from '../store/authSlice';
import { AuthCard, AuthLayout } from './AuthLayout';
import { GoogleButton } from './GoogleButton';
import { OrDivider } from './OrDivider';

const REGISTERED_MAIL_FAILED = 'Your account was created, but we could not send the verification email. Please request a new one.';

export function RegisterPage() {
  usePageTitle('Create account');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { isAuthenticated, error } = useAppSelector((s) => s.auth);
  const [showPassword, setShowPassword] = useState(false);

  const {
    register: field,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterForm>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { fullName: '', email: '', password: '', confirmPassword: '' },
  });

  useEffect(() => {
    dispatch(resetAuthFlags());
  }, [dispatch]);

  // Arriving through an invite link: remembered until the new account signs in.
  const [params] = useSearchParams();
  const ref = params.get('ref');
  useEffect(() => rememberReferralCode(ref), [ref]);

  if (isAuthenticated) return <Navigate to="/create" replace />;

  const onSubmit = async ({ confirmPassword: _confirm, ...body }: RegisterForm) => {
    const result = await dispatch(register(body));
    if (register.fulfilled.match(result)) {
      // Either way the account must be verified before it can sign in: /login holds the dialog
      // with RESEND EMAIL, and says whether the first e-mail went out.
      const { emailSent, message } = result.payload;
      if (emailSent) toast.success('Account created! Please check your email to verify your account.');
      else toast.error(message || REGISTERED_MAIL_FAILED);
      navigate('/login', { state: { emailSent } });
      return;
    }
    toast.error(result.payload?.message || 'Failed to create account');
  };

  const passwordType = showPassword ? 'text' : 'password';

  return (
    <AuthLayout>
      <AuthCard title="Create your account" description="Start turning your models and sketches into renders.">
        <div className="flex flex-col gap-5">
          <GoogleButton label="Sign up with Google" after={<OrDivider />} />
          <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4">
            {error ? <Alert tone="error">{error}</Alert> : null}
            <TextField label="Full name" autoComplete="name" placeholder="Alvar Aalto" autoFocus error={errors.fullName?.message} {...field('fullName')} />
            <TextField label="E-mail" type="email" autoComplete="email" placeholder="you@studio.com" error={errors.email?.message} {...field('email')} />
            <TextField
              label="Password"
              type={passwordType}
              autoComplete="new-password"
              hint="At least 6 characters."
              error={errors.password?.message}
              {...field('password')}
            />
            <TextField
              label="Confirm password"
              type={passwordType}
              autoComplete="new-password"
              error={errors.confirmPassword?.message}
              {...field('confirmPassword')}
            />
            <Checkbox label="Show password" checked={showPassword} onChange={(e) => setShowPassword(e.target.checked)} />
            <Button type="submit" size="lg" fullWidth loading={isSubmitting} className="mt-1">
              Create account
            </Button>
          </form>
        </div>
        <p className="mt-7 text-center text-sm text-stone-500">
          Already have an account?{' '}
          <Link to="/login" className="font-medium text-brand-700 hover:text-brand-800 hover:underline">
            Sign in
          </Link>
        </p>
      </AuthCard>
    </AuthLayout>
  );
}
