import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_MESSAGES, changePasswordRequestSchema } from '@atelier/contract';
import { KeyRound, Mail, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { useChangePasswordMutation, useDeleteAccountMutation } from '../../../app/api/auth';
import { errorMessage } from '../../../app/api/http';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Alert } from '../../../components/ui/Alert';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { Checkbox } from '../../../components/ui/Checkbox';
import { Dialog } from '../../../components/ui/Dialog';
import { PageHeader } from '../../../components/ui/PageHeader';
import { TextField } from '../../../components/ui/TextField';
import { usePageTitle } from '../../../lib/usePageTitle';
import { logout } from '../../auth';
import { SessionsCard } from './SessionsCard';

function EmailCard() {
  const user = useAppSelector((s) => s.auth.user);
  return (
    <Card className="p-6">
      <CardHeader title="E-mail address" description="Used to sign in and for receipts. It cannot be changed here." icon={<Mail className="size-[18px]" />} />
      <div className="mt-5 flex flex-wrap items-center gap-3 rounded-lg border sm:ml-12 border-stone-200 bg-stone-50 px-4 py-3">
        <span className="min-w-0 flex-1 truncate text-sm font-medium text-stone-900">{user?.email}</span>
        {user?.emailVerified ? (
          <Badge tone="brand">
            <ShieldCheck className="size-3" aria-hidden /> Verified
          </Badge>
        ) : (
          <Badge tone="warning">Not verified</Badge>
        )}
      </div>
    </Card>
  );
}

/** The change-password form: the contract's schema plus a confirmation and, when the account has a password, the current one. */
export function passwordFormSchema(hasPassword: boolean) {
  return changePasswordRequestSchema
    .extend({ confirmPassword: z.string() })
    .refine((v) => !hasPassword || Boolean(v.currentPassword), {
      message: 'Current password is required',
      path: ['currentPassword'],
    })
    .refine((v) => v.newPassword === v.confirmPassword, {
      message: AUTH_MESSAGES.passwordsDontMatch,
      path: ['confirmPassword'],
    });
}
type PasswordForm = z.infer<ReturnType<typeof passwordFormSchema>>;

function PasswordCard() {
  const hasPassword = useAppSelector((s) => s.auth.user?.hasPassword ?? true);
  const [show, setShow] = useState(false);
  const [changePassword, { isLoading, error, reset: resetMutation }] = useChangePasswordMutation();
  const {
    register: field,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<PasswordForm>({
    resolver: zodResolver(passwordFormSchema(hasPassword)),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = async ({ currentPassword, newPassword }: PasswordForm) => {
    try {
      await changePassword(hasPassword ? { currentPassword, newPassword } : { newPassword }).unwrap();
      toast.success(hasPassword ? 'Password changed' : 'Password set. You can now sign in with your e-mail.');
      reset();
      resetMutation();
    } catch {
      // shown inline
    }
  };

  const type = show ? 'text' : 'password';
  return (
    <Card className="p-6">
      <CardHeader
        title={hasPassword ? 'Change password' : 'Set a password'}
        description={
          hasPassword
            ? 'Choose a new password of at least 6 characters. Changing it signs you out on every other device.'
            : 'You sign in with Google. Add a password to sign in with your e-mail as well.'
        }
        icon={<KeyRound className="size-[18px]" />}
      />
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-5 grid max-w-md gap-4 sm:pl-12">
        {error ? <Alert tone="error">{errorMessage(error, 'Could not change the password.')}</Alert> : null}
        {hasPassword ? (
          <TextField label="Current password" type={type} autoComplete="current-password" error={errors.currentPassword?.message} {...field('currentPassword')} />
        ) : null}
        <TextField label="New password" type={type} autoComplete="new-password" error={errors.newPassword?.message} {...field('newPassword')} />
        <TextField label="Confirm new password" type={type} autoComplete="new-password" error={errors.confirmPassword?.message} {...field('confirmPassword')} />
        <Checkbox label="Show passwords" checked={show} onChange={(e) => setShow(e.target.checked)} />
        <div>
          <Button type="submit" loading={isLoading}>
            {hasPassword ? 'Update password' : 'Set password'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function DeleteAccountCard() {
  const hasPassword = useAppSelector((s) => s.auth.user?.hasPassword ?? true);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [confirmText, setConfirmText] = useState('');
  const [password, setPassword] = useState('');
  const [deleteAccount, { isLoading, error, reset }] = useDeleteAccountMutation();

  const canDelete = confirmText === 'DELETE' && (!hasPassword || password.length > 0);

  const close = (next: boolean) => {
    if (next || isLoading) return;
    setOpen(false);
    setConfirmText('');
    setPassword('');
    reset();
  };

  const onDelete = async () => {
    if (!canDelete) return;
    try {
      await deleteAccount(hasPassword ? { password, confirm: 'DELETE' } : { confirm: 'DELETE' }).unwrap();
      setOpen(false);
      await dispatch(logout());
      toast.success('Your account has been deleted');
      navigate('/login', { replace: true });
    } catch {
      // shown in the dialog
    }
  };

  return (
    <Card className="border-red-200 p-6">
      <CardHeader
        title="Delete account"
        description="Permanently delete your account, your images and your remaining credits. This cannot be undone."
        icon={<Trash2 className="size-[18px] text-red-600" />}
        action={
          <Button variant="dangerOutline" size="sm" onClick={() => setOpen(true)}>
            Delete account
          </Button>
        }
      />
      <Dialog
        open={open}
        onOpenChange={close}
        title="Delete your account?"
        description="Your profile, uploads, renders, public images and remaining credits will be removed permanently. An active subscription is cancelled at once."
        dismissible={!isLoading}
        footer={
          <>
            <Button variant="secondary" onClick={() => close(false)} disabled={isLoading}>
              Cancel
            </Button>
            <Button variant="danger" onClick={onDelete} disabled={!canDelete} loading={isLoading}>
              Delete account permanently
            </Button>
          </>
        }
      >
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void onDelete();
          }}
        >
          {error ? <Alert tone="error">{errorMessage(error, 'Could not delete the account.')}</Alert> : null}
          {hasPassword ? (
            <TextField label="Password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          ) : null}
          <TextField
            label="Type DELETE to confirm"
            autoComplete="off"
            spellCheck={false}
            value={confirmText}
            onChange={(e) => setConfirmText(e.target.value)}
            placeholder="DELETE"
          />
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </form>
      </Dialog>
    </Card>
  );
}

export function AccountSettingsPage() {
  usePageTitle('Account settings');
  return (
    <>
      <PageHeader title="Account Settings" description="Your sign-in e-mail, password and account." />
      <div className="grid max-w-3xl gap-5">
        <EmailCard />
        <PasswordCard />
        <SessionsCard />
        <DeleteAccountCard />
      </div>
    </>
  );
}
