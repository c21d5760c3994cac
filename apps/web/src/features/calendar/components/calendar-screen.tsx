import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../paths.ts';
import type { Deadline } from './deadline-calendar.tsx';
import '../calendar.css';

// FullCalendar (~60 KB gzipped) loads after the page's first paint, so /calendar stays within the
// 170 KB initial-JavaScript budget of every screen (issue 4, bench/bundle.ts).
const DeadlineCalendar = lazy(() => import('./deadline-calendar.tsx').then((m) => ({ default: m.DeadlineCalendar })));

interface Props {
  state: 'loading' | 'error' | 'ready';
  onRetry: () => void;
  deadlines: Deadline[];
  /** Bookmarks (active) in all, with or without a closing date. */
  bookmarkCount: number;
}

/** /calendar: the closing dates of the user's bookmarked tenders (spec §2 "Calendar", issue 5). */
export function CalendarScreen({ state, onRetry, deadlines, bookmarkCount }: Props) {
  const { t } = useTranslation('calendar');
  const undated = bookmarkCount - deadlines.length;
  return (
    <div className="calendar-page">
      <h1>{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      {state === 'loading' && (
        <p className="muted" role="status">
          {t('loading')}
        </p>
      )}
      {state === 'error' && (
        <div className="banner banner--error" role="alert">
          <p>{t('loadFailed')}</p>
          <button type="button" className="button button--secondary button--small" onClick={onRetry}>
            {t('retry')}
          </button>
        </div>
      )}
      {state === 'ready' && (
        <div className="calendar-notes">
          {bookmarkCount === 0 ? (
            <p>
              {t('empty')} <Link to={paths.tableView.href()}>{t('browse')}</Link>
            </p>
          ) : (
            <p>
              <Link to={paths.bookmarks.href()}>{t('manage')}</Link>
            </p>
          )}
          {undated > 0 && <p className="muted">{t('noDate', { count: undated })}</p>}
        </div>
      )}
      {/* Shown from the start, as the spec's calendar is, and filled when the bookmarks arrive. */}
      <Suspense
        fallback={
          <div className="deadline-calendar deadline-calendar--pending" role="status">
            {t('calendarLoading')}
          </div>
        }
      >
        <DeadlineCalendar deadlines={deadlines} />
      </Suspense>
    </div>
  );
}
