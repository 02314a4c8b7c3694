import { useEffect, useRef } from 'react';
import { useClaimReferralMutation } from '../../../app/api/referrals';
import { useAppSelector } from '../../../app/hooks';

/**
 * An invite link (/register?ref=…) is remembered on this device until the new account is signed
 * in (after verifying its e-mail), then claimed once: the invite counts when it buys its first plan.
 */
const KEY = 'atelier.referralCode';

export function rememberReferralCode(code: string | null): void {
  if (!code || !/^[A-Za-z0-9_-]{6,32}$/.test(code)) return;
  try {
    window.localStorage.setItem(KEY, code);
  } catch {
    // Storage blocked: the invite is not counted, nothing else changes.
  }
}

export function usePendingReferral(): void {
  const isAuthenticated = useAppSelector((s) => s.auth.isAuthenticated);
  const [claim] = useClaimReferralMutation();
  const tried = useRef(false);
  useEffect(() => {
    if (!isAuthenticated || tried.current) return;
    let code: string | null = null;
    try {
      code = window.localStorage.getItem(KEY);
    } catch {
      return;
    }
    if (!code) return;
    tried.current = true;
    // Claimed or refused (own link, an older account): either way the code has been used.
    void claim(code)
      .unwrap()
      .catch(() => undefined)
      .finally(() => window.localStorage.removeItem(KEY));
  }, [isAuthenticated, claim]);
}
