import { describe, expect, test } from 'vitest';
import { ALERT_DIGEST_MAX_LISTED } from '@app/shared/alerts';
import { alertDigestMail } from './alerts.mails.ts';
import type { DigestTender } from './alerts.queries.ts';

const tender = (n: number, over: Partial<DigestTender> = {}): DigestTender => ({
  id: `cb-100-${String(n).padStart(8, '0')}`,
  title: `Roof replacement ${n}`,
  titleFr: `Remplacement de toiture ${n}`,
  organization: 'Public Services and Procurement Canada',
  organizationFr: 'Services publics et Approvisionnement Canada',
  city: 'Ottawa',
  province: 'Ontario',
  publishedDate: '2026-11-20',
  closingDate: '2026-12-15T19:00:00.000Z',
  ...over,
});

const base = {
  to: 'owner@example.ca',
  alertId: 'a1b2-c3',
  alertName: 'Roofs <in> "Ontario"',
  frequency: 'daily' as const,
  publicUrl: 'https://breeze.example',
};

describe('the alert digest mail', () => {
  test('lists each tender with its link from PUBLIC_URL, the alert page and /alerts; text and HTML say the same', () => {
    const mail = alertDigestMail({ ...base, locale: 'en', tenders: [tender(1), tender(2)] });
    expect(mail.to).toBe('owner@example.ca');
    expect(mail.subject).toBe('2 new tenders match your alert “Roofs <in> "Ontario"”');
    expect(mail.text).toContain('1. Roof replacement 1');
    expect(mail.text).toContain('https://breeze.example/tender-notice/cb-100-00000001');
    expect(mail.text).toContain('https://breeze.example/tender-notice/cb-100-00000002');
    expect(mail.text).toContain('Manage your alerts (pause, edit or delete): https://breeze.example/alerts');
    expect(mail.text).toContain('Your daily digest.');
    // Closing times in Ottawa time, as CanadaBuys publishes them.
    expect(mail.text).toMatch(/Closes Dec 15, 2026, 2:00 p\.m\. EST/);
    expect(mail.html).toContain(
      '<a href="https://breeze.example/tender-notice/cb-100-00000001">Roof replacement 1</a>',
    );
    expect(mail.html).toContain('href="https://breeze.example/alerts"');
  });

  test('escapes what users and sources wrote in the HTML part', () => {
    const mail = alertDigestMail({
      ...base,
      locale: 'en',
      tenders: [tender(1, { title: '<img src=x onerror=alert(1)> & "quotes"' })],
    });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
    expect(mail.html).toContain('Roofs &lt;in&gt; &quot;Ontario&quot;');
  });

  test('in French: French titles when the source has them, French words', () => {
    const mail = alertDigestMail({
      ...base,
      locale: 'fr',
      frequency: 'weekly',
      tenders: [tender(1), tender(2, { titleFr: null })],
    });
    expect(mail.subject).toBe('2 nouveaux appels d’offres correspondent à votre alerte « Roofs <in> "Ontario" »');
    expect(mail.text).toContain('1. Remplacement de toiture 1');
    expect(mail.text).toContain('2. Roof replacement 2'); // no French title: the English one
    expect(mail.text).toContain('Services publics et Approvisionnement Canada');
    expect(mail.text).toContain('Votre résumé hebdomadaire.');
    expect(mail.text).toContain('Gérer vos alertes');
    expect(mail.html).toContain('<html lang="fr">');
  });

  test(`lists ${ALERT_DIGEST_MAX_LISTED} and links the alert's page for the rest`, () => {
    const tenders = Array.from({ length: 23 }, (_, i) => tender(i + 1));
    const mail = alertDigestMail({ ...base, locale: 'en', tenders });
    expect(mail.subject).toMatch(/^23 new tenders/);
    expect([...mail.text.matchAll(/\/tender-notice\//g)]).toHaveLength(ALERT_DIGEST_MAX_LISTED);
    expect(mail.text).toContain('…and 3 more: see everything the alert matches: https://breeze.example/alerts/a1b2-c3');
    const one = alertDigestMail({ ...base, locale: 'en', tenders: [tender(1)] });
    expect(one.subject).toBe('1 new tender matches your alert “Roofs <in> "Ontario"”');
    expect(one.text).not.toContain('more:');
  });
});
