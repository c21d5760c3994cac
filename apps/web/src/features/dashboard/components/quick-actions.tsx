import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../paths.ts';

/** Spec §2 quick actions, each leading to the page that does the job: 'Set up Alert' opens the new-alert form. */
export function QuickActions() {
  const { t } = useTranslation('dashboard');
  const actions = [
    { key: 'setUpAlert', label: t('quick.setUpAlert'), href: paths.alertNew.href() },
    { key: 'viewSaved', label: t('quick.viewSaved'), href: paths.bookmarks.href() },
    { key: 'advancedSearch', label: t('quick.advancedSearch'), href: paths.search.href() },
    { key: 'manageAlerts', label: t('quick.manageAlerts'), href: paths.alerts.href() },
    { key: 'trackDeadlines', label: t('quick.trackDeadlines'), href: paths.calendar.href() },
  ];
  return (
    <section className="dash-card" aria-labelledby="quick-title">
      <h2 id="quick-title" className="dash-card__title">
        {t('quick.title')}
      </h2>
      <ul className="dash-quick">
        {actions.map((a) => (
          <li key={a.key}>
            <Link className="button button--secondary button--block" to={a.href}>
              {a.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
