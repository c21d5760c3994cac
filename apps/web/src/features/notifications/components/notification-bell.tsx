import type { Notification } from '@app/shared/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount, formatDate, formatDateTime } from '../../../lib/format.ts';
import { pickLocalized } from '../../../lib/i18n.ts';
import { paths } from '../../../paths.ts';
import { notificationsQuery, useMarkNotificationsRead } from '../api/notifications.ts';
import '../notifications.css';

const DAY_MS = 86_400_000;

/** Whole calendar days from today to the instant, in the browser's time zone (0 = today). */
function calendarDaysUntil(iso: string, now = new Date()): number {
  const target = new Date(iso);
  const startOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  return Math.round((startOf(target) - startOf(now)) / DAY_MS);
}

function NotificationItem({ item, onOpen }: { item: Notification; onOpen: () => void }) {
  const { t } = useTranslation('notifications');
  let href: string;
  let title: string;
  let text: string;
  if (item.kind === 'trial_ending') {
    href = paths.plans.href();
    title = t('trial.title', { date: formatDate(item.trial_ends_at) });
    text = t('trial.text');
  } else {
    const tender = item.tender!;
    href = paths.tenderNotice.href(tender.id);
    const name = pickLocalized(tender.title, tender.title_fr);
    if (item.kind === 'alert_match') {
      title = t('alert.title', { name: item.alert?.name ?? '' });
      text = name;
    } else if (item.kind === 'bookmark_closing') {
      const closing = tender.closing_date ?? '';
      const days = calendarDaysUntil(closing);
      const date = formatDateTime(closing);
      title = t('closing.title', { title: name });
      text =
        days <= 0
          ? t('closing.today', { date })
          : days === 1
            ? t('closing.tomorrow', { date })
            : t('closing.days', { count: days, date });
    } else {
      title = t('amended.title', { title: name });
      text =
        tender.amendment_number > 0
          ? t('amended.textNumbered', { number: tender.amendment_number, date: formatDate(item.at) })
          : t('amended.text', { date: formatDate(item.at) });
    }
  }
  return (
    <li className={`notif-item notif-item--${item.kind}${item.read ? '' : ' notif-item--unread'}`}>
      <Link to={href} onClick={onOpen} className="notif-item__link">
        <span className="notif-item__title">
          {!item.read && <span className="notif-item__new">{t('new')}</span>}
          {title}
        </span>
        <span className="notif-item__text">{text}</span>
      </Link>
    </li>
  );
}

/**
 * The signed-in header's bell (spec §2, behaviour not shown): an unread count on the button, and a
 * panel listing bookmarked tenders closing within 3 days or amended since they were bookmarked,
 * the tenders your alerts found in the last 7 days, and a trial about to end. 'Mark all as read' clears the count; the panel closes on an outside click,
 * on Escape (focus back on the bell) and when an item is followed.
 */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const titleId = useId();
  const list = useQuery(notificationsQuery());
  const markRead = useMarkNotificationsRead();
  const unread = list.data?.unread ?? 0;

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const close = () => setOpen(false);

  return (
    <div className="notif" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="notif__button"
        aria-label={t('bell', { count: unread })}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          if (!open) void list.refetch();
          setOpen((v) => !v);
        }}
      >
        <svg className="notif__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
          />
        </svg>
        {unread > 0 && (
          <span className="notif__badge" aria-hidden="true">
            {unread > 99 ? '99+' : formatCount(unread)}
          </span>
        )}
      </button>
      {open && (
        <div id={panelId} className="notif__panel" role="region" aria-labelledby={titleId}>
          <div className="notif__head">
            <h2 id={titleId} className="notif__title">
              {t('title')}
            </h2>
            {unread > 0 && (
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={markRead.isPending}
                onClick={() => markRead.mutate()}
              >
                {t('markRead')}
              </button>
            )}
          </div>
          {list.isPending && <p role="status">{t('loading')}</p>}
          {list.isError && (
            <p role="alert" className="notif__error">
              {t('failed')}
            </p>
          )}
          {list.data && list.data.notifications.length === 0 && (
            <div className="notif__empty">
              <p>
                <strong>{t('empty')}</strong>
              </p>
              <p>{t('emptyHint')}</p>
            </div>
          )}
          {list.data && list.data.notifications.length > 0 && (
            <ul className="notif__list">
              {list.data.notifications.map((n) => (
                <NotificationItem key={n.id} item={n} onOpen={close} />
              ))}
            </ul>
          )}
          <p className="notif__foot">
            <Link to={paths.bookmarks.href()} onClick={close}>
              {t('viewBookmarks')}
            </Link>
            <Link to={paths.alerts.href()} onClick={close}>
              {t('manageAlerts')}
            </Link>
          </p>
        </div>
      )}
    </div>
  );
}
