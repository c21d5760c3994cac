import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { formatCount, pluralize } from '../../../lib/format.ts';
import { searchTendersQuery } from '../api/search-tenders.ts';
import { SearchResultItem } from './search-result-item.tsx';
import { UnderstoodChips } from './understood-chips.tsx';

function errorMessage(error: Error) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return `The search could not be run: ${error.message}`;
  }
  if (error instanceof ApiError && error.code === 'network_error') return error.message;
  return 'Something went wrong on our side while searching. Please try again in a moment.';
}

/** Results of one query; renders nothing until there is a query. */
export function SearchResults({ q }: { q: string }) {
  const { data, error, isPending, isFetching, refetch } = useQuery(searchTendersQuery(q));

  if (!q) return null;
  if (isPending) {
    return (
      <p className="search-status" role="status">
        Searching contracts...
      </p>
    );
  }
  if (error) {
    return (
      <div className="search-status search-status--error" role="alert">
        <p>{errorMessage(error)}</p>
        <button className="button button--secondary" type="button" onClick={() => void refetch()} disabled={isFetching}>
          Try again
        </button>
      </div>
    );
  }
  if (data.results.length === 0) {
    return (
      <div className="search-status" role="status">
        <p className="search-status__title">No results found</p>
        <p>Try fewer or broader words, or another region.</p>
        <UnderstoodChips parts={data.search_metadata.understood} />
      </div>
    );
  }
  const { results, total_results: total, search_metadata: meta } = data;
  const optional = meta.optional_keywords ?? [];
  return (
    <>
      <div className="results-summary">
        <p role="status">
          {meta.total_is_lower_bound ? `${formatCount(total)}+ results` : pluralize(total, 'result')} for “{q}”
          {total > results.length && ` · showing the best ${formatCount(results.length)}`}
        </p>
        <UnderstoodChips parts={meta.understood} />
      </div>
      {optional.length > 0 && (
        <p className="results-note">
          No tender has all your words, so some of these do not mention {optional.map((w) => `“${w}”`).join(', ')}.
        </p>
      )}
      <ol className="results" aria-label={`Tenders matching “${q}”`}>
        {results.map((result) => (
          <SearchResultItem key={result.id} result={result} />
        ))}
      </ol>
    </>
  );
}
