import { ExportButton } from '../../features/exports/components/export-button.tsx';
import { TableView } from '../../features/tenders/components/table-view/table-view.tsx';

/** /table-view: the tender table (spec §2 "Tender table view"), with 'Export CSV' of its result set. */
export function Component() {
  return (
    <TableView actions={(query) => <ExportButton request={{ kind: 'tenders', body: { source: 'table', query } }} />} />
  );
}
