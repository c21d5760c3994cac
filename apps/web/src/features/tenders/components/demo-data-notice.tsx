import { useQuery } from '@tanstack/react-query';
import { tenderStatsQuery } from '../api/get-tender-stats.ts';

/** Says so whenever the database holds the generated demo set instead of official notices. */
export function DemoDataNotice() {
  const { data } = useQuery(tenderStatsQuery());
  if (!data?.demo_data) return null;
  return (
    <p className="notice" role="note">
      <strong>Demo data:</strong> these tenders are generated examples, not real notices.
    </p>
  );
}
