import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { useConfirmCheckoutMutation } from '../../../app/api/billing';

export interface CheckoutReturnTexts {
  success: string;
  updated?: string;
  canceled: string;
}

/**
 * Back from checkout or the portal (`?checkout=success|updated|canceled[&session_id=…]`): a
 * Stripe session is confirmed at once (the webhook may still be on its way), a toast says what
 * happened, and the query is removed so a reload does not repeat it.
 */
export function useCheckoutReturn(texts: CheckoutReturnTexts, onReturn?: () => void) {
  const [params, setParams] = useSearchParams();
  const [confirm] = useConfirmCheckoutMutation();
  const handled = useRef<string | null>(null);
  const outcome = params.get('checkout');
  const sessionId = params.get('session_id');

  useEffect(() => {
    if (!outcome) return;
    const marker = `${outcome}:${sessionId ?? ''}`;
    if (handled.current === marker) return;
    handled.current = marker;
    const clear = () =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete('checkout');
          next.delete('session_id');
          return next;
        },
        { replace: true },
      );
    if (outcome === 'canceled') {
      toast(texts.canceled);
      clear();
      return;
    }
    const done = () => {
      toast.success(outcome === 'updated' && texts.updated ? texts.updated : texts.success);
      onReturn?.();
      clear();
    };
    if (sessionId && sessionId.startsWith('cs_')) {
      confirm(sessionId)
        .unwrap()
        .catch(() => undefined)
        .finally(done);
    } else {
      done();
    }
  }, [outcome, sessionId, confirm, setParams, texts, onReturn]);
}
