import { Link } from 'react-router';
import { useAuth } from '../../features/auth/auth-store.ts';
import { paths } from '../../paths.ts';

/** Signed-in start page. The full dashboard of spec §2 comes later; this shows nothing made up. */
export function Component() {
  const { user } = useAuth();
  const name = user?.profile.company_name || 'User';
  return (
    <section className="page-message" aria-labelledby="app-home-title">
      <h1 id="app-home-title">Welcome back, {name}</h1>
      <p>Search the open Canadian public tenders in plain words.</p>
      <p>
        <Link className="button" to={paths.home.href()}>
          Search tenders
        </Link>
      </p>
      <p>
        <Link to={paths.profile.href()}>Your company profile</Link>
      </p>
    </section>
  );
}
