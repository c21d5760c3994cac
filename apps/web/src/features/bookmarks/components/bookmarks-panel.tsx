import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CountdownBadge } from '../../../components/ui/countdown-badge.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { pickLocalized } from '../../../lib/i18n.ts';
import { paths } from '../../../paths.ts';
import { bookmarksQuery } from '../api/bookmarks-api.ts';
import '../bookmarks.css';

const SHOWN = 10;

/** The home dashboard's Bookmarks tab: the active bookmarks, newest first, with a link to /bookmarks. */
export function BookmarksPanel({ userId }: { userId: string }) {
  const { t } = useTranslation('bookmarks');
  const bookmarks = useQuery(bookmarksQuery(userId));
  const active = (bookmarks.data ?? []).filter((b) => b.status === 'active');
  const archivedCount = (bookmarks.data?.length ?? 0) - active.length;

  return (
    <div className="bm-panel">
      <div className="bm-panel__head">
        <h2>{t('panel.title')}</h2>
        <Link to={paths.bookmarks.href()}>{t('panel.viewAll')}</Link>
      </div>
      {bookmarks.isPending && <p className="muted">{t('loading')}</p>}
      {bookmarks.isError && (
        <p className="banner banner--error" role="alert">
          {t('errors.load')}
        </p>
      )}
      {bookmarks.isSuccess && active.length === 0 && (
        <div className="bm-empty">
          <p className="bm-empty__title">{t('empty')}</p>
          <p>{t('emptyHint')}</p>
        </div>
      )}
      {active.length > 0 && (
        <ul className="bm-compact">
          {active.slice(0, SHOWN).map((b) => (
            <li key={b.tender_notice_id}>
              <Link to={paths.tenderNotice.href(b.tender_notice_id)}>
                {pickLocalized(b.tender.title, b.tender.title_fr)}
              </Link>
              <span className="muted bm-compact__meta">
                {b.tender.closing_date && (
                  <time dateTime={b.tender.closing_date}>{formatDateTime(b.tender.closing_date)}</time>
                )}{' '}
                <CountdownBadge closing={b.tender.closing_date} />
              </span>
              {b.notes && <span className="bm-compact__notes">{b.notes}</span>}
            </li>
          ))}
        </ul>
      )}
      {(active.length > SHOWN || archivedCount > 0) && (
        <p className="muted">
          {active.length > SHOWN && (
            <Link to={paths.bookmarks.href()}>{t('panel.more', { count: active.length - SHOWN })}</Link>
          )}
          {active.length > SHOWN && archivedCount > 0 && ' · '}
          {archivedCount > 0 && t('panel.archivedHint', { count: archivedCount })}
        </p>
      )}
    </div>
  );
}
