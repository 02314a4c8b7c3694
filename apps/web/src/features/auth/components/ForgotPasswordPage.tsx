import { zodResolver } from '@hookform/resolvers/zod';
import { emailOnlyRequestSchema } from '@atelier/contract';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useForgotPasswordMutation } from '../../../app/api/auth';
import { errorMessage } from '../../../app/api/http';
import { Alert } from '../../../components/ui/Alert';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { usePageTitle } from '../../../lib/usePageTitle';
import { AuthCard, AuthLayout } from './AuthLayout';
import { StatusCard } from './StatusCard';

export function ForgotPasswordPage() {
  usePageTitle('Reset your password');
  const [forgotPassword, { isLoading, error }] = useForgotPasswordMutation();
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);
  const {
    register: field,
    handleSubmit,
    formState: { errors },
  } = useForm<{ email: string }>({ resolver: zodResolver(emailOnlyRequestSchema), defaultValues: { email: '' } });

  const onSubmit = async ({ email }: { email: string }) => {
    try {
      const reply = await forgotPassword({ email }).unwrap();
      setSentTo({ email, message: reply.message });
    } catch {
      // shown below from the mutation's error
    }
  };

  return (
    <AuthLayout showCredentials={false}>
      {sentTo ? (
        <StatusCard
          status="success"
          title="Check your e-mail"
          actions={
            <ButtonLink to="/login" variant="secondary" size="lg" fullWidth>
              Back to sign in
            </ButtonLink>
          }
        >
          <p>{sentTo.message}</p>
          <p className="mt-2 text-stone-500">
            Sent to <span className="font-medium text-stone-800">{sentTo.email}</span>. The link works once and expires, so use it soon.
          </p>
        </StatusCard>
      ) : (
        <AuthCard title="Reset your password" description="Enter the e-mail you signed up with and we will send you a link to choose a new password.">
          <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4">
            {error ? <Alert tone="error">{errorMessage(error, 'Could not send the reset e-mail. Please try again.')}</Alert> : null}
            <TextField label="E-mail" type="email" autoComplete="email" placeholder="you@studio.com" autoFocus error={errors.email?.message} {...field('email')} />
            <Button type="submit" size="lg" fullWidth loading={isLoading} className="mt-1">
              Send reset link
            </Button>
          </form>
          <Link to="/login" className="mt-6 inline-flex items-center gap-1.5 text-sm font-medium text-stone-600 hover:text-stone-900">
            <ArrowLeft className="size-4" aria-hidden />
            Back to sign in
          </Link>
        </AuthCard>
      )}
    </AuthLayout>
  );
}
