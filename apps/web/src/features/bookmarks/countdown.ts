const DAY_MS = 86_400_000;

/** Closing countdown of spec §4: past → closed; else whole calendar days from today (0 = today). */
export type Countdown = { kind: 'closed' } | { kind: 'today' } | { kind: 'tomorrow' } | { kind: 'days'; days: number };

export function countdown(closing: string | null, now = new Date()): Countdown | null {
  if (!closing) return null;
  const at = Date.parse(closing);
  if (Number.isNaN(at)) return null;
  if (at < now.getTime()) return { kind: 'closed' };
  const closingDay = new Date(at);
  const startOf = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  const days = Math.round((startOf(closingDay) - startOf(now)) / DAY_MS);
  if (days <= 0) return { kind: 'today' };
  if (days === 1) return { kind: 'tomorrow' };
  return { kind: 'days', days };
}

/** Spec §4: urgent when it closes today, tomorrow, or in 7 days or fewer. */
export const isUrgent = (c: Countdown | null) =>
  c !== null && c.kind !== 'closed' && (c.kind !== 'days' || c.days <= 7);
