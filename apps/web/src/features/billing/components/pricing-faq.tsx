import { useTranslation } from 'react-i18next';

const FAQ = ['change', 'trial', 'refund', 'payment', 'setup'] as const;

/** The pricing FAQ (spec §9). */
export function PricingFaq() {
  const { t } = useTranslation('billing');
  return (
    <section className="pricing-faq" aria-labelledby="faq-title">
      <h2 id="faq-title">{t('faq.title')}</h2>
      {FAQ.map((item) => (
        <details key={item} className="pricing-faq__item">
          <summary>{t(`faq.${item}Q`)}</summary>
          <p>{t(`faq.${item}A`)}</p>
        </details>
      ))}
    </section>
  );
}
