import { TableView } from '../../features/tenders/components/table-view/table-view.tsx';

/** /table-view: the tender table (spec §2 "Tender table view"). */
export function Component() {
  return <TableView />;
}
