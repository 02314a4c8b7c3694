import { ChevronDown, ExternalLink, GraduationCap, LifeBuoy, MessagesSquare, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PageHeader } from '../../../components/ui/PageHeader';
import { usePageTitle } from '../../../lib/usePageTitle';
import { SupportContactForm } from './SupportContactForm';

function InfoPage({
  title,
  description,
  icon,
  headline,
  children,
  actions,
}: {
  title: string;
  description: string;
  icon: LucideIcon;
  headline: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <>
      <PageHeader title={title} description={description} />
      <Card>
        <EmptyState icon={icon} title={headline} actions={actions}>
          {children}
        </EmptyState>
      </Card>
    </>
  );
}

const ACADEMY_TIPS = [
  'Export a clean view: hide annotations, section marks and dimension lines first.',
  'Use Generate Regions in Create to assign a material to each wall, floor or context area.',
  'Explore with variations first and upscale only the image you choose.',
];

export function AcademyPage() {
  usePageTitle('Academy');
  return (
    <>
      <PageHeader title="Academy" description="Guides for getting the best results from Atelier." />
      <Card>
        <EmptyState icon={GraduationCap} title="Academy lessons are being written">
          Short lessons on choosing render types, writing material prompts and preparing views are on their way. Three
          habits that already help:
        </EmptyState>
        <ol className="mx-auto -mt-6 grid max-w-2xl gap-3 px-6 pb-10 sm:grid-cols-3">
          {ACADEMY_TIPS.map((tip, index) => (
            <li key={tip} className="rounded-lg border border-stone-200 bg-stone-50 p-4 text-[13px] leading-5 text-stone-600">
              <span className="mb-2 flex size-6 items-center justify-center rounded-full bg-white text-xs font-semibold text-brand-700 ring-1 ring-stone-200">
                {index + 1}
              </span>
              {tip}
            </li>
          ))}
        </ol>
      </Card>
    </>
  );
}

/** The community group on LinkedIn (opens in a new tab). */
export const LINKEDIN_GROUP_URL = 'https://www.linkedin.com/groups/atelier-architectural-visualization';

export function LinkedInPage() {
  return (
    <InfoPage
      title="LinkedIn Group"
      description="The Atelier community on LinkedIn."
      icon={MessagesSquare}
      headline="Join the Atelier group on LinkedIn"
      actions={
        <a
          href={LINKEDIN_GROUP_URL}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex h-10 items-center gap-2 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white shadow-card hover:bg-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2"
        >
          Open the group on LinkedIn <ExternalLink className="size-4" aria-hidden />
        </a>
      }
    >
      Share work, swap techniques and hear about new features first, with architects and visualisers who use Atelier.
    </InfoPage>
  );
}

const FAQ = [
  {
    q: 'I did not receive the verification e-mail',
    a: 'Sign in with your e-mail and password: the e-mail dialog opens again with a RESEND EMAIL button. Check your spam or promotions folder as well.',
  },
  {
    q: 'I forgot my password',
    a: 'Use Forgot Password on the sign-in page. We send a link to choose a new one; it can be used once and expires after a while.',
  },
  {
    q: 'How do credits work?',
    a: 'Each render, tweak or upscale uses credits from your balance. Your plan renews its allowance every period; extra credits you buy are kept when it renews.',
  },
  {
    q: 'How do I change or cancel my plan?',
    a: 'Open Subscription. Upgrades start a secure checkout; downgrades, payment details and cancellation are handled in the billing portal.',
  },
];

export function SupportPage() {
  usePageTitle('Support');
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader title="Support" description="Answers to the questions we hear most, and a way to reach us." />
      <div id="contact" className="mb-8 scroll-mt-6">
        <SupportContactForm initialTopic={params.get('topic') === 'student_verification' ? 'student_verification' : 'other'} />
      </div>
      <Card className="divide-y divide-stone-100">
        {FAQ.map(({ q, a }) => (
          <details key={q} className="group px-6 py-4 [&_summary::-webkit-details-marker]:hidden">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded text-sm font-medium text-stone-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
              {q}
              <ChevronDown className="size-4 shrink-0 text-stone-400 transition-transform group-open:rotate-180" aria-hidden />
            </summary>
            <p className="mt-2 max-w-2xl text-sm leading-6 text-stone-600">{a}</p>
          </details>
        ))}
      </Card>
      <div className="mt-8 flex flex-wrap items-center gap-2">
        <span className="mr-1 inline-flex items-center gap-2 text-sm text-stone-500">
          <LifeBuoy className="size-4 text-brand-600" aria-hidden />
          Manage it yourself:
        </span>
        <ButtonLink to="/account-settings" variant="secondary" size="sm">
          Account Settings
        </ButtonLink>
        <ButtonLink to="/subscription" variant="secondary" size="sm">
          Subscription
        </ButtonLink>
        <ButtonLink to="/billing" variant="secondary" size="sm">
          Billing
        </ButtonLink>
      </div>
    </>
  );
}

export { ReferPage } from './ReferPage';
export { CreatorZonePage } from './CreatorZonePage';
