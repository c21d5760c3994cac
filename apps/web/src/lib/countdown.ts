import { closingCountdown, type Countdown } from '@app/shared/countdown';
import { i18n } from './i18n.ts';

/** The viewer's time zone: the dates on screen are in it, so "today" is too. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Spec §4 closing countdown (the shared rule, `@app/shared/countdown`) in the viewer's time zone. */
export function viewerCountdown(closing: string | null | undefined, now: Date = new Date()): Countdown | null {
  return closingCountdown(closing, { now, timeZone: viewerTimeZone() });
}

/** 'Closed', 'Closes today', 'Closes tomorrow' or 'N days remaining' in the UI's language (`common` countdown.*). */
export function countdownLabel(c: Countdown): string {
  if (c.kind === 'closed') return i18n.t('countdown.closed');
  if (c.kind === 'today') return i18n.t('countdown.today');
  if (c.kind === 'tomorrow') return i18n.t('countdown.tomorrow');
  return i18n.t('countdown.days', { count: c.days });
}
