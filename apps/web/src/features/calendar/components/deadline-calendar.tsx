import type { EventClickArg, EventInput, LocaleInput } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useMemo, useSyncExternalStore } from 'react';
import { closingInstant } from '@app/shared/countdown';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLocale } from '../../../lib/i18n.ts';

export interface Deadline {
  /** Tender id; the event opens `href`. */
  id: string;
  title: string;
  /** ISO closing date-time. */
  closing: string;
  href: string;
}

const plugins = [dayGridPlugin, timeGridPlugin, listPlugin];

// Spec §9 puts the calendar at 50vh, and so it is from 40rem up. On a phone (375 × 800) 50vh is
// 400 px, of which the wrapped toolbar takes ~150: the six weeks of a month then scroll inside a
// ~250 px box nested in the scrolling page, and the later weeks' closings are out of sight. There
// it takes its natural height: the whole month, no nested scrolling (ADR 0014).
const NARROW = '(max-width: 40rem)';
const subscribeNarrow = (onChange: () => void) => {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const isNarrow = () => window.matchMedia(NARROW).matches;

/**
 * FullCalendar 6 (spec §2 "Calendar", §9: month view by default, 50vh high, starting today),
 * with week and list views, its texts and date formats in the UI's language (en-CA or fr-CA).
 */
export function DeadlineCalendar({ deadlines }: { deadlines: Deadline[] }) {
  const { t, i18n } = useTranslation('calendar');
  const navigate = useNavigate();
  const narrow = useSyncExternalStore(subscribeNarrow, isNarrow, () => false);

  const locale = useMemo<LocaleInput>(
    () => ({
      // FullCalendar formats dates with Intl under this code.
      code: currentLocale().toLowerCase(),
      week: { dow: 0, doy: 6 }, // Canada: weeks start on Sunday
      buttonText: {
        today: t('fc.today'),
        month: t('fc.month'),
        week: t('fc.week'),
        list: t('fc.list'),
        prev: t('fc.prev'),
        next: t('fc.next'),
      },
      buttonHints: { prev: t('fc.prevHint'), next: t('fc.nextHint'), today: t('fc.todayHint') },
      viewHint: t('fc.viewHint'),
      navLinkHint: t('fc.navLinkHint'),
      closeHint: t('fc.closeHint'),
      timeHint: t('fc.timeHint'),
      eventHint: t('fc.eventHint'),
      allDayText: t('fc.allDay'),
      noEventsText: t('fc.noEvents'),
      moreLinkText: t('fc.more'),
      moreLinkHint: (count: number) => t('fc.moreHint', { count }),
    }),
    // i18n.language: rebuild when the language changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language],
  );

  const events = useMemo<EventInput[]>(
    () =>
      deadlines.flatMap((d) => {
        // The instant the shared countdown rule reads (a date without a time closes at
        // 23:59:59.999 Eastern), so the calendar and the countdowns agree; never an all-day event.
        const at = closingInstant(d.closing);
        return at === null
          ? []
          : [{ id: d.id, title: d.title, start: new Date(at), url: d.href, extendedProps: { href: d.href } }];
      }),
    [deadlines],
  );

  function onEventClick(info: EventClickArg) {
    // Events are links (keyboard reachable); open them inside the app rather than reloading it.
    info.jsEvent.preventDefault();
    const href = info.event.extendedProps.href as string | undefined;
    if (href) void navigate(href);
  }

  return (
    // On a phone the month cells show each closing's hour; the title is read out, not shown
    // (calendar.css), with CSS rather than custom event content, which FullCalendar leaves behind.
    <div className={narrow ? 'deadline-calendar deadline-calendar--narrow' : 'deadline-calendar'}>
      <FullCalendar
        // Remounted when the width crosses 40rem: FullCalendar keeps a view's options once given, so
        // the phone's month format would stay after the window widens (or a tablet turns).
        key={narrow ? 'narrow' : 'wide'}
        plugins={plugins}
        initialView="dayGridMonth"
        initialDate={new Date()}
        height={narrow ? 'auto' : '50vh'}
        locale={locale}
        // On a phone a week is a list (seven ~40 px columns cannot show a title); elsewhere a time grid.
        headerToolbar={{
          left: 'prev,next today',
          center: 'title',
          right: `dayGridMonth,${narrow ? 'listWeek' : 'timeGridWeek'},listMonth`,
        }}
        events={events}
        eventClick={onEventClick}
        // The week view opens at 9 a.m.: most closings (CanadaBuys: 2 p.m. Eastern) are in sight.
        scrollTime="09:00:00"
        eventTimeFormat={{ hour: 'numeric', minute: '2-digit' }}
        // Every closing has a time (above): no all-day row.
        allDaySlot={false}
        views={{
          timeGridWeek: { dayHeaderFormat: { weekday: 'short', day: 'numeric' } },
          listWeek: { buttonText: t('fc.week') },
          // A phone's month cell is ~45 px wide: one-letter weekdays, and each closing shows its
          // time, its title read out but not squeezed into the cell (the week and list views show it).
          ...(narrow && {
            dayGridMonth: {
              dayHeaderFormat: { weekday: 'narrow' },
              // The hour alone, 24-hour: "14" / "14 h".
              eventTimeFormat: { hour: 'numeric', hour12: false },
            },
          }),
        }}
        dayMaxEvents={3}
        nowIndicator
        eventDisplay="block"
        // Text buttons: FullCalendar's chevron icons are role="img" without a text alternative.
        buttonIcons={false}
      />
    </div>
  );
}
