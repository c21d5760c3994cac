/** The fields of a bookmark that set its place in the list. */
export interface BookmarkOrderKey {
  created_at: string;
  tender_notice_id: string;
}

/**
 * Spec §4 list order, shared by the server's query and the web app's cache: newest first by
 * `created_at` (the last time the bookmark was added: re-bookmarking an archived one stamps it),
 * ties by tender id.
 */
export function compareBookmarks(a: BookmarkOrderKey, b: BookmarkOrderKey): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  if (a.tender_notice_id === b.tender_notice_id) return 0;
  return a.tender_notice_id < b.tender_notice_id ? -1 : 1;
}
