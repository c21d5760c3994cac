import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../paths.ts';
import { bookmarksQuery } from '../api/bookmarks-api.ts';
import { BookmarkItem } from './bookmark-item.tsx';
import '../bookmarks.css';

type Show = 'active' | 'archived';

/** /bookmarks: the caller's bookmarks (spec §3, §4, §8) with notes, archive and remove. */
export function BookmarksScreen({
  userId,
  actions,
}: {
  userId: string;
  /** Actions on the whole list (the route adds 'Export CSV'), shown once there are bookmarks. */
  actions?: ReactNode;
}) {
  const { t } = useTranslation('bookmarks');
  const bookmarks = useQuery(bookmarksQuery(userId));
  const [show, setShow] = useState<Show>('active');
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const all = bookmarks.data ?? [];
  const active = all.filter((b) => b.status === 'active');
  const archived = all.filter((b) => b.status === 'archived');
  const shown = show === 'active' ? active : archived;

  return (
    <div className="bm-page">
      <h1>{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      {actions && all.length > 0 && <div className="bm-actions">{actions}</div>}

      {/* One live region for every item's outcome, so a removed item can still be announced. */}
      <div className={outcome ? `banner banner--${outcome.kind}` : undefined} role="status" aria-live="polite">
        {outcome?.text}
      </div>

      {bookmarks.isPending && <p className="muted">{t('loading')}</p>}
      {bookmarks.isError && (
        <div className="banner banner--error" role="alert">
          <p>{t('errors.load')}</p>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => void bookmarks.refetch()}
          >
            {t('retry')}
          </button>
        </div>
      )}

      {bookmarks.isSuccess && all.length === 0 && (
        <div className="bm-empty">
          <h2>{t('empty')}</h2>
          <p>{t('emptyHint')}</p>
          <Link className="button" to={paths.tableView.href()}>
            {t('browse')}
          </Link>
        </div>
      )}

      {bookmarks.isSuccess && all.length > 0 && (
        <>
          <div className="bm-filter" role="group" aria-label={t('filter.label')}>
            <button
              type="button"
              className="bm-filter__option"
              aria-pressed={show === 'active'}
              onClick={() => setShow('active')}
            >
              {t('filter.active', { count: active.length })}
            </button>
            <button
              type="button"
              className="bm-filter__option"
              aria-pressed={show === 'archived'}
              onClick={() => setShow('archived')}
            >
              {t('filter.archived', { count: archived.length })}
            </button>
          </div>
          {shown.length === 0 ? (
            <p className="bm-empty">{show === 'active' ? t('empty') : t('emptyArchived')}</p>
          ) : (
            <ul className="bm-list">
              {shown.map((b) => (
                <BookmarkItem key={b.tender_notice_id} userId={userId} bookmark={b} onOutcome={setOutcome} />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
