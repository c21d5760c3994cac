import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../paths.ts';

/** Final call to action: 'Start free trial' and 'Book a demo' (the contact form with inquiry type demo). */
export function FinalCta() {
  const { t } = useTranslation('landing');
  return (
    <section className="landing-section final-cta" aria-labelledby="cta-title" data-section="cta">
      <h2 id="cta-title" className="landing-section__title">
        {t('cta.title')}
      </h2>
      <p>{t('cta.text')}</p>
      <div className="final-cta__actions">
        <Link className="button" to={paths.signUp.href()}>
          {t('cta.startTrial')}
        </Link>
        <Link className="button button--secondary" to={paths.contact.href('demo')}>
          {t('cta.bookDemo')}
        </Link>
      </div>
    </section>
  );
}
