import { useTranslation } from 'react-i18next';

const SCENARIOS = ['it', 'construction', 'consulting'] as const;

/**
 * The three fixed testimonials of spec §2 (quote, author, title, avatar initials), labelled as
 * illustrative scenarios: Breeze has no customer quotes and invents none.
 */
export function Testimonials() {
  const { t } = useTranslation('landing');
  return (
    <section className="landing-section" aria-labelledby="testimonials-title" data-section="testimonials">
      <h2 id="testimonials-title" className="landing-section__title">
        {t('testimonials.title')}
      </h2>
      <p className="notice" id="testimonials-disclaimer">
        {t('testimonials.disclaimer')}
      </p>
      <ul className="testimonials" aria-describedby="testimonials-disclaimer">
        {SCENARIOS.map((key) => (
          <li key={key}>
            <figure className="testimonial">
              <p className="tag">{t('testimonials.scenario')}</p>
              <blockquote className="testimonial__quote">
                <p>{t(`testimonials.items.${key}.quote`)}</p>
              </blockquote>
              <figcaption className="testimonial__who">
                <span className="avatar testimonial__avatar" aria-hidden="true">
                  {t(`testimonials.items.${key}.initials`)}
                </span>
                <span>
                  <span className="testimonial__author">{t(`testimonials.items.${key}.author`)}</span>
                  <span className="testimonial__title">{t(`testimonials.items.${key}.title`)}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
