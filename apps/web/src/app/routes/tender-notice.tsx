import { useParams } from 'react-router';
import { TenderDetailPage } from '../../features/tenders/components/tender-detail/tender-detail-page.tsx';

/** /tender-notice/:id — one tender with its BreezeAI summary (spec §2 "Tender detail"). */
export function Component() {
  const { id = '' } = useParams();
  // Keyed by id so moving between tenders starts each page fresh (share note, citations).
  return <TenderDetailPage key={id} tenderId={id} />;
}
