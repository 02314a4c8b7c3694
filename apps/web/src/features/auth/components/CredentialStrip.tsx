import clsx from 'clsx';
import { Award, BadgeCheck } from 'lucide-react';

const TOOLS = ['Revit', 'SketchUp', 'Rhino', 'ArchiCAD'];

/** Partner and credential marks under the sign-in card (neutral monochrome placeholders). */
export function CredentialStrip({ className }: { className?: string }) {
  return (
    <section aria-label="Integrations and credentials" className={clsx('text-center', className)}>
      <p className="text-[11px] font-semibold tracking-[0.14em] text-stone-400 uppercase">Works with views exported from</p>
      <ul className="mt-4 flex flex-wrap items-center justify-center gap-x-7 gap-y-3">
        {TOOLS.map((tool) => (
          <li key={tool} className="text-[15px] font-semibold tracking-tight text-stone-400 grayscale select-none">
            {tool}
          </li>
        ))}
      </ul>
      <ul className="mt-5 flex flex-wrap items-center justify-center gap-2.5">
        <li className="inline-flex items-center gap-1.5 rounded-full border border-stone-200 bg-white px-3 py-1 text-xs font-medium text-stone-500">
          <Award className="size-3.5 text-stone-400" aria-hidden />
          Award finalist
        </li>
        <li className="inline-flex items-center gap-1.5 rounded-full border border-stone-200 bg-white px-3 py-1 text-xs font-medium text-stone-500">
          <BadgeCheck className="size-3.5 text-stone-400" aria-hidden />
          Member, professional association
        </li>
      </ul>
    </section>
  );
}
