import clsx from 'clsx';
import { Images, Zap } from 'lucide-react';
import { Link, NavLink, useLocation } from 'react-router';
import { workLinkFor } from '../lib/workLink';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Avatar } from '../../../components/ui/Avatar';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Logo } from '../../../components/ui/Logo';
import { useGetCreditsSummaryQuery } from '../../../app/api/billing';
import { openGallery } from '../../gallery';
import { WorkspaceSwitcher } from '../../teams';
import { CreditsRing } from './CreditsRing';

/** The three module tabs of the header. */
export const MODULE_TABS = [
  { to: '/create', label: 'Create' },
  { to: '/edit', label: 'Tweak' },
  { to: '/upscale', label: 'Upscale' },
] as const;

/** The Gallery button shows only on the module pages. */
export function showsGalleryButton(pathname: string): boolean {
  return MODULE_TABS.some((tab) => pathname === tab.to || pathname.startsWith(`${tab.to}/`));
}

export function AppHeader() {
  const { pathname, search } = useLocation();
  const dispatch = useAppDispatch();
  const { user, subscription, credits, isAuthenticated } = useAppSelector((s) => s.auth);
  const teamId = useAppSelector((s) => s.workspace.teamId);
  // In a team the ring shows the team's pool (GET /credits answers for the workspace).
  const pool = useGetCreditsSummaryQuery(undefined, { skip: !isAuthenticated || teamId === null });
  const inTeam = teamId !== null;
  const isFree = !inTeam && (subscription?.planType ?? 'FREE') === 'FREE';

  return (
    <header className="relative z-30 flex h-16 shrink-0 items-center gap-4 border-b border-stone-200 bg-white px-4 lg:px-6">
      <Link
        to="/"
        aria-label="Atelier home"
        className="shrink-0 rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-4"
      >
        <Logo />
      </Link>

      {isAuthenticated ? <WorkspaceSwitcher /> : null}

      {isAuthenticated ? (
        <nav aria-label="Modules" className="ml-1 flex items-center gap-1 rounded-xl bg-stone-100 p-1 lg:ml-3">
          {MODULE_TABS.map((tab) => (
            <NavLink
              key={tab.to}
              to={workLinkFor(tab.to, pathname, search)}
              className={({ isActive }) =>
                clsx(
                  'rounded-lg px-3.5 py-1.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 lg:px-4',
                  isActive ? 'bg-white text-stone-900 shadow-card' : 'text-stone-600 hover:text-stone-900',
                )
              }
            >
              {tab.label}
            </NavLink>
          ))}
        </nav>
      ) : null}

      <div className="ml-auto flex items-center gap-2 lg:gap-3">
        {isAuthenticated ? (
          <>
            {showsGalleryButton(pathname) ? (
              <Button variant="secondary" size="sm" icon={<Images className="size-4" />} onClick={() => dispatch(openGallery())}>
                Gallery
              </Button>
            ) : null}
            {isFree ? (
              <ButtonLink to="/subscription" size="sm" icon={<Zap className="size-4" />}>
                Upgrade Now
              </ButtonLink>
            ) : null}
            <CreditsRing
              credits={inTeam ? (pool.data?.credits ?? 0) : credits}
              subscriptionCredits={inTeam ? pool.data?.allowance : subscription?.credits}
              poolName={inTeam ? 'team' : undefined}
            />
            <Link
              to="/overview"
              aria-label="Account overview"
              className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2"
            >
              <Avatar name={user?.fullName} src={user?.profilePicture} size="sm" />
            </Link>
          </>
        ) : (
          <>
            <ButtonLink to="/login" variant="ghost" size="sm">
              Sign in
            </ButtonLink>
            <ButtonLink to="/register" size="sm">
              Create account
            </ButtonLink>
          </>
        )}
      </div>
    </header>
  );
}
