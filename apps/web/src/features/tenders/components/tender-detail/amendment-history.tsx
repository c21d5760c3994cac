import { useQuery } from '@tanstack/react-query';
import { tenderVersionsQuery } from '../../api/get-tender-detail.ts';
import { formatTenderDate, statusLabel } from './tender-format.ts';

/** Earlier versions of an amended tender (newest first); nothing when it was never amended. */
export function AmendmentHistory({ tenderId, amendmentNumber }: { tenderId: string; amendmentNumber: number }) {
  const { data: versions } = useQuery(tenderVersionsQuery(tenderId));
  if (!versions || versions.length === 0) return null;
  const times = Math.max(amendmentNumber, versions.length);
  return (
    <section className="td-card" aria-labelledby="td-amendments">
      <h2 id="td-amendments">
        Amended {times} {times === 1 ? 'time' : 'times'}
      </h2>
      <ol className="td-versions">
        {versions.map((v) => (
          <li key={`${v.amendment_number}-${v.replaced_at}`}>
            <strong>Version {v.amendment_number}</strong> — replaced {formatTenderDate(v.replaced_at)}
            <span className="muted">
              {' '}
              ({statusLabel(v.status)}, closing {formatTenderDate(v.closing_date)})
            </span>
            {v.title && <div>{v.title}</div>}
          </li>
        ))}
      </ol>
    </section>
  );
}
