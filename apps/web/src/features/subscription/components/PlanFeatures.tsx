import { Check } from 'lucide-react';

export function PlanFeatures({ items }: { items: string[] }) {
  return (
    <ul className="space-y-2.5 text-sm text-stone-700">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2.5">
          <span className="mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-1 ring-brand-200">
            <Check className="size-3" strokeWidth={3} aria-hidden />
          </span>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
