import { useTranslation } from 'react-i18next';
import { countdownLabel, viewerCountdown } from '../../lib/countdown.ts';

/**
 * A closing countdown (spec §4) with its urgency: `countdown--closed`, `countdown--urgent` (today,
 * tomorrow, 7 days or fewer: marked ⚠) or `countdown--open`. Nothing without a readable closing.
 */
export function CountdownBadge({
  closing,
  className = '',
}: {
  closing: string | null | undefined;
  className?: string;
}) {
  // Re-render when the language changes (the label is read from the `common` catalogue).
  useTranslation();
  const c = viewerCountdown(closing);
  if (!c) return null;
  const tone = c.kind === 'closed' ? 'closed' : c.urgent ? 'urgent' : 'open';
  return (
    <span
      className={`countdown countdown--${tone}${className ? ` ${className}` : ''}`}
      data-testid="closing-countdown"
      data-urgency={tone}
    >
      {c.urgent && <span aria-hidden="true">⚠ </span>}
      {countdownLabel(c)}
    </span>
  );
}
