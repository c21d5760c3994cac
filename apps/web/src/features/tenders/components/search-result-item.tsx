import type { SearchResult } from '@app/shared/tender';
import { Link } from 'react-router';
import { formatDate, matchPercentage } from '../../../lib/format.ts';
import { paths } from '../../../paths.ts';

export function SearchResultItem({ result }: { result: SearchResult }) {
  const match = matchPercentage(result.search_score);
  return (
    <li className="result">
      <article className="result__body">
        <h3 className="result__title">
          <Link to={paths.tenderNotice.href(result.id)}>{result.title}</Link>
        </h3>
        <p className="result__org">{result.contracting_entity_name ?? 'Organization not specified'}</p>
        <dl className="result__meta">
          <div>
            <dt>Closes</dt>
            <dd>
              {result.closing_date ? (
                <time dateTime={result.closing_date}>{formatDate(result.closing_date)}</time>
              ) : (
                formatDate(null)
              )}
            </dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>{result.status}</dd>
          </div>
          <div>
            <dt>Match</dt>
            <dd className="result__match" data-testid="match-percentage">
              {match}%
            </dd>
          </div>
        </dl>
      </article>
    </li>
  );
}
