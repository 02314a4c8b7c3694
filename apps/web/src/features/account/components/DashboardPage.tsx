import { ArrowRight, LayoutGrid, LogOut, Maximize2, Sparkles, UserRound, WandSparkles, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { Avatar } from '../../../components/ui/Avatar';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useSignOut } from '../../auth';

interface Destination {
  to: string;
  title: string;
  text: string;
  icon: LucideIcon;
}

const DESTINATIONS: Destination[] = [
  { to: '/create', title: 'Create', text: 'Render an uploaded model view, sketch or photo in a chosen style.', icon: Sparkles },
  { to: '/edit', title: 'Tweak', text: 'Inpaint details or extend the frame of a render.', icon: WandSparkles },
  { to: '/upscale', title: 'Upscale', text: 'Refine and enlarge an image for presentation boards.', icon: Maximize2 },
  { to: '/gallery', title: 'Gallery', text: 'Browse, download and organise everything you have made.', icon: LayoutGrid },
  { to: '/overview', title: 'Account', text: 'Your plan, credit balance, profile and settings.', icon: UserRound },
];

export function DashboardPage() {
  usePageTitle('Dashboard');
  const user = useAppSelector((s) => s.auth.user);
  const [signOut, signingOut] = useSignOut();

  return (
    <div className="mx-auto w-full max-w-5xl px-6 py-10 lg:px-10">
      <Card className="flex flex-wrap items-center gap-5 p-6 lg:p-8">
        <Avatar name={user?.fullName} src={user?.profilePicture} size="lg" />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-semibold tracking-tight text-stone-900">Welcome, {user?.fullName ?? 'there'}</h1>
          <p className="mt-1 truncate text-sm text-stone-500">{user?.email}</p>
        </div>
        <Button variant="secondary" icon={<LogOut className="size-4" />} loading={signingOut} onClick={signOut}>
          Sign Out
        </Button>
      </Card>

      <h2 className="mt-10 mb-4 text-sm font-semibold text-stone-900">Where would you like to start?</h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {DESTINATIONS.map(({ to, title, text, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full flex-col rounded-xl border border-stone-200 bg-white p-5 shadow-card transition-[border-color,box-shadow] hover:border-stone-300 hover:shadow-raised focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                <Icon className="size-5" aria-hidden />
              </span>
              <span className="mt-4 flex items-center gap-1.5 font-semibold text-stone-900">
                {title}
                <ArrowRight className="size-4 text-stone-400 transition-transform group-hover:translate-x-0.5" aria-hidden />
              </span>
              <span className="mt-1 text-sm leading-6 text-stone-500">{text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
