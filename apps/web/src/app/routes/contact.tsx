import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ContactForm, isInquiryType } from '../../features/marketing/components/contact-form.tsx';
import '../../features/marketing/marketing.css';

const RESPONSE_TIMES = ['general', 'sales', 'support', 'emergency'] as const;

/** Contact (spec §2): the form, the response promises and the business hours. */
export function Component() {
  const { t } = useTranslation('contact');
  const [searchParams] = useSearchParams();
  // 'Book a demo' links here with ?inquiry=demo; unknown values fall back to general.
  const requested = searchParams.get('inquiry');
  const inquiry = isInquiryType(requested) ? requested : 'general';

  return (
    <section className="contact" aria-labelledby="contact-title">
      <title>{t('pageTitle')}</title>
      <h1 id="contact-title">{t('title')}</h1>
      <p className="prose__intro">{t('lead')}</p>
      <div className="contact__layout">
        <ContactForm key={inquiry} inquiry={inquiry} />
        <aside className="contact__card contact__aside" aria-labelledby="response-title">
          <h2 id="response-title">{t('response.title')}</h2>
          <dl>
            {RESPONSE_TIMES.map((key) => (
              <div key={key}>
                <dt>{t(`response.${key}`)}</dt>
                <dd>{t(`response.${key}Time`)}</dd>
              </div>
            ))}
          </dl>
          <h2>{t('hours.title')}</h2>
          <p>{t('hours.text')}</p>
        </aside>
      </div>
    </section>
  );
}
