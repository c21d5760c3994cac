import { useAuth } from '../../features/auth/auth-store.ts';
import { BookmarksScreen } from '../../features/bookmarks/components/bookmarks-screen.tsx';
import { ExportButton } from '../../features/exports/components/export-button.tsx';

/** /bookmarks (protected, onboarded; spec §2 links, §4 list rules, §8 errors), with 'Export CSV' of the bookmarks. */
export function Component() {
  const { user } = useAuth();
  // The guards above only render this for a signed-in user.
  if (!user) return null;
  return <BookmarksScreen userId={user.user.id} actions={<ExportButton request={{ kind: 'bookmarks', body: {} }} />} />;
}
