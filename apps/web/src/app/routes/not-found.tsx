import { Link } from 'react-router';
import { paths } from '../../paths.ts';

export function Component() {
  return (
    <section className="page-message" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>There is no page at this address yet.</p>
      <p>
        <Link className="button" to={paths.home.href()}>
          Back to search
        </Link>
      </p>
    </section>
  );
}
