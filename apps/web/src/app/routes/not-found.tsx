import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../paths.ts';

/** The 404 page: any address no route answers, and unknown content pages. */
export function Component() {
  const { t } = useTranslation('notFound');
  return (
    <section className="page-message" aria-labelledby="not-found-title" data-testid="not-found">
      <title>{t('pageTitle')}</title>
      <h1 id="not-found-title">{t('title')}</h1>
      <p>{t('text')}</p>
      <p>
        <Link className="button" to={paths.home.href()}>
          {t('home')}
        </Link>{' '}
        <Link to={paths.help.href()}>{t('help')}</Link>
      </p>
    </section>
  );
}
