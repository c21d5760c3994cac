import { SearchPage } from '../../features/tenders/components/search/search-page.tsx';

/** /search?q= — search results with filters (spec §2 "Search results"). */
export function Component() {
  return <SearchPage />;
}
