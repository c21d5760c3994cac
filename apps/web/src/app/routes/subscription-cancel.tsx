import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import '../../features/billing/billing.css';
import { paths } from '../../paths.ts';

/** /subscription/cancel (spec §2): where Stripe Checkout returns when the user backs out. */
export function Component() {
  const { t } = useTranslation('billing');
  return (
    <section className="page-message subscription-result" aria-labelledby="cancel-title">
      <h1 id="cancel-title">{t('cancel.title')}</h1>
      <p>{t('cancel.text')}</p>
      <div className="subscription-result__actions">
        <Link className="button" to={paths.pricing.href()}>
          {t('cancel.tryAgain')}
        </Link>
        <Link className="button button--secondary" to={paths.dashboard.href()}>
          {t('cancel.continueFree')}
        </Link>
        <Link className="button button--secondary" to={paths.contact.href()}>
          {t('cancel.contactSupport')}
        </Link>
      </div>
    </section>
  );
}
