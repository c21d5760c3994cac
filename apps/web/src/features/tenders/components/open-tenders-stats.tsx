import { useQuery } from '@tanstack/react-query';
import { formatCount, pluralize } from '../../../lib/format.ts';
import { tenderStatsQuery } from '../api/get-tender-stats.ts';

/** The live numbers of the tender database; nothing here is a sample figure. */
export function OpenTendersStats() {
  const { data, isPending, isError } = useQuery(tenderStatsQuery());

  if (isPending) {
    return (
      <p className="stats stats--muted" aria-busy="true">
        Counting open tenders…
      </p>
    );
  }
  if (isError) {
    return <p className="stats stats--muted">The live tender count is unavailable right now.</p>;
  }
  return (
    <div className="stats">
      <p className="stats__headline">
        <strong className="stats__number" data-testid="open-tenders-count">
          {formatCount(data.open_tenders)}
        </strong>{' '}
        open {data.open_tenders === 1 ? 'tender' : 'tenders'}
      </p>
      <p className="stats__detail">
        {formatCount(data.added_this_week)} added this week · {pluralize(data.organizations, 'organization')}
      </p>
    </div>
  );
}
