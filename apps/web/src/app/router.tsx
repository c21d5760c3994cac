import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunction, redirect, redirectDocument } from 'react-router';
import { AuthEntryGuard, OnboardingGuard, ProtectedGuard } from '../features/auth/components/guards.tsx';
import { paths } from '../paths.ts';
import { AppShell, BareLayout, RootErrorBoundary, SiteLayout } from './routes/root.tsx';

/** What a lazy route module exports: its component and, optionally, a loader needing the cache. */
interface RouteModule {
  Component: ComponentType;
  clientLoader?: (queryClient: QueryClient) => LoaderFunction;
}

const convert =
  (queryClient: QueryClient) =>
  ({ Component, clientLoader }: RouteModule) =>
    clientLoader ? { Component, loader: clientLoader(queryClient) } : { Component };

export function createAppRouter(queryClient: QueryClient) {
  const lazy = (load: () => Promise<RouteModule>) => () => load().then(convert(queryClient));
  const route = (path: string, load: () => Promise<RouteModule>) => ({ path, lazy: lazy(load) });

  return createBrowserRouter([
    {
      path: paths.home.path,
      Component: AppShell,
      ErrorBoundary: RootErrorBoundary,
      // Shown for the few milliseconds the first lazy route takes to load.
      HydrateFallback: () => null,
      children: [
        {
          Component: SiteLayout,
          children: [
            { index: true, lazy: lazy(() => import('./routes/home.tsx')) },
            {
              Component: AuthEntryGuard,
              children: [
                route(paths.signIn.path, () => import('./routes/sign-in.tsx')),
                route(paths.signUp.path, () => import('./routes/sign-up.tsx')),
                route(paths.resetPassword.path, () => import('./routes/reset-password.tsx')),
              ],
            },
            // Reached from mailed links: shown whatever the auth state.
            route(paths.confirmEmail.path, () => import('./routes/confirm-email.tsx')),
            route(paths.updatePassword.path, () => import('./routes/update-password.tsx')),
            route(paths.teamJoin.path, () => import('./routes/team-join.tsx')),
            // Plans and billing (issue 7): public pages; Stripe Checkout returns to success or cancel.
            route(paths.pricing.path, () => import('./routes/pricing.tsx')),
            route(paths.subscriptionSuccess.path, () => import('./routes/subscription-success.tsx')),
            route(paths.subscriptionCancel.path, () => import('./routes/subscription-cancel.tsx')),
            // The public site (issue 4).
            route(paths.about.path, () => import('./routes/about.tsx')),
            route(paths.contact.path, () => import('./routes/contact.tsx')),
            // Help, FAQ, legal and company pages, and the honest pages for /analytics and /pipeline.
            route('/:page', () => import('./routes/content-page.tsx')),
            // The API documentation is served by the server, not the app: a full page load.
            { path: paths.apiDocs.path, loader: () => redirectDocument('/api/docs') },
            {
              Component: ProtectedGuard,
              children: [
                {
                  Component: OnboardingGuard,
                  children: [
                    route(paths.appHome.path, () => import('./routes/app-home.tsx')),
                    route(paths.profile.path, () => import('./routes/profile.tsx')),
                    // Tender detail (spec §2): a signed-in page.
                    route(paths.tenderNotice.path, () => import('./routes/tender-notice.tsx')),
                    route(paths.settings.path, () => import('./routes/settings.tsx')),
                    route(paths.plans.path, () => import('./routes/plans.tsx')),
                    route(paths.team.path, () => import('./routes/team.tsx')),
                    route(paths.rfpAnalysis.path, () => import('./routes/rfp-analysis.tsx')),
                    // The discovery screens (issue 5).
                    route(paths.search.path, () => import('./routes/search.tsx')),
                    route(paths.tableView.path, () => import('./routes/table-view.tsx')),
                    route(paths.bookmarks.path, () => import('./routes/bookmarks.tsx')),
                    route(paths.calendar.path, () => import('./routes/calendar.tsx')),
                    // Alerts (ADR 0012): saved searches mailed as digests.
                    route(paths.alerts.path, () => import('./routes/alerts.tsx')),
                    route(paths.alertNew.path, () => import('./routes/alert-new.tsx')),
                    route(paths.alert.path, () => import('./routes/alert-edit.tsx')),
                    { path: paths.dashboard.path, loader: () => redirect(paths.appHome.href()) },
                    { path: paths.tenders.path, loader: () => redirect(paths.tableView.href()) },
                  ],
                },
              ],
            },
            route('*', () => import('./routes/not-found.tsx')),
          ],
        },
        {
          Component: ProtectedGuard,
          children: [
            {
              Component: BareLayout,
              children: [route(paths.onboarding.path, () => import('./routes/onboarding.tsx'))],
            },
          ],
        },
      ],
    },
  ]);
}
