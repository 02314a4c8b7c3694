import { Info } from 'lucide-react';
import { useGetAuthConfigQuery } from '../../../app/api/auth';
import { useAppSelector } from '../../../app/hooks';

export const DEMO_MODE_TEXT = 'Demo mode — payments are simulated, e-mails go to the outbox';

/** A slim strip above the app for signed-in users while the server runs in demo mode. */
export function DemoModeBanner() {
  const signedIn = useAppSelector((s) => s.auth.isAuthenticated);
  const { data } = useGetAuthConfigQuery(undefined, { skip: !signedIn });
  if (!signedIn || data?.mode !== 'demo') return null;
  return (
    <div role="note" className="flex shrink-0 items-center justify-center gap-2 bg-stone-900 px-4 py-1 text-center text-xs text-stone-100">
      <Info className="size-3.5 shrink-0" aria-hidden />
      <span>{DEMO_MODE_TEXT}</span>
    </div>
  );
}
