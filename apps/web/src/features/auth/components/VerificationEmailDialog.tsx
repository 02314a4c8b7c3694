import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button } from '../../../components/ui/Button';
import { FullScreenDialog } from '../../../components/ui/Dialog';
import { Logo } from '../../../components/ui/Logo';
import { resendVerification } from '../store/authSlice';

/** Seconds before RESEND EMAIL can be pressed again. */
export const RESEND_COOLDOWN_S = 30;

function EnvelopeIllustration({ sent }: { sent: boolean }) {
  return (
    <svg viewBox="0 0 120 96" className="h-24 w-32" aria-hidden>
      <rect x="8" y="22" width="104" height="66" rx="10" fill="#ffffff" stroke="#c3d6cc" strokeWidth="2" />
      <path d="M10 28 60 62l50-34" fill="none" stroke="#4a7c67" strokeWidth="2.5" strokeLinejoin="round" />
      <path d="M10 86 48 54M110 86 72 54" fill="none" stroke="#c3d6cc" strokeWidth="2" />
      <circle cx="98" cy="20" r="14" fill={sent ? '#3a6553' : '#b45309'} />
      {sent ? (
        <path d="m91.5 20 4.5 4.5 8.5-9" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      ) : (
        <path d="M98 12.5v9M98 26.5v.5" fill="none" stroke="#fff" strokeWidth="2.8" strokeLinecap="round" />
      )}
    </svg>
  );
}

export interface VerificationEmailDialogProps {
  open: boolean;
  email: string | null;
  /** false when the server could not send the first e-mail. */
  emailSent?: boolean;
  onClose: () => void;
}

/** Full-screen notice that the sign-in (verification) e-mail is on its way, with RESEND EMAIL. */
export function VerificationEmailDialog({ open, email, emailSent = true, onClose }: VerificationEmailDialogProps) {
  const dispatch = useAppDispatch();
  const isLoading = useAppSelector((s) => s.auth.isLoading);
  const [sending, setSending] = useState(false);
  const [cooldown, setCooldown] = useState(0);
  // The first e-mail could not be sent: once a resend is accepted, one is on its way.
  const [resent, setResent] = useState(false);
  const sent = emailSent || resent;

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((c) => c - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  const resend = async () => {
    if (!email) return;
    setSending(true);
    const result = await dispatch(resendVerification(email));
    setSending(false);
    if (resendVerification.fulfilled.match(result)) {
      toast.success(result.payload?.message || 'Verification email sent. Please check your inbox.');
      setCooldown(RESEND_COOLDOWN_S);
      setResent(true);
    } else {
      toast.error(result.payload?.message ?? 'Failed to resend verification email');
    }
  };

  return (
    <FullScreenDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={sent ? 'Your sign-in e-mail is on its way' : 'We could not send your sign-in e-mail'}
      description={sent ? 'Open the link in the e-mail to verify your address and sign in.' : 'Send the verification e-mail again to sign in.'}
    >
      <div className="flex min-h-full flex-col items-center px-6 py-10">
        <Logo />
        <div className="flex w-full flex-1 flex-col items-center justify-center py-10 text-center">
          <EnvelopeIllustration sent={sent} />
          <h2 className="mt-6 text-3xl font-semibold tracking-tight text-stone-900">
            {sent ? 'Your sign-in e-mail is on its way' : 'We could not send your sign-in e-mail'}
          </h2>
          <p className="mt-3 max-w-md text-[15px] leading-7 text-stone-600">
            {sent ? 'We sent a verification link to ' : 'Your account was created, but the verification e-mail to '}
            <span className="font-semibold text-stone-900">{email ?? 'your e-mail address'}</span>
            {sent
              ? '. Open it to confirm your address — you will be signed in to Atelier straight away.'
              : ' could not be sent. Press RESEND EMAIL to try again.'}
          </p>
          <div className="mt-8 flex w-full max-w-xs flex-col gap-3">
            <Button size="lg" fullWidth onClick={resend} loading={sending} disabled={!email || cooldown > 0 || (isLoading && !sending)}>
              RESEND EMAIL
            </Button>
            <Button size="lg" variant="ghost" fullWidth onClick={onClose}>
              Back to sign in
            </Button>
          </div>
          <p className="mt-6 h-5 text-[13px] text-stone-500" aria-live="polite">
            {cooldown > 0
              ? `You can request another e-mail in ${cooldown} s.`
              : sent
                ? 'No e-mail after a few minutes? Check your spam or promotions folder.'
                : 'Still failing? Contact support and we will verify your address for you.'}
          </p>
        </div>
      </div>
    </FullScreenDialog>
  );
}
