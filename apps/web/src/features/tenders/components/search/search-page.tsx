import { FILTER_REGIONS, SEARCH_PROCUREMENT_METHODS } from '@app/shared/constants';
import type { UnderstoodPart } from '@app/shared/tender';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../../paths.ts';
import type { SearchPageFilters } from '../../api/search-tenders.ts';
import { SearchResults } from '../search-results.tsx';
import { TenderSearchForm } from '../tender-search-form.tsx';
import { withoutPart } from './match.ts';
import { NO_FILTERS, SearchFiltersPanel } from './search-filters-panel.tsx';
import '../badges.css';
import './search.css';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The applied filters, read from the address (unknown values are ignored). */
function readFilters(params: URLSearchParams): SearchPageFilters {
  const regions = params.getAll('region').filter((r) => (FILTER_REGIONS as readonly string[]).includes(r));
  const method = params.get('method') ?? '';
  const after = params.get('after') ?? '';
  return {
    regions,
    ...((SEARCH_PROCUREMENT_METHODS as readonly string[]).includes(method) && { procurement_method: method }),
    ...(DATE.test(after) && { closing_date_after: after }),
  };
}

function writeFilters(params: URLSearchParams, filters: SearchPageFilters) {
  params.delete('region');
  params.delete('method');
  params.delete('after');
  for (const r of filters.regions) params.append('region', r);
  if (filters.procurement_method) params.set('method', filters.procurement_method);
  if (filters.closing_date_after) params.set('after', filters.closing_date_after);
}

/**
 * /search?q= (spec §2): a sticky bar with a back link and its own search, the filter panel, and
 * the results. The query and the filters live in the address, so reload and back work.
 */
export function SearchPage({
  actions,
}: {
  /** Actions on the whole result set (the route adds 'Export CSV'), given the search's criteria. */
  actions?: (criteria: { q: string } & SearchPageFilters) => ReactNode;
} = {}) {
  const { t } = useTranslation('search');
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const filters = readFilters(params);
  const [filtersOpen, setFiltersOpen] = useState(false);

  const change = (edit: (next: URLSearchParams) => void) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      edit(next);
      return next;
    });

  // Spec §4: the header search runs only when the text differs from the last searched text.
  const onSearch = (next: string) => {
    if (next !== q) change((p) => p.set('q', next));
  };
  const onApply = (next: SearchPageFilters) => {
    change((p) => writeFilters(p, next));
    setFiltersOpen(false);
  };
  const onRemovePart = (part: UnderstoodPart) => {
    const next = withoutPart(q, part.text);
    change((p) => (next ? p.set('q', next) : p.delete('q')));
  };

  return (
    <div className="sp">
      <title>{q ? t('pageTitle', { q }) : t('pageTitleEmpty')}</title>
      <div className="sp-bar">
        <Link className="sp-bar__back" to={paths.home.href()}>
          <span aria-hidden="true">← </span>
          {t('back')}
        </Link>
        <div className="sp-bar__search">
          <TenderSearchForm query={q} onSearch={onSearch} id="sp-q" />
        </div>
      </div>

      {q ? (
        <>
          <h1 className="sp-heading">{t('heading', { q })}</h1>
          {actions && <div className="sp-actions">{actions({ q, ...filters })}</div>}
          <p className="sp-alert-link">
            <Link
              className="button button--secondary button--small"
              to={paths.alertNew.href({
                q,
                regions: filters.regions,
                method: filters.procurement_method,
                after: filters.closing_date_after,
              })}
            >
              {t('createAlert')}
            </Link>
          </p>
          <div className="sp-layout">
            <div className="sp-side">
              <button
                type="button"
                className="button button--secondary sp-filters-toggle"
                aria-expanded={filtersOpen}
                aria-controls="sp-filters"
                onClick={() => setFiltersOpen((open) => !open)}
              >
                {t('filters.toggle')}
              </button>
              <div className={`sp-side__panel${filtersOpen ? ' sp-side__panel--open' : ''}`}>
                <SearchFiltersPanel key={JSON.stringify(filters)} id="sp-filters" applied={filters} onApply={onApply} />
              </div>
            </div>
            <section className="sp-results" aria-label={t('heading', { q })}>
              <SearchResults
                q={q}
                filters={filters}
                onRemovePart={onRemovePart}
                onClearFilters={() => onApply(NO_FILTERS)}
              />
            </section>
          </div>
        </>
      ) : (
        <>
          <h1 className="sp-heading">{t('searchLabel')}</h1>
          <p className="muted">{t('prompt')}</p>
        </>
      )}
    </div>
  );
}
