import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, Outlet, useLocation, useRouteError } from 'react-router';
import { LanguageSwitch } from '../../components/ui/language-switch.tsx';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { useAuth } from '../../features/auth/auth-store.ts';
import { paths } from '../../paths.ts';

// Only signed-in users see the menu; signed-out visitors of the first page never download it.
const UserMenu = lazy(() =>
  import('../../features/auth/components/user-menu.tsx').then((m) => ({ default: m.UserMenu })),
);
const NotificationBell = lazy(() =>
  import('../../features/notifications/components/notification-bell.tsx').then((m) => ({
    default: m.NotificationBell,
  })),
);

/** The signed-in view switcher (spec §2): Search, Table, RFP Analysis, Calendar, Plans. */
function ViewSwitcher() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  // Search and Table are both /home, told apart by ?view= (spec §2), which NavLink does not compare.
  const view = new URLSearchParams(search).get('view');
  const onHome = pathname === paths.appHome.path;
  const items = [
    [paths.appHome.href('search'), t('nav.search'), onHome && view !== 'table'],
    [paths.appHome.href('table'), t('nav.table'), onHome && view === 'table'],
    [paths.rfpAnalysis.href(), t('nav.rfpAnalysis'), pathname === paths.rfpAnalysis.path],
    [paths.calendar.href(), t('nav.calendar'), pathname === paths.calendar.path],
    [paths.plans.href(), t('nav.plans'), pathname === paths.plans.path],
  ] as const;
  return (
    <ul className="view-switcher" aria-label={t('nav.viewSwitcher')}>
      {items.map(([href, label, current]) => (
        <li key={href}>
          <Link to={href} className={current ? 'active' : undefined} aria-current={current ? 'page' : undefined}>
            {label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function SiteHeader() {
  const { isSignedIn } = useAuth();
  const { t } = useTranslation();
  return (
    <header className="site-header">
      <div className="container site-header__row">
        <Link to={isSignedIn ? paths.appHome.href() : paths.home.href()} className="brand">
          <img className="brand__logo" src="/favicon.svg" alt="" width={28} height={28} />
          {t('brand')}
        </Link>
        {isSignedIn ? (
          <nav className="site-nav" aria-label={t('nav.main')}>
            <ViewSwitcher />
            <LanguageSwitch />
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
            <Suspense fallback={null}>
              <UserMenu />
            </Suspense>
          </nav>
        ) : (
          <nav className="site-nav" aria-label={t('nav.main')}>
            <Link to={paths.about.href()}>{t('nav.about')}</Link>
            <Link to={paths.pricing.href()}>{t('nav.pricing')}</Link>
            <Link to={paths.contact.href()}>{t('nav.contact')}</Link>
            <Link to={paths.help.href()}>{t('nav.help')}</Link>
            <LanguageSwitch />
            <Link to={paths.signIn.href()}>{t('nav.signIn')}</Link>
            <Link to={paths.signUp.href()} className="button button--small">
              {t('nav.startFreeTrial')}
            </Link>
          </nav>
        )}
      </div>
    </header>
  );
}

function SiteFooter() {
  const { t } = useTranslation();
  const columns = [
    {
      title: t('footer.product'),
      links: [
        [paths.appHome.href(), t('footer.home')],
        [paths.tableView.href(), t('footer.tableView')],
        [paths.search.href(), t('footer.search')],
        [paths.analytics.href(), t('footer.analytics')],
        [paths.alerts.href(), t('footer.alerts')],
        [paths.pipeline.href(), t('footer.pipeline')],
      ],
    },
    {
      title: t('footer.company'),
      links: [
        [paths.about.href(), t('footer.about')],
        [paths.contact.href(), t('footer.contact')],
        [paths.careers.href(), t('footer.careers')],
        [paths.news.href(), t('footer.news')],
      ],
    },
    {
      title: t('footer.resources'),
      links: [
        [paths.help.href(), t('footer.help')],
        [paths.faq.href(), t('footer.faq')],
        [paths.guides.href(), t('footer.guides')],
        [paths.apiDocs.href(), t('footer.apiDocs')],
      ],
    },
    {
      title: t('footer.legal'),
      links: [
        [paths.privacy.href(), t('footer.privacy')],
        [paths.terms.href(), t('footer.terms')],
        [paths.accessibility.href(), t('footer.accessibility')],
        [paths.cookies.href(), t('footer.cookies')],
      ],
    },
  ] as const;
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <p className="site-footer__name">{t('brand')}</p>
          <p>{t('footer.tagline')}</p>
          <LanguageSwitch />
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title} className="site-footer__column">
            <h2 className="site-footer__title">{column.title}</h2>
            <ul>
              {column.links.map(([href, label]) => (
                <li key={href}>
                  <Link to={href}>{label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="container">
        <p className="site-footer__legal">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}

/**
 * Skip link plus whatever the matched layout draws. Until the persisted auth state has been checked
 * with the server (at most 5 s, spec §9), the UI waits behind a loader (spec §2).
 */
export function AppShell() {
  const { t } = useTranslation();
  const { restoring } = useAuth();
  if (restoring) {
    return (
      <main id="main" className="container" data-testid="restore-loader">
        <PageLoader label={t('restoring')} />
      </main>
    );
  }
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <Outlet />
    </>
  );
}

/** Header, main and footer around every page except onboarding (spec §2). */
export function SiteLayout() {
  const { t } = useTranslation();
  return (
    <>
      <SiteHeader />
      <main id="main" className="container">
        {/* A screen's own catalogue (src/locales/{lng}/{ns}.json) loads with it. */}
        <Suspense fallback={<PageLoader label={t('loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </>
  );
}

/** Onboarding sits in the protected layout but outside the header and footer (spec §2). */
export function BareLayout() {
  const { t } = useTranslation();
  return (
    <main id="main" className="container container--narrow">
      <Suspense fallback={<PageLoader label={t('loading')} />}>
        <Outlet />
      </Suspense>
    </main>
  );
}

/** Last line of defence: a route that failed to load or render (e.g. a chunk gone after a deploy). */
export function RootErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;
  return (
    <>
      <SiteHeader />
      <main id="main" className="container page-message" role="alert">
        <h1>{t('errors.somethingWentWrong')}</h1>
        <p>{detail ? t('errors.pageCouldNotBeShownDetail', { detail }) : t('errors.pageCouldNotBeShown')}</p>
        <p>
          <a className="button" href={paths.home.href()}>
            {t('errors.reload')}
          </a>
        </p>
      </main>
    </>
  );
}
