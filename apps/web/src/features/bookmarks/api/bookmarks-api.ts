import { compareBookmarks } from '@app/shared/bookmark-order';
import type { Bookmark, BookmarkList, BookmarkRemoved, BookmarkResult, BookmarkStatus } from '@app/shared/bookmarks';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const enc = encodeURIComponent;

export const bookmarkKeys = {
  all: ['bookmarks'] as const,
  list: (userId: string) => ['bookmarks', 'list', userId] as const,
};

/** GET /api/bookmarks/user/{userId}: both statuses, newest first, each with its tender (spec §7). */
export const bookmarksQuery = (userId: string) =>
  queryOptions({
    queryKey: bookmarkKeys.list(userId),
    queryFn: ({ signal }) => api.get<BookmarkList>(`/api/bookmarks/user/${enc(userId)}`, { signal }),
    select: (data) => data.bookmarks,
  });

/**
 * Spec §4 "Bookmark list": adding replaces any entry with the same tender_notice_id and puts the
 * newest first, by the order the server lists them in (`compareBookmarks`), so the list looks the
 * same after a reload: a new bookmark, or an archived one bookmarked again (the server stamps it
 * as added now), comes first; one that was already active keeps its place. Removal is by
 * tender_notice_id; a notes update also stamps updated_at (the server's answer carries it).
 */
function putInOrder(list: Bookmark[], bookmark: Bookmark) {
  return [bookmark, ...list.filter((b) => b.tender_notice_id !== bookmark.tender_notice_id)].sort(compareBookmarks);
}
function replace(list: Bookmark[], bookmark: Bookmark) {
  return list.map((b) => (b.tender_notice_id === bookmark.tender_notice_id ? bookmark : b));
}

function update(queryClient: QueryClient, userId: string, change: (list: Bookmark[]) => Bookmark[]) {
  queryClient.setQueryData<BookmarkList>(bookmarkKeys.list(userId), (old) =>
    old ? { ...old, bookmarks: change(old.bookmarks) } : old,
  );
  // The dashboard's Saved and Deadlines tiles count bookmarks.
  void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
  void queryClient.invalidateQueries({ queryKey: ['activity'] });
}

/** POST /api/bookmarks. */
export function useCreateBookmark(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tenderNoticeId: string) =>
      api.post<BookmarkResult>('/api/bookmarks', { userId, tender_notice_id: tenderNoticeId }),
    onSuccess: ({ bookmark }) => update(queryClient, userId, (list) => putInOrder(list, bookmark)),
  });
}

/** DELETE /api/bookmarks/{userId}/{tenderNoticeId}. */
export function useRemoveBookmark(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tenderNoticeId: string) =>
      api.delete<BookmarkRemoved>(`/api/bookmarks/${enc(userId)}/${enc(tenderNoticeId)}`),
    onSuccess: (_answer, tenderNoticeId) =>
      update(queryClient, userId, (list) => list.filter((b) => b.tender_notice_id !== tenderNoticeId)),
  });
}

/** PUT /api/bookmarks/{userId}/{tenderNoticeId}/notes: an empty text clears the notes. */
export function useUpdateBookmarkNotes(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tenderNoticeId, notes }: { tenderNoticeId: string; notes: string }) =>
      api.put<BookmarkResult>(`/api/bookmarks/${enc(userId)}/${enc(tenderNoticeId)}/notes`, {
        notes: notes.trim() === '' ? null : notes,
      }),
    onSuccess: ({ bookmark }) => update(queryClient, userId, (list) => replace(list, bookmark)),
  });
}

/** PATCH /api/bookmarks/{userId}/{tenderNoticeId}: archive, or make active again. */
export function useSetBookmarkStatus(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tenderNoticeId, status }: { tenderNoticeId: string; status: BookmarkStatus }) =>
      api.patch<BookmarkResult>(`/api/bookmarks/${enc(userId)}/${enc(tenderNoticeId)}`, { status }),
    onSuccess: ({ bookmark }) => update(queryClient, userId, (list) => replace(list, bookmark)),
  });
}
