import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordFormSchema } from '@atelier/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { useResetPasswordMutation } from '../../../app/api/auth';
import { errorMessage } from '../../../app/api/http';
import { Alert } from '../../../components/ui/Alert';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/Checkbox';
import { TextField } from '../../../components/ui/TextField';
import { usePageTitle } from '../../../lib/usePageTitle';
import { AuthCard, AuthLayout } from './AuthLayout';

type ResetForm = z.infer<typeof resetPasswordFormSchema>;

export function ResetPasswordPage() {
  usePageTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [showPassword, setShowPassword] = useState(false);
  const [resetPassword, { isLoading, error }] = useResetPasswordMutation();
  const {
    register: field,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  });

  if (!token) {
    return (
      <AuthLayout showCredentials={false}>
        <AuthCard title="Invalid reset link" description="This password reset link is incomplete. Request a new one and use the link from the e-mail.">
          <ButtonLink to="/forgot-password" size="lg" fullWidth>
            Request a new link
          </ButtonLink>
        </AuthCard>
      </AuthLayout>
    );
  }

  const onSubmit = async ({ password }: ResetForm) => {
    try {
      const reply = await resetPassword({ token, password }).unwrap();
      toast.success(reply.message || 'Your password has been changed. Please sign in.');
      navigate('/login', { replace: true });
    } catch {
      // shown below
    }
  };

  const type = showPassword ? 'text' : 'password';
  return (
    <AuthLayout showCredentials={false}>
      <AuthCard title="Choose a new password" description="Use at least 6 characters. You will sign in with it from now on.">
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4">
          {error ? (
            <Alert tone="error" title="Could not reset the password">
              {errorMessage(error, 'The link may have expired.')}{' '}
              <Link to="/forgot-password" className="font-medium underline">
                Request a new link
              </Link>
            </Alert>
          ) : null}
          <TextField label="New password" type={type} autoComplete="new-password" autoFocus error={errors.password?.message} {...field('password')} />
          <TextField label="Confirm new password" type={type} autoComplete="new-password" error={errors.confirmPassword?.message} {...field('confirmPassword')} />
          <Checkbox label="Show password" checked={showPassword} onChange={(e) => setShowPassword(e.target.checked)} />
          <Button type="submit" size="lg" fullWidth loading={isLoading} className="mt-1">
            Save new password
          </Button>
        </form>
      </AuthCard>
    </AuthLayout>
  );
}
