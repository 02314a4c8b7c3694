import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../../components/ui/Logo';
import { ArchitecturalVisual } from './ArchitecturalVisual';
import { CredentialStrip } from './CredentialStrip';

const POINTS = [
  'Exterior, interior, aerial and elevation renders',
  'Material prompts per region, inpaint and outpaint',
  'Refine and upscale for presentation boards',
];

/**
 * The sign-in pages' frame: an architectural visual on the left (from 1024 px), the card on
 * the right with the credential strip beneath it.
 */
export function AuthLayout({ children, showCredentials = true }: { children: ReactNode; showCredentials?: boolean }) {
  return (
    <div className="flex min-h-full bg-stone-50">
      <aside className="sticky top-0 hidden h-screen w-[44%] max-w-[760px] shrink-0 flex-col overflow-hidden bg-gradient-to-br from-brand-800 via-brand-900 to-[#14211c] px-12 py-10 text-white lg:flex">
        <Link to="/login" aria-label="Atelier" className="self-start rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white/70">
          <Logo tone="light" />
        </Link>
        <div className="flex min-h-0 flex-1 items-center justify-center py-8">
          <ArchitecturalVisual className="h-full max-h-[520px] w-full max-w-[540px]" />
        </div>
        <div className="max-w-md">
          <h2 className="text-[26px] leading-tight font-semibold tracking-tight text-balance">
            From massing model to presentation render.
          </h2>
          <p className="mt-3 text-[15px] leading-6 text-white/70">
            Upload a screenshot, sketch or photo of your design and explore rendered variations in minutes.
          </p>
          <ul className="mt-6 space-y-2.5">
            {POINTS.map((point) => (
              <li key={point} className="flex items-center gap-2.5 text-sm text-white/80">
                <span className="flex size-5 items-center justify-center rounded-full bg-white/10">
                  <Check className="size-3" aria-hidden />
                </span>
                {point}
              </li>
            ))}
          </ul>
        </div>
      </aside>

      <main className="flex min-w-0 flex-1 flex-col items-center px-6 py-10 sm:px-10">
        <Link to="/login" aria-label="Atelier" className="mb-8 self-center lg:hidden">
          <Logo />
        </Link>
        <div className="flex w-full flex-1 flex-col items-center justify-center">
          <div className="w-full max-w-[440px]">{children}</div>
          {showCredentials ? <CredentialStrip className="mt-10 w-full max-w-[520px]" /> : null}
        </div>
        <p className="mt-10 text-xs text-stone-400">© {new Date().getFullYear()} Atelier. Architectural visualization studio.</p>
      </main>
    </div>
  );
}

/** The white card holding a sign-in form. */
export function AuthCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-stone-200 bg-white px-8 py-9 shadow-raised sm:px-10">
      <h1 className="text-[22px] font-semibold tracking-tight text-stone-900">{title}</h1>
      {description ? <p className="mt-1.5 text-sm leading-6 text-stone-500">{description}</p> : null}
      <div className="mt-7">{children}</div>
    </div>
  );
}
