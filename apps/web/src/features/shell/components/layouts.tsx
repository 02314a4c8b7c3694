import { Outlet } from 'react-router';
import { usePendingReferral } from '../../account/hooks/usePendingReferral';
import { useCreditWarnings } from '../../credits';
import { GalleryModal } from '../../gallery';
import { usePendingTeamInvite, useWorkspaceGuard, useWorkspaceSync } from '../../teams';
import { AccountSidebar } from './AccountSidebar';
import { AppHeader } from './AppHeader';
import { DemoModeBanner } from './DemoModeBanner';
import { WorkSidebar } from './WorkSidebar';

/** Header + page. Every signed-in screen (and /explore) sits inside it. */
export function AppShell() {
  useCreditWarnings();
  usePendingReferral();
  useWorkspaceGuard();
  useWorkspaceSync();
  usePendingTeamInvite();
  return (
    <div className="flex h-full min-h-0 flex-col">
      <DemoModeBanner />
      <AppHeader />
      <div className="flex min-h-0 flex-1">
        <Outlet />
      </div>
      <GalleryModal rail={<WorkSidebar />} />
    </div>
  );
}

/** Account pages: the account sidebar and a centred, scrolling content column. */
export function AccountLayout() {
  return (
    <>
      <AccountSidebar />
      <main className="min-w-0 flex-1 overflow-y-auto">
        <div className="mx-auto w-full max-w-5xl px-6 py-8 lg:px-10 lg:py-10">
          <Outlet />
        </div>
      </main>
    </>
  );
}

/** Module pages: the work rail and a full-size main area the module owns (canvas, strips). */
export function WorkLayout() {
  return (
    <>
      <WorkSidebar />
      <main className="relative flex min-w-0 flex-1 flex-col overflow-hidden bg-stone-100/60">
        <Outlet />
      </main>
    </>
  );
}

/** A single scrolling page under the header, no sidebar (dashboard). */
export function PlainLayout() {
  return (
    <main className="min-w-0 flex-1 overflow-y-auto">
      <Outlet />
    </main>
  );
}
