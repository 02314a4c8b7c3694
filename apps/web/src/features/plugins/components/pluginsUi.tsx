import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** The heading of a card on /plugins: icon, title and a line of explanation. */
export function SectionTitle({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="text-base font-semibold text-stone-900">{title}</h2>
        <p className="mt-1 max-w-2xl text-sm leading-6 text-stone-600">{children}</p>
      </div>
    </div>
  );
}

