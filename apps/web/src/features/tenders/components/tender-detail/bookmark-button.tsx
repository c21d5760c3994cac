import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../auth/auth-store.ts';
import { bookmarksQuery, useCreateBookmark, useRemoveBookmark } from '../../../bookmarks/api/bookmarks-api.ts';

/**
 * The bookmark toggle of the tender detail (spec §2): `toggle` in the header (a pressed/unpressed
 * button), `action` in the sidebar ('Bookmark Tender' / 'Bookmarked'). Both read and change the
 * signed-in user's bookmarks through the bookmarks API.
 */
export function BookmarkButton({ tenderId, variant }: { tenderId: string; variant: 'toggle' | 'action' }) {
  const { t } = useTranslation('tender');
  const { user } = useAuth();
  const userId = user?.user.id ?? '';
  const bookmarks = useQuery({ ...bookmarksQuery(userId), enabled: userId !== '' });
  const create = useCreateBookmark(userId);
  const remove = useRemoveBookmark(userId);
  const [failed, setFailed] = useState<'createFailed' | 'removeFailed' | null>(null);

  const id = tenderId.toLowerCase();
  // An archived bookmark reads as not bookmarked; bookmarking it again makes it active (POST /bookmarks).
  const bookmarked =
    bookmarks.data?.some((b) => b.tender_notice_id.toLowerCase() === id && b.status === 'active') ?? false;
  const busy = bookmarks.isPending || create.isPending || remove.isPending;

  const toggle = () => {
    setFailed(null);
    if (bookmarked) remove.mutate(tenderId, { onError: () => setFailed('removeFailed') });
    else create.mutate(tenderId, { onError: () => setFailed('createFailed') });
  };

  return (
    <>
      {variant === 'toggle' ? (
        <button
          type="button"
          className={`button button--small ${bookmarked ? 'td-bookmark--on' : 'button--secondary'}`}
          aria-pressed={bookmarked}
          disabled={busy || !userId}
          onClick={toggle}
          data-testid="bookmark-toggle"
        >
          <span aria-hidden="true">{bookmarked ? '★ ' : '☆ '}</span>
          {t('bookmark.toggleAdd')}
        </button>
      ) : (
        <button
          type="button"
          className={`button button--block ${bookmarked ? 'td-bookmark--on' : 'button--secondary'}`}
          disabled={busy || !userId}
          onClick={toggle}
          data-testid="bookmark-action"
        >
          {bookmarked ? t('bookmark.added') : t('bookmark.add')}
        </button>
      )}
      {failed && (
        <span className="td-bookmark-error" role="alert">
          {t(`bookmark.${failed}`)}
        </span>
      )}
    </>
  );
}
