import type { FilterOptions, TableQueryInput, Tender } from '@app/shared/tender';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type MouseEvent, type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../../../components/ui/page-loader.tsx';
import { isPlanLimitError, PlanLimitNotice } from '../../../../components/ui/plan-limit-notice.tsx';
import { formatCount, formatDate, formatMoney } from '../../../../lib/format.ts';
import { pickLocalized } from '../../../../lib/i18n.ts';
import { paths } from '../../../../paths.ts';
import { useAuth } from '../../../auth/auth-store.ts';
import { tenderStatsQuery } from '../../api/get-tender-stats.ts';
import { filterOptionsQuery, tenderTableQuery } from '../../api/get-tender-table.ts';
import { useTenderLabels } from '../../use-tender-labels.ts';
import { statusTone } from '../tender-detail/tender-format.ts';
import { type PageItem, pageItems } from './pagination.ts';
import '../badges.css';
import './table-view.css';

/** The filters of spec §2, each kept in the address as a repeated query parameter. */
const FILTERS = [
  { type: 'region', param: 'region', api: 'regions', options: 'regions' },
  { type: 'category', param: 'category', api: 'categories', options: 'categories' },
  { type: 'noticeType', param: 'type', api: 'notice_types', options: 'notice_types' },
  { type: 'status', param: 'status', api: 'statuses', options: 'statuses' },
  { type: 'organization', param: 'org', api: 'organizations', options: 'organizations' },
] as const satisfies ReadonlyArray<{
  type: string;
  param: string;
  api: keyof TableQueryInput;
  options: keyof FilterOptions;
}>;
type FilterType = (typeof FILTERS)[number]['type'];

/** A filter chip (spec §2: id, label and type). */
export interface FilterChip {
  id: string;
  label: string;
  type: FilterType;
  value: string;
}

const TEXT_PARAM = 'text';
const PAGE_PARAM = 'page';

/**
 * The tender table view (spec §2): welcome heading, active count, text search, filter dropdowns
 * with removable chips, 50 tenders a page with numbered pagination. Its whole state is in the
 * address (other parameters, such as /home's `view`, are kept), so reload and back work.
 */
export function TableView({
  headingLevel = 1,
  actions,
}: {
  headingLevel?: 1 | 2;
  /** Actions on the whole result set (the route adds 'Export CSV'): given the filters and text, without paging. */
  actions?: (query: Omit<TableQueryInput, 'page' | 'page_size'>) => ReactNode;
}) {
  const { t } = useTranslation('table');
  const labels = useTenderLabels();
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const resultsRef = useRef<HTMLDivElement>(null);

  const text = params.get(TEXT_PARAM)?.trim() ?? '';
  const page = Math.max(1, Number.parseInt(params.get(PAGE_PARAM) ?? '1', 10) || 1);
  const selected = Object.fromEntries(FILTERS.map((f) => [f.type, params.getAll(f.param)])) as Record<
    FilterType,
    string[]
  >;
  const criteria: Omit<TableQueryInput, 'page' | 'page_size'> = { q: text };
  for (const f of FILTERS) if (selected[f.type].length > 0) criteria[f.api] = selected[f.type];
  const query: TableQueryInput = { ...criteria, page };

  const table = useQuery(tenderTableQuery(query));
  const options = useQuery(filterOptionsQuery());
  const stats = useQuery(tenderStatsQuery());

  /** Every change of the filter set or the text goes back to page 1 (spec §4). */
  const update = (change: (next: URLSearchParams) => void, keepPage = false) => {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      change(next);
      if (!keepPage) next.delete(PAGE_PARAM);
      return next;
    });
  };

  const optionLabel = (type: FilterType, value: string): string => {
    if (type === 'region') return labels.province(value);
    if (type === 'category') return labels.categories(value).join(', ');
    if (type === 'status') return labels.status(value);
    // Notice types and organizations: the source's French text when it has one.
    const f = FILTERS.find((x) => x.type === type)!;
    const facet = options.data?.[f.options].find((o) => o.value === value);
    return facet ? pickLocalized(facet.label, facet.label_fr) || value : value;
  };

  const chips: FilterChip[] = FILTERS.flatMap((f) =>
    selected[f.type].map((value) => ({
      id: `${f.type}:${value}`,
      type: f.type,
      value,
      label: optionLabel(f.type, value),
    })),
  );

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('text');
    const next = typeof value === 'string' ? value.trim() : '';
    update((p) => (next ? p.set(TEXT_PARAM, next) : p.delete(TEXT_PARAM)));
  };

  const goTo = (target: number) => {
    update((p) => (target > 1 ? p.set(PAGE_PARAM, String(target)) : p.delete(PAGE_PARAM)), true);
    resultsRef.current?.scrollIntoView({ block: 'start' });
    resultsRef.current?.focus({ preventScroll: true });
  };

  const name = user?.profile?.company_name?.trim() || t('fallbackName');
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  return (
    <div className="tv">
      <title>{t('pageTitle')}</title>
      <header className="tv-head">
        <Heading className="tv-head__title">{t('welcome', { name })}</Heading>
        {stats.data && (
          <p className="tv-head__count" data-testid="active-count">
            {t('activeCount', { count: stats.data.open_tenders, formatted: formatCount(stats.data.open_tenders) })}
          </p>
        )}
        {actions && <div className="tv-head__actions">{actions(criteria)}</div>}
      </header>

      <form className="search-form tv-search" role="search" onSubmit={onSearch}>
        <label className="search-form__label" htmlFor="tv-text">
          {t('searchLabel')}
        </label>
        <div className="search-form__row">
          <input
            key={text}
            id="tv-text"
            className="search-form__input"
            name="text"
            type="search"
            defaultValue={text}
            placeholder={t('searchPlaceholder')}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={500}
          />
          <button className="button" type="submit">
            {t('searchButton')}
          </button>
        </div>
      </form>

      <fieldset className="tv-filters">
        <legend className="visually-hidden">{t('filters.title')}</legend>
        {FILTERS.map((f) => {
          const id = `tv-filter-${f.type}`;
          const available = (options.data?.[f.options] ?? []).filter((o) => !selected[f.type].includes(o.value));
          return (
            <div className="tv-filter" key={f.type}>
              <label htmlFor={id}>{t(`filters.${f.type}`)}</label>
              <select
                id={id}
                className="tv-filter__select"
                value=""
                disabled={!options.data}
                onChange={(e) => {
                  const value = e.target.value;
                  if (value) update((p) => p.append(f.param, value));
                }}
              >
                <option value="">{t('filters.any')}</option>
                {available.map((o) => (
                  <option key={o.value} value={o.value}>
                    {t('filters.option', { label: optionLabel(f.type, o.value), count: formatCount(o.count) })}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      </fieldset>

      {chips.length > 0 && (
        <div className="tv-chips">
          <span className="tv-chips__label" id="tv-chips-label">
            {t('filters.applied')}
          </span>
          <ul className="tv-chips__list" aria-labelledby="tv-chips-label">
            {chips.map((chip) => (
              <li key={chip.id} className="chip tv-chip" data-chip-type={chip.type}>
                <span>{chip.label}</span>
                <button
                  type="button"
                  className="tv-chip__remove"
                  aria-label={t('filters.remove', { label: chip.label })}
                  onClick={() => {
                    const f = FILTERS.find((x) => x.type === chip.type)!;
                    update((p) => {
                      const rest = p.getAll(f.param).filter((v) => v !== chip.value);
                      p.delete(f.param);
                      for (const v of rest) p.append(f.param, v);
                    });
                  }}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => update((p) => FILTERS.forEach((f) => p.delete(f.param)))}
          >
            {t('filters.clearAll')}
          </button>
        </div>
      )}

      <div className="tv-results" ref={resultsRef} tabIndex={-1} aria-busy={table.isFetching}>
        {table.isPending ? (
          <PageLoader label={t('loading')} />
        ) : table.isError && isPlanLimitError(table.error) ? (
          <PlanLimitNotice error={table.error} />
        ) : table.isError ? (
          <div className="search-status search-status--error" role="alert">
            <p>{t('error')}</p>
            <button className="button button--secondary" type="button" onClick={() => void table.refetch()}>
              {t('retry')}
            </button>
          </div>
        ) : table.data.tenders.length === 0 ? (
          <div className="search-status" role="status">
            <p className="search-status__title">{t('empty')}</p>
            <p>{t('emptyHint')}</p>
          </div>
        ) : (
          <>
            {table.isFetching && (
              <p className="visually-hidden" role="status">
                {t('loading')}
              </p>
            )}
            <table className={`tv-table${table.isPlaceholderData ? ' tv-table--stale' : ''}`}>
              <caption className="visually-hidden">{t('caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('columns.title')}</th>
                  <th scope="col">{t('columns.organization')}</th>
                  <th scope="col">{t('columns.region')}</th>
                  <th scope="col">{t('columns.closing')}</th>
                  <th scope="col">{t('columns.value')}</th>
                  <th scope="col">{t('columns.status')}</th>
                  <th scope="col">{t('columns.notice')}</th>
                </tr>
              </thead>
              <tbody>
                {table.data.tenders.map((tender) => (
                  <TenderRow key={tender.id} tender={tender} />
                ))}
              </tbody>
            </table>
            <Pagination
              page={page}
              shownPage={table.data.page}
              pageCount={table.data.page_count}
              total={table.data.total}
              shown={table.data.tenders.length}
              pageSize={table.data.page_size}
              onPage={goTo}
            />
          </>
        )}
      </div>
    </div>
  );
}

function TenderRow({ tender }: { tender: Tender }) {
  const { t } = useTranslation('table');
  const { t: tc } = useTranslation();
  const labels = useTenderLabels();
  const href = paths.tenderNotice.href(tender.id);
  const place = [
    tender.contracting_entity_city,
    tender.contracting_entity_province && labels.province(tender.contracting_entity_province),
  ]
    .filter(Boolean)
    .join(', ');
  // The whole row opens the tender in a new tab (spec §2); the title link is the keyboard way.
  const onRowClick = (e: MouseEvent<HTMLTableRowElement>) => {
    if ((e.target as HTMLElement).closest('a, button')) return;
    window.open(href, '_blank', 'noopener');
  };
  return (
    <tr className="tv-row" onClick={onRowClick}>
      <th scope="row" className="tv-cell tv-cell--title">
        <a href={href} target="_blank" rel="noopener" data-testid="tv-title">
          {pickLocalized(tender.title, tender.title_fr)}
          <span className="visually-hidden"> {t('opensInNewTab')}</span>
        </a>
      </th>
      <td className="tv-cell" data-label={t('columns.organization')} data-testid="tv-organization">
        {pickLocalized(tender.contracting_entity_name, tender.contracting_entity_name_fr) || tc('format.notSpecified')}
      </td>
      <td className="tv-cell" data-label={t('columns.region')}>
        {place || tc('format.notSpecified')}
      </td>
      <td className="tv-cell tv-cell--nowrap" data-label={t('columns.closing')} data-testid="tv-closing">
        {tender.closing_date ? formatDate(tender.closing_date) : tc('format.tbd')}
      </td>
      <td className="tv-cell tv-cell--nowrap" data-label={t('columns.value')} data-testid="tv-value">
        {formatMoney(tender.estimated_value, tc('format.valueTbd'))}
      </td>
      <td className="tv-cell" data-label={t('columns.status')}>
        <span className={`td-badge td-badge--${statusTone(tender.status)}`}>{labels.status(tender.status)}</span>
      </td>
      <td className="tv-cell tv-cell--nowrap" data-label={t('columns.notice')}>
        {tender.source_url ? (
          <a href={tender.source_url} target="_blank" rel="noreferrer" className="tv-notice">
            {t('viewNotice')}
            <span className="visually-hidden"> {t('opensInNewTab')}</span>
          </a>
        ) : (
          <span className="muted">{t('noNotice')}</span>
        )}
      </td>
    </tr>
  );
}

function Pagination(props: {
  /** The page asked for (the address); `shownPage` is the one on screen, older while the next loads. */
  page: number;
  shownPage: number;
  pageCount: number;
  total: number;
  shown: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('table');
  const { page, shownPage, pageCount, total, shown, pageSize, onPage } = props;
  const from = (shownPage - 1) * pageSize + 1;
  const items: PageItem[] = pageItems(page, pageCount);
  return (
    <nav className="tv-pagination" aria-label={t('pagination.label')}>
      <p className="tv-pagination__range" data-testid="tv-range">
        {t('pagination.range', {
          from: formatCount(from),
          to: formatCount(from + shown - 1),
          total: formatCount(total),
        })}
      </p>
      {pageCount > 1 && (
        <ul className="tv-pagination__pages">
          <li>
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={page <= 1}
              onClick={() => onPage(page - 1)}
            >
              {t('pagination.previous')}
            </button>
          </li>
          {items.map((item, i) =>
            item === 'gap' ? (
              <li key={`gap-${i}`} className="tv-pagination__gap" data-testid="tv-gap">
                <span aria-hidden="true">…</span>
                <span className="visually-hidden">{t('pagination.more')}</span>
              </li>
            ) : (
              <li key={item}>
                <button
                  type="button"
                  className={`tv-page${item === page ? ' tv-page--current' : ''}`}
                  aria-current={item === page ? 'page' : undefined}
                  aria-label={t('pagination.page', { page: item })}
                  onClick={() => onPage(item)}
                >
                  {formatCount(item)}
                </button>
              </li>
            ),
          )}
          <li>
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={page >= pageCount}
              onClick={() => onPage(page + 1)}
            >
              {t('pagination.next')}
            </button>
          </li>
        </ul>
      )}
    </nav>
  );
}
