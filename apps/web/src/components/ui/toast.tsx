import { AlertTriangle, CircleSlash, X } from 'lucide-react';
import toast, { Toaster, type DefaultToastOptions } from 'react-hot-toast';

/** Durations and colours of the app's toasts (spec §9). */
export const APP_TOAST_OPTIONS: DefaultToastOptions = {
  duration: 3000,
  style: {
    borderRadius: '10px',
    padding: '10px 14px',
    fontSize: '14px',
    lineHeight: '20px',
    maxWidth: '420px',
    boxShadow: '0 10px 30px -10px rgb(28 25 23 / 0.25)',
  },
  // Spec §9: toasts that are neither success nor error last 4 s.
  blank: { duration: 4000 },
  success: {
    style: { background: '#166534', color: '#ffffff' },
    iconTheme: { primary: '#ffffff', secondary: '#166534' },
  },
  error: {
    style: { background: '#b91c1c', color: '#ffffff' },
    iconTheme: { primary: '#ffffff', secondary: '#b91c1c' },
  },
};

/** App-level toasts: top-right, 3 s, green success, red error, blank 4 s (spec §9). */
export function AppToaster() {
  return (
    <Toaster
      position="top-right"
      gutter={10}
      containerStyle={{ top: 72, right: 20 }}
      toastOptions={APP_TOAST_OPTIONS}
    />
  );
}

export interface ActionToastOptions {
  actionLabel: string;
  onAction: () => void;
  duration: number;
  tone?: 'error' | 'warning';
  id?: string;
}

/** A toast with one action button (credit warnings: Upgrade Now, View Plans). */
export function toastWithAction(message: string, { actionLabel, onAction, duration, tone = 'warning', id }: ActionToastOptions) {
  const colours =
    tone === 'error'
      ? { background: '#b91c1c', color: '#ffffff' }
      : { background: '#fffbeb', color: '#78350f', border: '1px solid #fcd34d' };
  return toast(
    (t) => (
      <div className="flex items-start gap-3">
        <span className="flex-1">{message}</span>
        <button
          type="button"
          className={
            tone === 'error'
              ? 'shrink-0 rounded-md bg-white px-2.5 py-1 text-[13px] font-semibold text-red-700 hover:bg-red-50'
              : 'shrink-0 rounded-md bg-amber-900 px-2.5 py-1 text-[13px] font-semibold text-white hover:bg-amber-950'
          }
          onClick={() => {
            toast.dismiss(t.id);
            onAction();
          }}
        >
          {actionLabel}
        </button>
        <button type="button" aria-label="Dismiss" className="shrink-0 rounded p-0.5 opacity-70 hover:opacity-100" onClick={() => toast.dismiss(t.id)}>
          <X className="size-4" />
        </button>
      </div>
    ),
    { duration, id, icon: tone === 'error' ? <CircleSlash className="mt-0.5 size-5 shrink-0" /> : <AlertTriangle className="mt-0.5 size-5 shrink-0 text-amber-600" />, style: colours },
  );
}
