import type { SearchResult } from '@app/shared/tender';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format.ts';
import { pickLocalized } from '../../../lib/i18n.ts';
import { paths } from '../../../paths.ts';
import { useTenderLabels } from '../use-tender-labels.ts';
import { matchBand, matchPercent } from './search/match.ts';
import { descriptionText } from './tender-detail/description-text.ts';

/** Spec §2: at most 3 tag chips, from category_primary (decoded) and gsin. */
export const MAX_TAGS = 3;

export function SearchResultItem({ result }: { result: SearchResult }) {
  const { t } = useTranslation('search');
  const labels = useTenderLabels();
  const match = matchPercent(result.search_score);
  const band = matchBand(match);
  const tags = [
    ...(result.category_primary ? labels.categories(result.category_primary) : []),
    // GSIN codes are stored "N7030, N7040": one chip each.
    ...(result.gsin ?? '')
      .split(',')
      .map((code) => code.trim())
      .filter(Boolean),
  ].slice(0, MAX_TAGS);
  const snippet = descriptionText(pickLocalized(result.description, result.description_fr));

  return (
    <li className="result">
      <article className="result__body">
        <div className="result__top">
          <h2 className="result__title">
            <Link to={paths.tenderNotice.href(result.id)}>{pickLocalized(result.title, result.title_fr)}</Link>
          </h2>
          <p className={`match match--${band}`} data-testid="match" data-band={band}>
            <span className="match__value" data-testid="match-percentage">
              {t('result.matchValue', { value: match })}
            </span>
            <span className="match__band">{t(`result.bands.${band}`)}</span>
          </p>
        </div>
        <p className="result__org">
          {pickLocalized(result.contracting_entity_name, result.contracting_entity_name_fr) ||
            t('result.organizationUnknown')}
        </p>
        {snippet && <p className="result__snippet">{snippet}</p>}
        <dl className="result__meta">
          <div>
            <dt>{t('result.closes')}</dt>
            <dd>
              {result.closing_date ? (
                <time dateTime={result.closing_date}>{formatDate(result.closing_date)}</time>
              ) : (
                formatDate(null)
              )}
            </dd>
          </div>
          <div>
            <dt>{t('result.status')}</dt>
            <dd>{labels.status(result.status)}</dd>
          </div>
        </dl>
        {tags.length > 0 && (
          <ul className="result__tags" aria-label={t('result.tags')}>
            {tags.map((tag) => (
              <li key={tag} className="chip result__tag" data-testid="result-tag">
                {tag}
              </li>
            ))}
          </ul>
        )}
      </article>
    </li>
  );
}
