import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageSpinner } from '../components/ui/Spinner';
import { AccountSettingsPage } from '../features/account/components/AccountSettingsPage';
import { DashboardPage } from '../features/account/components/DashboardPage';
import {
  AcademyPage,
  CreatorZonePage,
  LinkedInPage,
  ReferPage,
  SupportPage,
  TeamPage,
} from '../features/account/components/InfoPages';
import { OverviewPage } from '../features/account/components/OverviewPage';
import { PluginsPage } from '../features/plugins';
import { ProfileSettingsPage } from '../features/account/components/ProfileSettingsPage';
import { AuthCallbackPage } from '../features/auth/components/AuthCallbackPage';
import { ForgotPasswordPage } from '../features/auth/components/ForgotPasswordPage';
import { LoginPage } from '../features/auth/components/LoginPage';
import { RegisterPage } from '../features/auth/components/RegisterPage';
import { RequireActivePlan } from '../features/auth/components/RequireActivePlan';
import { RequireAuth } from '../features/auth/components/RequireAuth';
import { ResetPasswordPage } from '../features/auth/components/ResetPasswordPage';
import { VerifyEmailPage } from '../features/auth/components/VerifyEmailPage';
import { BillingPage, TestCheckoutPage, TestPortalPage } from '../features/billing';
import { CreditsPage } from '../features/credits';
import { SubscriptionPage } from '../features/subscription';
import { NotFoundPage } from '../features/shell/components/NotFoundPage';
import { RootLayout } from '../features/shell/components/RootLayout';
import { AccountLayout, AppShell, PlainLayout, WorkLayout } from '../features/shell/components/layouts';

/*
 * The route table of spec §2. To add a screen: create features/<name>/<Name>Page.tsx and add
 * one line in the right group below. The work modules load lazily (they carry canvas code);
 * their files export a named component, e.g. `export function CreatePage()`.
 */
const lazyPage = <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType) => async () => ({ Component: pick(await load()) });

const createPage = lazyPage(() => import('../features/create/CreatePage'), (m) => m.CreatePage);
const tweakPage = lazyPage(() => import('../features/tweak/TweakPage'), (m) => m.TweakPage);
const refinePage = lazyPage(() => import('../features/refine/RefinePage'), (m) => m.RefinePage);
const galleryPage = lazyPage(() => import('../features/gallery/GalleryPage'), (m) => m.GalleryPage);
const explorePage = lazyPage(() => import('../features/gallery/ExplorePage'), (m) => m.ExplorePage);
const sharedImagePage = lazyPage(() => import('../features/gallery/SharedImagePage'), (m) => m.SharedImagePage);

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      // Public sign-in screens
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/auth/verify-email', element: <VerifyEmailPage /> },
      { path: '/auth/callback', element: <AuthCallbackPage /> },

      // The local payment provider's test-mode pages (full screen, like Stripe's own).
      {
        element: <RequireAuth />,
        children: [
          { path: '/checkout/test', element: <TestCheckoutPage /> },
          { path: '/billing/portal-test', element: <TestPortalPage /> },
        ],
      },

      {
        element: <AppShell />,
        children: [
          // Public inside the shell: visitors may browse Explore.
          {
            element: <WorkLayout />,
            children: [
              { path: '/explore', lazy: explorePage },
              { path: '/explore/:id', lazy: sharedImagePage },
            ],
          },

          {
            element: <RequireAuth />,
            children: [
              {
                element: <PlainLayout />,
                children: [
                  { path: '/', element: <DashboardPage /> },
                  { path: '/dashboard', element: <DashboardPage /> },
                ],
              },
              {
                element: <WorkLayout />,
                children: [
                  { path: '/gallery', lazy: galleryPage },
                  {
                    element: <RequireActivePlan />,
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
                element: <AccountLayout />,
                children: [
                  { path: '/overview', element: <OverviewPage /> },
                  { path: '/account-settings', element: <AccountSettingsPage /> },
                  { path: '/profile-settings', element: <ProfileSettingsPage /> },
                  { path: '/team', element: <TeamPage /> },
                  { path: '/subscription', element: <SubscriptionPage /> },
                  { path: '/credits', element: <CreditsPage /> },
                  { path: '/billing', element: <BillingPage /> },
                  { path: '/refer', element: <ReferPage /> },
                  { path: '/zone', element: <CreatorZonePage /> },
                  { path: '/plugins', element: <PluginsPage /> },
                  { path: '/academy', element: <AcademyPage /> },
                  { path: '/linkedin', element: <LinkedInPage /> },
                  { path: '/support', element: <SupportPage /> },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
