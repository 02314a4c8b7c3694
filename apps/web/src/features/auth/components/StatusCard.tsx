import clsx from 'clsx';
import { CheckCircle2, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Spinner } from '../../../components/ui/Spinner';

export type Status = 'loading' | 'success' | 'error';

/** A centred status block: spinner, green tick or red cross, a title, text and actions. */
export function StatusCard({ status, title, children, actions }: { status: Status; title: string; children?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-stone-200 bg-white px-8 py-10 text-center shadow-raised sm:px-10" aria-live="polite">
      <span
        className={clsx(
          'mx-auto flex size-14 items-center justify-center rounded-full',
          status === 'loading' && 'bg-stone-100 text-brand-600',
          status === 'success' && 'bg-brand-50 text-brand-600',
          status === 'error' && 'bg-red-50 text-red-600',
        )}
      >
        {status === 'loading' ? <Spinner size="md" /> : status === 'success' ? <CheckCircle2 className="size-7" aria-hidden /> : <XCircle className="size-7" aria-hidden />}
      </span>
      <h1 className="mt-5 text-xl font-semibold tracking-tight text-stone-900">{title}</h1>
      {children ? <div className="mt-2 text-sm leading-6 text-stone-600">{children}</div> : null}
      {actions ? <div className="mt-7 flex flex-col gap-2.5">{actions}</div> : null}
    </div>
  );
}
