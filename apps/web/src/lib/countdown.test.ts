import { afterAll, describe, expect, test } from 'vitest';
import { countdownLabel, viewerCountdown, viewerTimeZone } from './countdown.ts';
import { i18n } from './i18n.ts';

afterAll(async () => {
  await i18n.changeLanguage('en');
});

describe('countdown on screen', () => {
  test('the spec §4 wording in English and French', async () => {
    await i18n.changeLanguage('en');
    expect(countdownLabel({ kind: 'closed', urgent: false })).toBe('Closed');
    expect(countdownLabel({ kind: 'today', urgent: true })).toBe('Closes today');
    expect(countdownLabel({ kind: 'tomorrow', urgent: true })).toBe('Closes tomorrow');
    expect(countdownLabel({ kind: 'days', days: 12, urgent: false })).toBe('12 days remaining');
    await i18n.changeLanguage('fr');
    expect(countdownLabel({ kind: 'closed', urgent: false })).toBe('Fermé');
    expect(countdownLabel({ kind: 'today', urgent: true })).toBe('Ferme aujourd’hui');
    expect(countdownLabel({ kind: 'tomorrow', urgent: true })).toBe('Ferme demain');
    expect(countdownLabel({ kind: 'days', days: 12, urgent: false })).toBe('12 jours restants');
  });

  test('counts days where the viewer is', () => {
    expect(viewerTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    // Five whole days of 24 h plus one minute from now cannot be fewer than 5 calendar days anywhere.
    const now = new Date('2026-11-22T15:00:00.000Z');
    const later = new Date(now.getTime() + 5 * 86_400_000 + 60_000).toISOString();
    expect(viewerCountdown(later, now)).toEqual({ kind: 'days', days: 5, urgent: true });
    expect(viewerCountdown(null, now)).toBeNull();
  });
});
