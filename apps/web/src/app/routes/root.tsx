import { isRouteErrorResponse, Link, Outlet, useRouteError } from 'react-router';
import { paths } from '../../paths.ts';

function SiteHeader() {
  return (
    <header className="site-header">
      <div className="container">
        <Link to={paths.home.href()} className="brand">
          <img className="brand__logo" src="/favicon.svg" alt="" width={28} height={28} />
          Breeze
        </Link>
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

export function RootLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="container">
        <Outlet />
      </main>
      <SiteFooter />
    </>
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
