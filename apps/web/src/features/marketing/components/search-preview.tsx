import type { SearchResponse } from '@app/shared/tender';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount } from '../../../lib/format.ts';
import { pickLocalized } from '../../../lib/i18n.ts';
import { paths } from '../../../paths.ts';

interface Props {
  q: string;
  data: SearchResponse | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
}

/**
 * What a signed-out visitor's hero search found: how many open tenders match and the first titles,
 * with the call to start the free trial. The figures are the search API's own answer.
 */
export function SearchPreview({ q, data, isPending, isError, onRetry }: Props) {
  const { t } = useTranslation('landing');
  if (!q) return null;

  if (isPending) {
    return (
      <div className="search-preview" role="status">
        <p className="search-preview__status">{t('hero.searching')}</p>
      </div>
    );
  }
  if (isError || !data) {
    return (
      <div className="search-preview search-preview--error" role="alert">
        <p>{t('preview.error')}</p>
        <button className="button button--secondary" type="button" onClick={onRetry}>
          {t('preview.retry')}
        </button>
      </div>
    );
  }

  const total = data.total_results;
  const lowerBound = data.search_metadata.total_is_lower_bound === true;
  return (
    <section className="search-preview" aria-labelledby="search-preview-title" data-testid="search-preview">
      <h2 id="search-preview-title" className="search-preview__title">
        {t('preview.title', { q })}
      </h2>
      {total === 0 ? (
        <p role="status">{t('preview.none', { q })}</p>
      ) : (
        <>
          <p role="status" className="search-preview__count">
            <strong data-testid="hero-search-total">
              {formatCount(total)}
              {lowerBound && '+'}
            </strong>{' '}
            {t('preview.count', { count: total })}
          </p>
          <h3 className="search-preview__subtitle">{t('preview.firstTitles')}</h3>
          <ol className="search-preview__list" data-testid="hero-search-titles">
            {data.results.map((result) => (
              <li key={result.id}>{pickLocalized(result.title, result.title_fr)}</li>
            ))}
          </ol>
        </>
      )}
      <p className="search-preview__cta">
        {t('preview.cta')}{' '}
        <Link className="button button--small" to={paths.signUp.href()}>
          {t('preview.ctaButton')}
        </Link>
      </p>
    </section>
  );
}
