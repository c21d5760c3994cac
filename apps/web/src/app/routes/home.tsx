import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { ErrorBoundary } from '../../components/ui/error-boundary.tsx';
import { tenderStatsQuery } from '../../features/tenders/api/get-tender-stats.ts';
import { searchTendersQuery } from '../../features/tenders/api/search-tenders.ts';
import { DemoDataNotice } from '../../features/tenders/components/demo-data-notice.tsx';
import { OpenTendersStats } from '../../features/tenders/components/open-tenders-stats.tsx';
import { SearchResults } from '../../features/tenders/components/search-results.tsx';
import { TenderSearchForm } from '../../features/tenders/components/tender-search-form.tsx';

// Starts the requests while the route's code loads; never throws, the components show errors.
export const clientLoader =
  (queryClient: QueryClient) =>
  ({ request }: LoaderFunctionArgs) => {
    void queryClient.prefetchQuery(tenderStatsQuery());
    const q = new URL(request.url).searchParams.get('q')?.trim();
    if (q) void queryClient.prefetchQuery(searchTendersQuery(q));
    return null;
  };

export function Component() {
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q')?.trim() ?? '';

  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title" className="hero__title">
          Find Canadian public tenders in plain words
        </h1>
        <p className="hero__lead">
          Breeze helps contractors and suppliers find, qualify and win Canadian public tenders. Describe what you
          do and where, and it finds the notices that match.
        </p>
        <ErrorBoundary fallback={<p className="stats stats--muted">The live tender count is unavailable.</p>}>
          <OpenTendersStats />
          <DemoDataNotice />
        </ErrorBoundary>
        <TenderSearchForm query={q} onSearch={(next) => setSearchParams({ q: next })} />
      </section>
      <section className="search-results" aria-label="Search results">
        <ErrorBoundary
          fallback={
            <p className="search-status search-status--error" role="alert">
              The results could not be shown. Reload the page to try again.
            </p>
          }
        >
          <SearchResults q={q} />
        </ErrorBoundary>
      </section>
    </>
  );
}
