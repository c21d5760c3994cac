import type { UrgentDeadline } from '@app/shared/dashboard';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CountdownBadge } from '../../../components/ui/countdown-badge.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { pickLocalized } from '../../../lib/i18n.ts';
import { paths } from '../../../paths.ts';

/** Spec §2 "Urgent Deadlines": bookmarked tenders closing within 7 days, soonest first. */
export function UrgentDeadlines({ deadlines }: { deadlines: UrgentDeadline[] | undefined }) {
  const { t } = useTranslation('dashboard');
  return (
    <section className="dash-card" aria-labelledby="urgent-title">
      <h2 id="urgent-title" className="dash-card__title">
        {t('urgent.title')}
      </h2>
      <p className="muted dash-card__intro">{t('urgent.intro')}</p>
      {deadlines && deadlines.length === 0 && <p className="dash-empty">{t('urgent.empty')}</p>}
      {deadlines && deadlines.length > 0 && (
        <ul className="dash-urgent" data-testid="urgent-deadlines">
          {deadlines.map((d) => (
            <li key={d.id}>
              <Link to={paths.tenderNotice.href(d.id)}>{pickLocalized(d.title, d.title_fr)}</Link>
              <span className="dash-urgent__meta">
                <CountdownBadge closing={d.closing_date} />{' '}
                <time dateTime={d.closing_date}>{formatDateTime(d.closing_date)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="dash-card__more">
        <Link to={paths.calendar.href()}>{t('urgent.calendar')}</Link>
      </p>
    </section>
  );
}
