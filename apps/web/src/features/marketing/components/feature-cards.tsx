import { useTranslation } from 'react-i18next';

const FEATURES = [
  { key: 'discovery', icon: '⌕', planned: false },
  { key: 'alerts', icon: '◔', planned: false },
  { key: 'deadlines', icon: '▦', planned: false },
  { key: 'analytics', icon: '▤', planned: false },
] as const;

/** The four feature cards of spec §2, each saying what Breeze really does today. */
export function FeatureCards() {
  const { t } = useTranslation('landing');
  return (
    <section className="landing-section" aria-labelledby="features-title" data-section="features">
      <h2 id="features-title" className="landing-section__title">
        {t('features.title')}
      </h2>
      <ul className="feature-cards">
        {FEATURES.map(({ key, icon, planned }) => (
          <li key={key} className="feature-card">
            <span className="feature-card__icon" aria-hidden="true">
              {icon}
            </span>
            <h3 className="feature-card__title">{t(`features.${key}.title`)}</h3>
            {planned && <p className="tag">{t('features.planned')}</p>}
            <p>{t(`features.${key}.text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
