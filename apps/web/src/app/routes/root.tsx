import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, Link, Outlet, useRouteError } from 'react-router';
import { useAuth } from '../../features/auth/auth-store.ts';
import { paths } from '../../paths.ts';

// Only signed-in users see the menu; signed-out visitors of the first page never download it.
const UserMenu = lazy(() =>
  import('../../features/auth/components/user-menu.tsx').then((m) => ({ default: m.UserMenu })),
);

function SiteHeader() {
  const { isSignedIn } = useAuth();
  return (
    <header className="site-header">
      <div className="container site-header__row">
        <Link to={isSignedIn ? paths.appHome.href() : paths.home.href()} className="brand">
          <img className="brand__logo" src="/favicon.svg" alt="" width={28} height={28} />
          Breeze
        </Link>
        {isSignedIn ? (
          <nav className="site-nav" aria-label="Main">
            <Link to={paths.appHome.href()}>Home</Link>
            <Link to={paths.home.href()}>Search</Link>
            <Link to={paths.rfpAnalysis.href()}>RFP Analysis</Link>
            <Suspense fallback={null}>
              <UserMenu />
            </Suspense>
          </nav>
        ) : (
          <nav className="site-nav" aria-label="Main">
            <Link to={paths.about.href()}>About</Link>
            <Link to={paths.pricing.href()}>Pricing</Link>
            <Link to={paths.contact.href()}>Contact</Link>
            <Link to={paths.help.href()}>Help</Link>
            <Link to={paths.signIn.href()}>Sign In</Link>
            <Link to={paths.signUp.href()} className="button button--small">
              Start Free Trial
            </Link>
          </nav>
        )}
      </div>
    </header>
  );
}

function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container">
        <p>
          Breeze · Canadian public tenders · <a href="/api/docs">API documentation</a>
        </p>
      </div>
    </footer>
  );
}

/** Skip link plus whatever the matched layout draws. */
export function AppShell() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Outlet />
    </>
  );
}

/** Header, main and footer around every page except onboarding (spec §2). */
export function SiteLayout() {
  return (
    <>
      <SiteHeader />
      <main id="main" className="container">
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}

/** Onboarding sits in the protected layout but outside the header and footer (spec §2). */
export function BareLayout() {
  return (
    <main id="main" className="container container--narrow">
      <Outlet />
    </main>
  );
}

/** Last line of defence: a route that failed to load or render (e.g. a chunk gone after a deploy). */
export function RootErrorBoundary() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;
  return (
    <>
      <SiteHeader />
      <main id="main" className="container page-message" role="alert">
        <h1>Something went wrong</h1>
        <p>This page could not be shown{detail ? ` (${detail})` : ''}. Reloading usually fixes it.</p>
        <p>
          <a className="button" href={paths.home.href()}>
            Reload Breeze
          </a>
        </p>
      </main>
    </>
  );
}
