/** "just now", "45 s", "12 min", "3 h 5 min", "2 d 4 h": how long a job has waited or a render run. */
export function formatAge(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 5) return 'just now';
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} d ${h % 24} h` : `${d} d`;
}

const ACTION_LABELS: Record<string, string> = {
  'credits.adjust': 'Adjusted credits',
  'user.suspend': 'Suspended',
  'user.unsuspend': 'Restored',
  'render.retry': 'Retried a render',
  'render.refund': 'Stopped and refunded a render',
};

/** How the audit log names an action (the code itself for one it does not know). */
export function auditActionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

/** "+15" / "−25" for a signed number of credits. */
export function signedCredits(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : '0';
}
