import type { EventClickArg, EventInput, LocaleInput } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLocale } from '../../../lib/i18n.ts';
import '../calendar.css';

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
      deadlines.map((d) => ({
        id: d.id,
        title: d.title,
        start: d.closing,
        url: d.href,
        extendedProps: { href: d.href },
      })),
    [deadlines],
  );

  function onEventClick(info: EventClickArg) {
    // Events are links (keyboard reachable); open them inside the app rather than reloading it.
    info.jsEvent.preventDefault();
    const href = info.event.extendedProps.href as string | undefined;
    if (href) void navigate(href);
  }

  return (
    <div className="deadline-calendar">
      <FullCalendar
        plugins={plugins}
        initialView="dayGridMonth"
        initialDate={new Date()}
        height={narrow ? 'auto' : '50vh'}
        locale={locale}
        headerToolbar={{ left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,listMonth' }}
        events={events}
        eventClick={onEventClick}
        // The week view opens at 9 a.m.: most closings (CanadaBuys: 2 p.m. Eastern) are in sight.
        scrollTime="09:00:00"
        eventTimeFormat={{ hour: 'numeric', minute: '2-digit' }}
        dayMaxEvents={3}
        nowIndicator
        eventDisplay="block"
        // Text buttons: FullCalendar's chevron icons are role="img" without a text alternative.
        buttonIcons={false}
      />
    </div>
  );
}
