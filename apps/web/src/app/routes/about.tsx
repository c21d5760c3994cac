import type { QueryClient } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorBoundary } from '../../components/ui/error-boundary.tsx';
import { tenderStatsQuery } from '../../features/tenders/api/get-tender-stats.ts';
import { DemoDataNotice } from '../../features/tenders/components/demo-data-notice.tsx';
import { OpenTendersStats } from '../../features/tenders/components/open-tenders-stats.tsx';
import { formatCount, formatDateTime } from '../../lib/format.ts';
import { paths } from '../../paths.ts';
import '../../features/marketing/marketing.css';

export const clientLoader = (queryClient: QueryClient) => () => {
  void queryClient.prefetchQuery(tenderStatsQuery());
  return null;
};

const MATCHING_STEPS = ['step1', 'step2', 'step3', 'step4', 'step5'] as const;

/** The sources in the database now, with how many notices each holds and when it was last read. */
function SourcesList() {
  const { t } = useTranslation('about');
  const { data, isPending, isError } = useQuery(tenderStatsQuery());
  if (isPending) return <p className="muted">{t('sources.loading')}</p>;
  if (isError) return <p className="muted">{t('sources.unavailable')}</p>;
  const names: Record<string, string> = { canadabuys: t('sources.names.canadabuys'), demo: t('sources.names.demo') };
  return (
    <ul className="sources-list" aria-label={t('sources.listLabel')} data-testid="sources-list">
      {data.sources.map((source) => (
        <li key={source.source}>
          <strong>{names[source.source] ?? source.name}</strong>
          <span className="sources-list__meta">
            {t('sources.tenders', { count: source.tenders, total: formatCount(source.tenders) })} ·{' '}
            {source.last_ingested_at
              ? t('sources.lastIngested', { date: formatDateTime(source.last_ingested_at) })
              : t('sources.neverIngested')}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** About (spec §2): the mission, the live figures, the sources and how matching works; nothing invented. */
export function Component() {
  const { t } = useTranslation(['about', 'landing']);
  return (
    <article className="prose prose--wide" aria-labelledby="about-title">
      <title>{t('pageTitle')}</title>
      <h1 id="about-title">{t('title')}</h1>
      <p className="prose__intro">{t('lead')}</p>

      <h2>{t('mission.title')}</h2>
      <p>{t('mission.text')}</p>

      <h2>{t('figures.title')}</h2>
      <p className="muted">{t('landing:figures.lead')}</p>
      <ErrorBoundary fallback={<p className="muted">{t('landing:figures.unavailable')}</p>}>
        <OpenTendersStats />
        <DemoDataNotice />
      </ErrorBoundary>

      <h2>{t('sources.title')}</h2>
      <p>{t('sources.text')}</p>
      <ErrorBoundary fallback={<p className="muted">{t('sources.unavailable')}</p>}>
        <SourcesList />
      </ErrorBoundary>

      <h2>{t('matching.title')}</h2>
      <ol>
        {MATCHING_STEPS.map((step) => (
          <li key={step}>{t(`matching.${step}`)}</li>
        ))}
      </ol>

      <h2>{t('links.title')}</h2>
      <p className="final-cta__actions final-cta__actions--start">
        <Link className="button" to={paths.signUp.href()}>
          {t('links.signUp')}
        </Link>
        <Link className="button button--secondary" to={paths.contact.href()}>
          {t('links.contact')}
        </Link>
      </p>
    </article>
  );
}
