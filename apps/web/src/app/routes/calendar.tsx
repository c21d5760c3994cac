import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useAuth } from '../../features/auth/auth-store.ts';
import { bookmarksQuery } from '../../features/bookmarks/api/bookmarks-api.ts';
import { CalendarScreen } from '../../features/calendar/components/calendar-screen.tsx';
import type { Deadline } from '../../features/calendar/components/deadline-calendar.tsx';
import { pickLocalized } from '../../lib/i18n.ts';
import { paths } from '../../paths.ts';

/** /calendar (protected, onboarded): the active bookmarks' closing dates; FullCalendar loads with this route only. */
export function Component() {
  const { user } = useAuth();
  const userId = user?.user.id ?? '';
  const bookmarks = useQuery({ ...bookmarksQuery(userId), enabled: Boolean(userId) });
  const active = useMemo(() => (bookmarks.data ?? []).filter((b) => b.status === 'active'), [bookmarks.data]);
  const deadlines = useMemo<Deadline[]>(
    () =>
      active.flatMap((b) =>
        b.tender.closing_date
          ? [
              {
                id: b.tender_notice_id,
                title: pickLocalized(b.tender.title, b.tender.title_fr),
                closing: b.tender.closing_date,
                href: paths.tenderNotice.href(b.tender_notice_id),
              },
            ]
          : [],
      ),
    [active],
  );
  const state = bookmarks.isError ? 'error' : bookmarks.isSuccess ? 'ready' : 'loading';
  return (
    <CalendarScreen
      state={state}
      onRetry={() => void bookmarks.refetch()}
      deadlines={deadlines}
      bookmarkCount={active.length}
    />
  );
}
