import { ALERT_DIGEST_MAX_LISTED, type AlertFrequency } from '@app/shared/alerts';
import type { Locale } from '@app/shared/auth';
import type { Mail } from '../../lib/mailer.ts';
import type { DigestTender } from './alerts.queries.ts';

/** The alert digest in English or French (the owner's language, as the account mails): plain text plus simple HTML. */
export interface DigestMailInput {
  to: string;
  locale: Locale;
  alertId: string;
  alertName: string;
  frequency: AlertFrequency;
  tenders: DigestTender[];
  /** PUBLIC_URL, without a trailing slash. */
  publicUrl: string;
}

const TEXT = {
  en: {
    subject: (n: number, name: string) =>
      `${n} new ${n === 1 ? 'tender matches' : 'tenders match'} your alert “${name}”`,
    intro: (n: number, name: string) =>
      `${n} new ${n === 1 ? 'tender matches' : 'tenders match'} your Breeze alert “${name}” since it last ran.`,
    frequency: {
      instant: 'Sent after each tender refresh.',
      daily: 'Your daily digest.',
      weekly: 'Your weekly digest.',
    },
    closes: 'Closes',
    published: 'Published',
    noClosing: 'closing date not specified',
    more: (n: number) => `…and ${n} more: see everything the alert matches`,
    view: 'View on Breeze',
    manage: 'Manage your alerts (pause, edit or delete)',
    why: 'You receive this because you created this alert on Breeze.',
  },
  fr: {
    subject: (n: number, name: string) =>
      `${n} ${n === 1 ? 'nouvel appel d’offres correspond' : 'nouveaux appels d’offres correspondent'} à votre alerte « ${name} »`,
    intro: (n: number, name: string) =>
      `${n} ${n === 1 ? 'nouvel appel d’offres correspond' : 'nouveaux appels d’offres correspondent'} à votre alerte Breeze « ${name} » depuis sa dernière vérification.`,
    frequency: {
      instant: 'Envoyé après chaque mise à jour des appels d’offres.',
      daily: 'Votre résumé quotidien.',
      weekly: 'Votre résumé hebdomadaire.',
    },
    closes: 'Clôture',
    published: 'Publié',
    noClosing: 'date de clôture non précisée',
    more: (n: number) => `…et ${n} de plus : voir tout ce que l’alerte trouve`,
    view: 'Voir dans Breeze',
    manage: 'Gérer vos alertes (suspendre, modifier ou supprimer)',
    why: 'Vous recevez ce message parce que vous avez créé cette alerte dans Breeze.',
  },
} as const;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Closing instants in Ottawa time, as CanadaBuys publishes them. */
function formatClosing(iso: string, locale: Locale): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'America/Toronto',
    timeZoneName: 'short',
  }).format(d);
}

function formatDay(day: string, locale: Locale): string {
  const d = new Date(`${day.slice(0, 10)}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  return new Intl.DateTimeFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    d,
  );
}

const pick = (locale: Locale, en: string | null, fr: string | null) =>
  (locale === 'fr' ? fr?.trim() || en?.trim() : en?.trim() || fr?.trim()) ?? '';

export function alertDigestMail(input: DigestMailInput): Mail {
  const t = TEXT[input.locale];
  const n = input.tenders.length;
  const listed = input.tenders.slice(0, ALERT_DIGEST_MAX_LISTED);
  const rest = n - listed.length;
  const alertUrl = `${input.publicUrl}/alerts/${encodeURIComponent(input.alertId)}`;
  const manageUrl = `${input.publicUrl}/alerts`;

  const items = listed.map((tender) => {
    const title = pick(input.locale, tender.title, tender.titleFr);
    const org = pick(input.locale, tender.organization, tender.organizationFr);
    const place = [tender.city, tender.province].filter(Boolean).join(', ');
    const closes = tender.closingDate ? `${t.closes} ${formatClosing(tender.closingDate, input.locale)}` : t.noClosing;
    const published = tender.publishedDate ? `${t.published} ${formatDay(tender.publishedDate, input.locale)}` : '';
    const meta = [org, place, published, closes].filter(Boolean).join(' · ');
    return { title, meta, url: `${input.publicUrl}/tender-notice/${encodeURIComponent(tender.id)}` };
  });

  const text = [
    t.intro(n, input.alertName),
    t.frequency[input.frequency],
    items.map((item, i) => `${i + 1}. ${item.title}\n   ${item.meta}\n   ${item.url}`).join('\n\n'),
    ...(rest > 0 ? [`${t.more(rest)}: ${alertUrl}`] : []),
    `${t.manage}: ${manageUrl}`,
    t.why,
    '— Breeze',
  ].join('\n\n');

  const html =
    `<!doctype html><html lang="${input.locale}"><body style="font-family:sans-serif;line-height:1.5">` +
    `<p>${escapeHtml(t.intro(n, input.alertName))}</p>` +
    `<p style="color:#555">${escapeHtml(t.frequency[input.frequency])}</p>` +
    '<ol>' +
    items
      .map(
        (item) =>
          `<li style="margin-bottom:12px"><a href="${escapeHtml(item.url)}">${escapeHtml(item.title)}</a>` +
          `<br><span style="font-size:13px;color:#444">${escapeHtml(item.meta)}</span></li>`,
      )
      .join('') +
    '</ol>' +
    (rest > 0 ? `<p><a href="${escapeHtml(alertUrl)}">${escapeHtml(t.more(rest))}</a></p>` : '') +
    `<p><a href="${escapeHtml(manageUrl)}">${escapeHtml(t.manage)}</a></p>` +
    `<p style="font-size:12px;color:#555">${escapeHtml(t.why)}</p>` +
    '<p>— Breeze</p></body></html>';

  return { to: input.to, subject: t.subject(n, input.alertName), text, html };
}
