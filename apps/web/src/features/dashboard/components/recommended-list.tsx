import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format.ts';
import { currentLanguage, pickLocalized } from '../../../lib/i18n.ts';
import { paths } from '../../../paths.ts';
import { recommendationsQuery } from '../api/dashboard-api.ts';

/** Spec §9 colour bands of a match percentage: 90 and above, 75 and above, below 75. */
const band = (score: number) => (score >= 90 ? 'high' : score >= 75 ? 'mid' : 'low');

/**
 * Recommended for You (spec §2, issue 6): open tenders that fit the profile, each with its
 * explained match score (the reasons come from the server, in the UI's language).
 */
export function RecommendedList({ profileVersion }: { profileVersion: string }) {
  const { t } = useTranslation('dashboard');
  const recs = useInfiniteQuery(recommendationsQuery(currentLanguage(), profileVersion));
  const first = recs.data?.pages[0];
  const results = recs.data?.pages.flatMap((p) => p.results) ?? [];

  return (
    <div>
      <div className="dash-panel__head">
        <h2>{t('recommended.title')}</h2>
        <Link to={paths.tenders.href()}>{t('recommended.viewAll')}</Link>
      </div>
      <p className="muted">{t('recommended.intro')}</p>
      {recs.isPending && (
        <p className="muted" role="status">
          {t('recommended.loading')}
        </p>
      )}
      {recs.isError && (
        <div className="banner banner--error" role="alert">
          <p>{t('recommended.loadFailed')}</p>
          <button type="button" className="button button--secondary button--small" onClick={() => void recs.refetch()}>
            {t('recommended.retry')}
          </button>
        </div>
      )}
      {first && !first.profileComplete && (
        <p className="banner banner--info">
          {t('recommended.incomplete')} <Link to={paths.profile.href()}>{t('recommended.editProfile')}</Link>
        </p>
      )}
      {first && results.length === 0 && <p className="dash-empty">{t('recommended.empty')}</p>}
      {first && results.length > 0 && (
        <>
          <p className="dash-count" data-testid="recommendations-total">
            {t('recommended.count', { count: first.total })}
          </p>
          <ol className="dash-recs">
            {results.map((r) => {
              const title = pickLocalized(r.title, r.title_fr);
              const place = [r.contracting_entity_city, r.contracting_entity_province].filter(Boolean).join(', ');
              return (
                <li key={r.id} className="dash-rec" data-testid="recommendation" data-tender-id={r.id}>
                  <div className="dash-rec__head">
                    <h3 className="dash-rec__title">
                      <Link to={paths.tenderNotice.href(r.id)}>{title}</Link>
                    </h3>
                    <span className={`dash-match dash-match--${band(r.relevanceScore)}`} data-testid="match-score">
                      {t('recommended.match', { score: r.relevanceScore })}
                    </span>
                  </div>
                  <p className="dash-rec__org">
                    {r.contracting_entity_name ?? t('recommended.organizationUnknown')}
                    {place && <span> · {place}</span>}
                  </p>
                  {r.closing_date && (
                    <p className="dash-rec__closes">
                      {t('recommended.closes')}: <time dateTime={r.closing_date}>{formatDateTime(r.closing_date)}</time>
                    </p>
                  )}
                  {r.reasons.length > 0 && (
                    <div className="dash-rec__why">
                      <p className="dash-rec__why-title">{t('recommended.why')}</p>
                      <ul data-testid="match-reasons">
                        {r.reasons.map((reason) => (
                          <li key={reason}>{reason}</li>
                        ))}
                      </ul>
                    </div>
                  )}
                </li>
              );
            })}
          </ol>
          {recs.hasNextPage && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void recs.fetchNextPage()}
              disabled={recs.isFetchingNextPage}
            >
              {recs.isFetchingNextPage ? t('recommended.loadingMore') : t('recommended.loadMore')}
            </button>
          )}
        </>
      )}
    </div>
  );
}
