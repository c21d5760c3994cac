import { Link } from 'react-router';
import '../../features/billing/billing.css';
import { paths } from '../../paths.ts';

/** /subscription/cancel (spec §2): where Stripe Checkout returns when the user backs out. */
export function Component() {
  return (
    <section className="page-message subscription-result" aria-labelledby="cancel-title">
      <h1 id="cancel-title">Subscription Cancelled</h1>
      <p>
        Your checkout was cancelled and you have not been charged. You can choose a plan again whenever you are ready.
      </p>
      <div className="subscription-result__actions">
        <Link className="button" to={paths.pricing.href()}>
          Try Again
        </Link>
        <Link className="button button--secondary" to={paths.dashboard.href()}>
          Continue with Free Plan
        </Link>
        <Link className="button button--secondary" to={paths.contact.href()}>
          Contact Support
        </Link>
      </div>
    </section>
  );
}
