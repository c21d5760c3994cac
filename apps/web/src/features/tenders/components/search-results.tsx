import type { UnderstoodPart } from '@app/shared/tender';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isPlanLimitError, PlanLimitNotice } from '../../../components/ui/plan-limit-notice.tsx';
import { formatCount } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { type SearchPageFilters, searchTendersPagesQuery } from '../api/search-tenders.ts';
import { maxRelevance } from './search/match.ts';
import { SearchResultItem } from './search-result-item.tsx';
import { UnderstoodChips } from './understood-chips.tsx';

interface Props {
  q: string;
  filters: SearchPageFilters;
  /** Searches again without one part the parser understood. */
  onRemovePart: (part: UnderstoodPart) => void;
  onClearFilters: () => void;
}

/** The results of the /search page (spec §2): counts, max relevance, results, Load More. */
export function SearchResults({ q, filters, onRemovePart, onClearFilters }: Props) {
  const { t } = useTranslation('search');
  const search = useInfiniteQuery(searchTendersPagesQuery(q, filters));
  const listRef = useRef<HTMLOListElement>(null);
  const focusIndex = useRef<number | null>(null);
  const shown = search.data?.pages.reduce((n, p) => n + p.results.length, 0) ?? 0;

  // After Load More, keyboard focus moves to the first new result.
  useEffect(() => {
    const index = focusIndex.current;
    if (index === null || shown <= index) return;
    focusIndex.current = null;
    listRef.current?.querySelectorAll<HTMLAnchorElement>('.result__title a')[index]?.focus();
  }, [shown]);

  if (search.isPending) {
    return (
      <p className="search-status" role="status">
        {t('searching')}
      </p>
    );
  }

  // Beyond the plan's searches: the server's message and the way to a bigger plan, not "no results".
  if (search.isError && isPlanLimitError(search.error)) return <PlanLimitNotice error={search.error} />;

  const first = search.data?.pages[0];
  const understood = first?.search_metadata.understood ?? [];
  if (!first || shown === 0) {
    // Spec §8: a failed search shows the empty state (with a way to try again).
    return (
      <div className="search-status" role="status">
        <p className="search-status__title">{t('noResults')}</p>
        {search.isError ? <p>{t('error')}</p> : <p>{t('noResultsHint')}</p>}
        <UnderstoodChips parts={understood} onRemove={onRemovePart} />
        <p className="sp-empty-actions">
          <button className="button button--secondary" type="button" onClick={onClearFilters}>
            {t('clearFilters')}
          </button>
          {search.isError && (
            <button className="button button--secondary" type="button" onClick={() => void search.refetch()}>
              {t('retry')}
            </button>
          )}
        </p>
      </div>
    );
  }

  const meta = first.search_metadata;
  const total = first.total_results;
  const relevance = maxRelevance(meta.max_score);
  const optional = meta.optional_keywords ?? [];
  const results = (search.data?.pages ?? []).flatMap((p) => p.results);

  return (
    <>
      <div className="results-summary">
        <p role="status" data-testid="found-count">
          {meta.total_is_lower_bound
            ? t('foundAtLeast', { formatted: formatCount(total) })
            : t('found', { count: total, formatted: formatCount(total) })}
        </p>
        {relevance !== null && (
          <p data-testid="max-relevance">
            {t('maxRelevance', {
              value: new Intl.NumberFormat(currentLocale(), {
                minimumFractionDigits: 1,
                maximumFractionDigits: 1,
              }).format(relevance),
            })}
          </p>
        )}
      </div>
      <UnderstoodChips parts={understood} onRemove={onRemovePart} />
      {optional.length > 0 && (
        <p className="results-note">{t('optionalKeywords', { words: optional.map((w) => `“${w}”`).join(', ') })}</p>
      )}
      <ol className="results" aria-label={t('resultsLabel', { q })} ref={listRef}>
        {results.map((result) => (
          <SearchResultItem key={result.id} result={result} />
        ))}
      </ol>
      <div className="sp-more">
        <p className="muted" data-testid="showing">
          {t('showing', {
            shown: formatCount(results.length),
            total: `${formatCount(total)}${meta.total_is_lower_bound ? '+' : ''}`,
          })}
        </p>
        {search.isFetchNextPageError && isPlanLimitError(search.error) && <PlanLimitNotice error={search.error} />}
        {search.isFetchNextPageError && !isPlanLimitError(search.error) && (
          <p className="sp-more__error" role="alert">
            {t('error')}
          </p>
        )}
        {search.hasNextPage && (
          <button
            type="button"
            className="button"
            disabled={search.isFetchingNextPage}
            onClick={() => {
              focusIndex.current = results.length;
              void search.fetchNextPage();
            }}
          >
            {search.isFetchingNextPage ? t('loadingMore') : t('loadMore')}
          </button>
        )}
      </div>
    </>
  );
}
