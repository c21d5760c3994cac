import type { Bookmark } from '@app/shared/bookmarks';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CountdownBadge } from '../../../components/ui/countdown-badge.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { pickLocalized } from '../../../lib/i18n.ts';
import { paths } from '../../../paths.ts';
import { useRemoveBookmark, useSetBookmarkStatus, useUpdateBookmarkNotes } from '../api/bookmarks-api.ts';
import { useDomainLabels } from '../domain-labels.ts';

interface Props {
  userId: string;
  bookmark: Bookmark;
  /** Announces the outcome of an action (success or the spec §8 error) in the list's live region. */
  onOutcome: (outcome: { kind: 'success' | 'error'; text: string }) => void;
}

/** One bookmark: its tender, notes (edited in place, saved with updated_at), archive/restore and remove. */
export function BookmarkItem({ userId, bookmark, onOutcome }: Props) {
  const { t } = useTranslation('bookmarks');
  const labels = useDomainLabels();
  const notesId = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(bookmark.notes ?? '');
  const [notesError, setNotesError] = useState<string | null>(null);
  const [justSaved, setJustSaved] = useState(false);
  const saveNotes = useUpdateBookmarkNotes(userId);
  const setStatus = useSetBookmarkStatus(userId);
  const remove = useRemoveBookmark(userId);

  const { tender } = bookmark;
  const id = bookmark.tender_notice_id;
  const title = pickLocalized(tender.title, tender.title_fr);
  const organization = pickLocalized(tender.organization, tender.organization_fr);
  const place = [tender.city, tender.province ? labels.province(tender.province) : null].filter(Boolean).join(', ');
  const archived = bookmark.status === 'archived';
  const notesAction = bookmark.notes ? t('item.editNotes') : t('item.addNotes');
  const archiveAction = archived ? t('item.restore') : t('item.archive');

  function startEditing() {
    setDraft(bookmark.notes ?? '');
    setNotesError(null);
    setJustSaved(false);
    setEditing(true);
  }

  function submitNotes(event: FormEvent) {
    event.preventDefault();
    setNotesError(null);
    saveNotes.mutate(
      { tenderNoticeId: id, notes: draft },
      {
        onSuccess: () => {
          setEditing(false);
          setJustSaved(true);
        },
        onError: () => setNotesError(t('errors.notes')),
      },
    );
  }

  function toggleArchive() {
    const status = archived ? 'active' : 'archived';
    setStatus.mutate(
      { tenderNoticeId: id, status },
      {
        onSuccess: () =>
          onOutcome({ kind: 'success', text: t(archived ? 'item.restored' : 'item.archived', { title }) }),
        onError: () => onOutcome({ kind: 'error', text: t('errors.status') }),
      },
    );
  }

  function removeBookmark() {
    remove.mutate(id, {
      onSuccess: () => onOutcome({ kind: 'success', text: t('item.removed', { title }) }),
      onError: () => onOutcome({ kind: 'error', text: t('errors.remove') }),
    });
  }

  return (
    <li className={`bm-item${archived ? ' bm-item--archived' : ''}`} data-testid="bookmark-item" data-tender-id={id}>
      <article aria-labelledby={`${notesId}-title`}>
        <div className="bm-item__head">
          <h3 className="bm-item__title" id={`${notesId}-title`}>
            <Link to={paths.tenderNotice.href(id)}>{title}</Link>
          </h3>
          {archived && <span className="bm-badge">{t('item.archivedBadge')}</span>}
        </div>
        <p className="bm-item__org">
          {organization || t('item.organizationUnknown')}
          {place && <span> · {place}</span>}
        </p>
        <dl className="bm-item__meta">
          <div>
            <dt>{t('item.closes')}</dt>
            <dd>
              {tender.closing_date ? (
                <time dateTime={tender.closing_date}>{formatDateTime(tender.closing_date)}</time>
              ) : (
                formatDate(null)
              )}{' '}
              <CountdownBadge closing={tender.closing_date} />
            </dd>
          </div>
          <div>
            <dt>{t('item.status')}</dt>
            <dd>{labels.status(tender.status)}</dd>
          </div>
          <div>
            <dt>{t('item.saved')}</dt>
            <dd>
              <time dateTime={bookmark.created_at}>{formatDate(bookmark.created_at)}</time>
            </dd>
          </div>
        </dl>

        <section className="bm-notes" aria-label={t('item.notes')}>
          {editing ? (
            <form onSubmit={submitNotes} className="bm-notes__form">
              <label className="field__label" htmlFor={notesId}>
                {t('item.notesLabel')}
              </label>
              <textarea
                id={notesId}
                className="field__input bm-notes__input"
                rows={4}
                maxLength={10_000}
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                aria-describedby={`${notesId}-hint`}
                // Editing was asked for: put the caret in the box.
                autoFocus
              />
              <p id={`${notesId}-hint`} className="field__hint">
                {t('item.notesHint')}
              </p>
              {notesError && (
                <p className="field__error" role="alert">
                  {notesError}
                </p>
              )}
              <div className="bm-actions">
                <button type="submit" className="button button--small" disabled={saveNotes.isPending}>
                  {saveNotes.isPending ? t('item.saving') : t('item.save')}
                </button>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => setEditing(false)}
                  disabled={saveNotes.isPending}
                >
                  {t('item.cancel')}
                </button>
              </div>
            </form>
          ) : (
            <>
              <h4 className="bm-notes__title">{t('item.notes')}</h4>
              {bookmark.notes ? (
                <p className="bm-notes__text" data-testid="bookmark-notes">
                  {bookmark.notes}
                </p>
              ) : (
                <p className="muted bm-notes__text">{t('item.noNotes')}</p>
              )}
              <p className="bm-notes__updated muted" role={justSaved ? 'status' : undefined}>
                {justSaved && <span>{t('item.notesSaved')} </span>}
                <span data-testid="bookmark-updated">
                  {t('item.updated', { time: formatDateTime(bookmark.updated_at) })}
                </span>
              </p>
            </>
          )}
        </section>

        {!editing && (
          <div className="bm-actions">
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={startEditing}
              aria-label={t('item.actionLabel', { action: notesAction, title })}
            >
              {notesAction}
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={toggleArchive}
              disabled={setStatus.isPending}
              aria-label={t('item.actionLabel', { action: archiveAction, title })}
            >
              {archiveAction}
            </button>
            <button
              type="button"
              className="button button--secondary button--small bm-remove"
              onClick={removeBookmark}
              disabled={remove.isPending}
              aria-label={t('item.actionLabel', { action: t('item.remove'), title })}
            >
              {t('item.remove')}
            </button>
            {tender.source_url && (
              <a className="bm-source" href={tender.source_url} target="_blank" rel="noopener noreferrer">
                {t('item.officialNotice')}
                <span className="visually-hidden"> {t('item.newTab')}</span>
              </a>
            )}
          </div>
        )}
      </article>
    </li>
  );
}
