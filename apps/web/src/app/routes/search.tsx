import { ExportButton } from '../../features/exports/components/export-button.tsx';
import { SearchPage } from '../../features/tenders/components/search/search-page.tsx';

/** /search?q= — search results with filters (spec §2 "Search results"), with 'Export CSV' of the results. */
export function Component() {
  return (
    <SearchPage
      actions={(criteria) => <ExportButton request={{ kind: 'tenders', body: { source: 'search', criteria } }} />}
    />
  );
}
