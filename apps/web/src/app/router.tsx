import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageSpinner } from '../components/ui/Spinner';
import { RequireAuth } from '../features/auth/components/RequireAuth';
import { RootLayout } from '../features/shell/components/RootLayout';
import { galleryFirstScreenLoader } from './api/galleryFirstScreen';
import { loadGalleryPage, loadShellLayouts } from './routeCode';
import { loadWorkSlices } from './store';

/*
 * The route table of spec §2. To add a screen: create features/<name>/<Name>Page.tsx and add
 * one line in the right group below. The work modules load lazily (they carry canvas code);
 * their files export a named component, e.g. `export function CreatePage()`.
 */
const lazyPage = <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType) => async () => ({ Component: pick(await load()) });

const createPage = lazyPage(() => import('../features/create/CreatePage'), (m) => m.CreatePage);
const tweakPage = lazyPage(() => import('../features/tweak/TweakPage'), (m) => m.TweakPage);
const refinePage = lazyPage(() => import('../features/refine/RefinePage'), (m) => m.RefinePage);
const galleryPage = lazyPage(loadGalleryPage, (m) => m.GalleryPage);
const explorePage = lazyPage(() => import('../features/gallery/ExplorePage'), (m) => m.ExplorePage);
const sharedImagePage = lazyPage(() => import('../features/gallery/SharedImagePage'), (m) => m.SharedImagePage);

// Every other screen loads lazily too, so /login's first JS carries only the sign-in page
// (no zod, Radix, account or billing code; issue #19's budget).
const loginPage = lazyPage(() => import('../features/auth/components/LoginPage'), (m) => m.LoginPage);
const registerPage = lazyPage(() => import('../features/auth/components/RegisterPage'), (m) => m.RegisterPage);
const forgotPasswordPage = lazyPage(() => import('../features/auth/components/ForgotPasswordPage'), (m) => m.ForgotPasswordPage);
const resetPasswordPage = lazyPage(() => import('../features/auth/components/ResetPasswordPage'), (m) => m.ResetPasswordPage);
const verifyEmailPage = lazyPage(() => import('../features/auth/components/VerifyEmailPage'), (m) => m.VerifyEmailPage);
const authCallbackPage = lazyPage(() => import('../features/auth/components/AuthCallbackPage'), (m) => m.AuthCallbackPage);
const testCheckoutPage = lazyPage(() => import('../features/billing/components/TestCheckoutPage'), (m) => m.TestCheckoutPage);
const testPortalPage = lazyPage(() => import('../features/billing/components/TestPortalPage'), (m) => m.TestPortalPage);
const billingPage = lazyPage(() => import('../features/billing/components/BillingPage'), (m) => m.BillingPage);
const creditsPage = lazyPage(() => import('../features/credits/components/CreditsPage'), (m) => m.CreditsPage);
const subscriptionPage = lazyPage(() => import('../features/subscription/components/SubscriptionPage'), (m) => m.SubscriptionPage);
const dashboardPage = lazyPage(() => import('../features/account/components/DashboardPage'), (m) => m.DashboardPage);
const overviewPage = lazyPage(() => import('../features/account/components/OverviewPage'), (m) => m.OverviewPage);
const accountSettingsPage = lazyPage(() => import('../features/account/components/AccountSettingsPage'), (m) => m.AccountSettingsPage);
const profileSettingsPage = lazyPage(() => import('../features/account/components/ProfileSettingsPage'), (m) => m.ProfileSettingsPage);
const referPage = lazyPage(() => import('../features/account/components/ReferPage'), (m) => m.ReferPage);
const creatorZonePage = lazyPage(() => import('../features/account/components/CreatorZonePage'), (m) => m.CreatorZonePage);
const infoPages = () => import('../features/account/components/InfoPages');
const teamPage = lazyPage(() => import('../features/teams/TeamPage'), (m) => m.TeamPage);
const joinTeamPage = lazyPage(() => import('../features/teams/components/JoinTeamPage'), (m) => m.JoinTeamPage);
const pluginsPage = lazyPage(() => import('../features/plugins'), (m) => m.PluginsPage);
const academyPage = lazyPage(infoPages, (m) => m.AcademyPage);
const linkedInPage = lazyPage(infoPages, (m) => m.LinkedInPage);
const supportPage = lazyPage(infoPages, (m) => m.SupportPage);
const adminPages = () => import('../features/admin');
const requireOperator = lazyPage(adminPages, (m) => m.RequireOperator);
const adminLayout = lazyPage(adminPages, (m) => m.AdminLayout);
const adminUsersPage = lazyPage(adminPages, (m) => m.UsersPage);
const adminUserPage = lazyPage(adminPages, (m) => m.UserPage);
const adminRendersPage = lazyPage(adminPages, (m) => m.RendersPage);
const adminSystemPage = lazyPage(adminPages, (m) => m.SystemPage);
const adminAuditPage = lazyPage(adminPages, (m) => m.AuditPage);
const requireActivePlan = lazyPage(() => import('../features/auth/components/RequireActivePlan'), (m) => m.RequireActivePlan);
const notFoundPage = lazyPage(() => import('../features/shell/components/NotFoundPage'), (m) => m.NotFoundPage);

// The shell holds every screen that reads the work area's slices: it waits for them.
const appShell = lazyPage(async () => (await Promise.all([loadShellLayouts(), loadWorkSlices()]))[0], (m) => m.AppShell);
const workLayout = lazyPage(loadShellLayouts, (m) => m.WorkLayout);
const plainLayout = lazyPage(loadShellLayouts, (m) => m.PlainLayout);
const accountLayout = lazyPage(loadShellLayouts, (m) => m.AccountLayout);

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      // Public sign-in screens
      { path: '/login', lazy: loginPage },
      { path: '/register', lazy: registerPage },
      { path: '/forgot-password', lazy: forgotPasswordPage },
      { path: '/reset-password', lazy: resetPasswordPage },
      { path: '/auth/verify-email', lazy: verifyEmailPage },
      { path: '/auth/callback', lazy: authCallbackPage },
      // An invitation link works signed in (joins) and signed out (signs in or registers first).
      { path: '/team/join', lazy: joinTeamPage },

      // The local payment provider's test-mode pages (full screen, like Stripe's own).
      {
        element: <RequireAuth />,
        children: [
          { path: '/checkout/test', lazy: testCheckoutPage },
          { path: '/billing/portal-test', lazy: testPortalPage },
        ],
      },

      {
        lazy: appShell,
        children: [
          // Public inside the shell: visitors may browse Explore.
          {
            lazy: workLayout,
            children: [
              { path: '/explore', lazy: explorePage },
              { path: '/explore/:id', lazy: sharedImagePage },
            ],
          },

          {
            element: <RequireAuth />,
            children: [
              {
                lazy: plainLayout,
                children: [
                  { path: '/', lazy: dashboardPage },
                  { path: '/dashboard', lazy: dashboardPage },
                  // The operator's console: operators only (the server decides; GET /api/admin/access).
                  {
                    lazy: requireOperator,
                    children: [
                      {
                        lazy: adminLayout,
                        children: [
                          { path: '/admin', lazy: adminUsersPage },
                          { path: '/admin/users/:id', lazy: adminUserPage },
                          { path: '/admin/renders', lazy: adminRendersPage },
                          { path: '/admin/system', lazy: adminSystemPage },
                          { path: '/admin/audit', lazy: adminAuditPage },
                        ],
                      },
                    ],
                  },
                ],
              },
              {
                lazy: workLayout,
                children: [
                  { path: '/gallery', lazy: galleryPage, loader: galleryFirstScreenLoader },
                  {
                    lazy: requireActivePlan,
                    children: [
                      { path: '/create', lazy: createPage },
                      { path: '/edit', lazy: tweakPage },
                      { path: '/tweak', lazy: tweakPage },
                      { path: '/upscale', lazy: refinePage },
                      { path: '/refine', lazy: refinePage },
                    ],
                  },
                ],
              },
              {
                lazy: accountLayout,
                children: [
                  { path: '/overview', lazy: overviewPage },
                  { path: '/account-settings', lazy: accountSettingsPage },
                  { path: '/profile-settings', lazy: profileSettingsPage },
                  { path: '/team', lazy: teamPage },
                  { path: '/subscription', lazy: subscriptionPage },
                  { path: '/credits', lazy: creditsPage },
                  { path: '/billing', lazy: billingPage },
                  { path: '/refer', lazy: referPage },
                  { path: '/zone', lazy: creatorZonePage },
                  { path: '/plugins', lazy: pluginsPage },
                  { path: '/academy', lazy: academyPage },
                  { path: '/linkedin', lazy: linkedInPage },
                  { path: '/support', lazy: supportPage },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', lazy: notFoundPage },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
