import type { UnderstoodPart } from '@app/shared/tender';
import { CATEGORY_CODES, PROVINCES, SEARCH_PROCUREMENT_METHODS } from '@app/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount, formatDate, formatMoney } from '../../../lib/format.ts';
import { pickLocalized } from '../../../lib/i18n.ts';
import { paths } from '../../../paths.ts';
import { alertMatchesQuery } from '../api/get-alert-matches.ts';

const has = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** A part the parser understood, in the UI's language (the server's own label is English). */
function usePartLabel() {
  const { t } = useTranslation('alerts');
  const { t: tc } = useTranslation();
  return (part: UnderstoodPart): string => {
    const value = String(part.value);
    switch (part.kind) {
      case 'region':
        return has(PROVINCES, value) ? tc(`domain.provinces.${value}`) : part.label;
      case 'category':
        return has(CATEGORY_CODES, value) ? tc(`domain.categories.${value}`) : part.label;
      case 'method':
        return has(SEARCH_PROCUREMENT_METHODS, value) ? tc(`domain.procurementMethods.${value}`) : part.label;
      case 'value_max':
        return typeof part.value === 'number'
          ? t('preview.parts.valueMax', { amount: formatMoney(part.value) })
          : part.label;
      case 'value_min':
        return typeof part.value === 'number'
          ? t('preview.parts.valueMin', { amount: formatMoney(part.value) })
          : part.label;
      case 'closing_before':
        return t('preview.parts.closingBefore', { date: formatDate(value) });
      case 'closing_after':
        return t('preview.parts.closingAfter', { date: formatDate(value) });
      default:
        return part.label;
    }
  };
}

/** The alert's preview: what its search matches now, newest published first (GET /api/alerts/{id}/matches). */
export function AlertMatches({ alertId }: { alertId: string }) {
  const { t } = useTranslation('alerts');
  const matches = useQuery(alertMatchesQuery(alertId));
  const partLabel = usePartLabel();
  const data = matches.data;

  return (
    <section className="alert-preview" aria-labelledby="alert-preview-title" aria-busy={matches.isFetching}>
      <h2 id="alert-preview-title">{t('preview.title')}</h2>
      <p className="muted">{t('preview.intro')}</p>
      {matches.isPending && <p className="muted">{t('preview.loading')}</p>}
      {matches.isError && (
        <p className="banner banner--error" role="alert">
          {t('preview.error')}
        </p>
      )}
      {data && (
        <>
          {data.understood.length > 0 && (
            <p className="alert-preview__understood">
              {t('preview.understood')}{' '}
              {data.understood.map((part) => (
                <span key={`${part.kind}:${part.text}`} className="chip">
                  {partLabel(part)}
                </span>
              ))}
            </p>
          )}
          <p data-testid="alert-preview-total">
            <strong>
              {data.total_is_lower_bound
                ? t('preview.totalAtLeast', { formatted: formatCount(data.total_results) })
                : t('preview.total', { count: data.total_results, formatted: formatCount(data.total_results) })}
            </strong>
            {data.results.length > 0 && data.results.length < data.total_results && (
              <span className="muted"> · {t('preview.showing', { shown: data.results.length })}</span>
            )}
          </p>
          {data.results.length === 0 ? (
            <p>{t('preview.none')}</p>
          ) : (
            <ul className="alert-preview__list">
              {data.results.map((r) => (
                <li key={r.id}>
                  <Link to={paths.tenderNotice.href(r.id)}>{pickLocalized(r.title, r.title_fr)}</Link>
                  <span className="alert-preview__meta">
                    {[
                      pickLocalized(r.contracting_entity_name, null),
                      r.published_date ? t('preview.published', { date: formatDate(r.published_date) }) : null,
                      r.closing_date ? t('preview.closes', { date: formatDate(r.closing_date) }) : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
