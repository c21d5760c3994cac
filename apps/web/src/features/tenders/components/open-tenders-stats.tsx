import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../lib/format.ts';
import { tenderStatsQuery } from '../api/get-tender-stats.ts';

/** The id of the generated demo set (features/ingest/demo-data.ts): not a source Breeze reads. */
const DEMO_SOURCE = 'demo';

/**
 * The live figures of the tender database (landing and about pages): open tenders, tenders added
 * this week, contracting organizations and sources. Nothing here is a sample or marketing figure.
 * The generated demo set is not counted as a source: when it is loaded, the figure says so.
 */
export function OpenTendersStats() {
  const { t } = useTranslation('landing');
  const { data, isPending, isError } = useQuery(tenderStatsQuery());

  if (isPending) {
    return (
      <p className="stats stats--muted" aria-busy="true">
        {t('figures.counting')}
      </p>
    );
  }
  if (isError) {
    return <p className="stats stats--muted">{t('figures.unavailable')}</p>;
  }
  const realSources = data.sources.filter((s) => s.source !== DEMO_SOURCE).length;
  const hasDemo = data.sources.some((s) => s.source === DEMO_SOURCE);
  const figures = [
    { id: 'open-tenders-count', label: t('figures.openTenders'), value: data.open_tenders },
    { id: 'added-this-week-count', label: t('figures.addedThisWeek'), value: data.added_this_week },
    { id: 'organizations-count', label: t('figures.organizations'), value: data.organizations },
    { id: 'sources-count', label: t('figures.sources'), value: realSources, demo: hasDemo },
  ];
  return (
    <dl className="figures">
      {figures.map((figure) => (
        <div key={figure.id} className="figures__item">
          <dt className="figures__label">{figure.label}</dt>
          <dd className="figures__value" data-testid={figure.id}>
            {formatCount(figure.value)}
          </dd>
          {figure.demo && (
            <dd className="figures__note" data-testid="sources-demo-label">
              {t('figures.sourcesDemo')}
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}
