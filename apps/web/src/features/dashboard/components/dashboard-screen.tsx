import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dashboardQuery } from '../api/dashboard-api.ts';
import { HomeSearch } from './home-search.tsx';
import { HomeTabs } from './home-tabs.tsx';
import { QuickActions } from './quick-actions.tsx';
import { RecentActivity } from './recent-activity.tsx';
import { RecommendedList } from './recommended-list.tsx';
import { StatTiles } from './stat-tiles.tsx';
import { UrgentDeadlines } from './urgent-deadlines.tsx';
import '../dashboard.css';

interface Props {
  companyName: string | null;
  /** Changes when the profile is saved: the recommendations and figures depend on it. */
  profileVersion: string;
  /** The Bookmarks and Breeze Chat tabs come from their own features (composed by the route). */
  bookmarksPanel: () => ReactNode;
  chatPanel: () => ReactNode;
}

/** The signed-in home dashboard (spec §2 "Home dashboard", issues 5 and 6). */
export function DashboardScreen({ companyName, profileVersion, bookmarksPanel, chatPanel }: Props) {
  const { t } = useTranslation('dashboard');
  const dashboard = useQuery(dashboardQuery(profileVersion));
  const name = companyName?.trim() || t('fallbackName');

  return (
    <div className="dash">
      <header className="dash-head">
        <h1>{t('welcome', { name })}</h1>
        <p className="muted">{t('lead')}</p>
        <HomeSearch />
      </header>

      <section aria-label={t('stats.label')} className="dash-stats" aria-busy={dashboard.isPending}>
        {dashboard.data && <StatTiles data={dashboard.data} />}
        {dashboard.isPending && <div className="dash-tiles dash-tiles--loading" aria-hidden="true" />}
        {dashboard.isError && (
          <div className="banner banner--error" role="alert">
            <p>{t('stats.loadFailed')}</p>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => void dashboard.refetch()}
            >
              {t('stats.retry')}
            </button>
          </div>
        )}
      </section>

      <div className="dash-grid">
        <div className="dash-main">
          <HomeTabs
            panels={{
              recommended: () => <RecommendedList profileVersion={profileVersion} />,
              bookmarks: bookmarksPanel,
              chat: chatPanel,
              history: () => <RecentActivity />,
            }}
          />
        </div>
        <aside className="dash-side">
          <UrgentDeadlines deadlines={dashboard.data?.urgentDeadlines} />
          <QuickActions />
        </aside>
      </div>
    </div>
  );
}
