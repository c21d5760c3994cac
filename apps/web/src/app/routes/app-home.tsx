import { lazy, Suspense } from 'react';
import { type LoaderFunction, redirect, useSearchParams } from 'react-router';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { useAuth } from '../../features/auth/auth-store.ts';
import { BookmarksPanel } from '../../features/bookmarks/components/bookmarks-panel.tsx';
import { BreezeChat } from '../../features/chat/components/breeze-chat.tsx';
import { DashboardScreen } from '../../features/dashboard/components/dashboard-screen.tsx';
import { ExportButton } from '../../features/exports/components/export-button.tsx';
import { paths } from '../../paths.ts';

// Only `?view=table` needs the table: its code loads then, not with the dashboard.
const TableView = lazy(() =>
  import('../../features/tenders/components/table-view/table-view.tsx').then((m) => ({ default: m.TableView })),
);

/** Spec §2: `view=rfp` redirects to /rfp-analysis. */
export const clientLoader =
  (): LoaderFunction =>
  ({ request }) =>
    new URL(request.url).searchParams.get('view') === 'rfp' ? redirect(paths.rfpAnalysis.href()) : null;

/** /home (protected, onboarded): `view=table` is the table view; otherwise (search, the default) the dashboard. */
export function Component() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  if (!user) return null;
  if (params.get('view') === 'table') {
    return (
      <Suspense fallback={<PageLoader />}>
        <TableView
          actions={(query) => <ExportButton request={{ kind: 'tenders', body: { source: 'table', query } }} />}
        />
      </Suspense>
    );
  }
  const userId = user.user.id;
  return (
    <DashboardScreen
      companyName={user.profile?.company_name ?? null}
      profileVersion={user.profile?.updated_at ?? ''}
      bookmarksPanel={() => <BookmarksPanel userId={userId} />}
      chatPanel={() => <BreezeChat userId={userId} />}
    />
  );
}
