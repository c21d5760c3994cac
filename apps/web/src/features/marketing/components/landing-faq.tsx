import { useTranslation } from 'react-i18next';

const QUESTIONS = ['sources', 'search', 'coverage', 'trial'] as const;

/** The four FAQ entries of the landing page, saying what Breeze really does. */
export function LandingFaq() {
  const { t } = useTranslation('landing');
  return (
    <section className="landing-section" aria-labelledby="faq-title" data-section="faq">
      <h2 id="faq-title" className="landing-section__title">
        {t('faq.title')}
      </h2>
      <div className="faq">
        {QUESTIONS.map((key) => (
          <details key={key} className="faq__item">
            <summary className="faq__question">{t(`faq.${key}.question`)}</summary>
            <p className="faq__answer">{t(`faq.${key}.answer`)}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
