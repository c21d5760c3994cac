import { useTranslation } from 'react-i18next';
import { countdown, isUrgent } from '../countdown.ts';

/** 'Closed', 'Closes today', 'Closes tomorrow' or 'N days remaining' (spec §4), marked when urgent. */
export function CountdownText({ closing }: { closing: string | null }) {
  const { t } = useTranslation('bookmarks');
  const c = countdown(closing);
  if (!c) return null;
  const text =
    c.kind === 'closed'
      ? t('item.countdown.closed')
      : c.kind === 'today'
        ? t('item.countdown.today')
        : c.kind === 'tomorrow'
          ? t('item.countdown.tomorrow')
          : t('item.countdown.days', { count: c.days });
  const tone = c.kind === 'closed' ? 'closed' : isUrgent(c) ? 'urgent' : 'open';
  return <span className={`bm-countdown bm-countdown--${tone}`}>{text}</span>;
}
