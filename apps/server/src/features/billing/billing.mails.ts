import type { Locale } from '@app/shared/auth';
import { formatLimit, type PlanLimits } from '@app/shared/billing';
import type { Mail } from '../../lib/mailer.ts';

/** Trial reminder mails in English and French: plain text plus simple HTML from the same paragraphs. */

export interface TrialMailInput {
  to: string;
  locale: Locale;
  planName: string;
  trialEndsAt: string;
  /** Whole days left (trial_ends_soon). */
  daysLeft: number;
  /** The free level's limits (trial_ended). */
  freeLimits: PlanLimits;
  plansUrl: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function formatDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(iso),
  );
}

function render(locale: Locale, to: string, subject: string, paragraphs: string[], action: string, link: string): Mail {
  const text = [...paragraphs, `${action}: ${link}`, '', '— Breeze'].join('\n\n');
  const html =
    `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">` +
    paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#0f766e;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(action)}</a></p>` +
    `<p style="font-size:12px;color:#555">${escapeHtml(link)}</p><p>— Breeze</p></body></html>`;
  return { to, subject, text, html };
}

export function trialEndsSoonMail(input: TrialMailInput): Mail {
  const date = formatDate(input.trialEndsAt, input.locale);
  const n = input.daysLeft;
  if (input.locale === 'fr') {
    const when = n <= 1 ? 'demain' : `dans ${n} jours`;
    return render(
      'fr',
      input.to,
      `Votre essai Breeze se termine ${when}`,
      [
        `Votre essai gratuit de Breeze ${input.planName} se termine le ${date}.`,
        'Aucune carte ne vous a été demandée et rien ne vous sera facturé. Pour garder toutes les fonctions de votre forfait, choisissez un forfait avant la fin de l’essai; sinon votre compte passera au niveau gratuit, avec les limites du forfait Starter.',
      ],
      'Choisir un forfait',
      input.plansUrl,
    );
  }
  const when = n <= 1 ? 'tomorrow' : `in ${n} days`;
  return render(
    'en',
    input.to,
    `Your Breeze trial ends ${when}`,
    [
      `Your free trial of Breeze ${input.planName} ends on ${date}.`,
      'No card was asked for and nothing will be charged. To keep every feature of your plan, choose a plan before the trial ends; otherwise your account moves to the free level, with the Starter plan’s limits.',
    ],
    'Choose a plan',
    input.plansUrl,
  );
}

export function trialEndedMail(input: TrialMailInput): Mail {
  const l = input.freeLimits;
  if (input.locale === 'fr') {
    const limits = [
      l.searches === -1 ? 'recherches illimitées' : `${l.searches} recherches par mois`,
      l.alerts === -1 ? 'alertes illimitées' : `${l.alerts} alertes actives`,
      l.exports === -1 ? 'exportations illimitées' : `${l.exports} exportations par mois`,
    ].join(', ');
    return render(
      'fr',
      input.to,
      'Votre essai Breeze est terminé',
      [
        `Votre essai gratuit de Breeze ${input.planName} s’est terminé le ${formatDate(input.trialEndsAt, 'fr')}. Rien ne vous a été facturé.`,
        `Votre compte est maintenant au niveau gratuit, avec les limites du forfait Starter : ${limits}. Choisissez un forfait pour retrouver toutes vos fonctions.`,
      ],
      'Choisir un forfait',
      input.plansUrl,
    );
  }
  const limits = [
    formatLimit('searches', l.searches),
    formatLimit('alerts', l.alerts),
    formatLimit('exports', l.exports),
  ].join(', ');
  return render(
    'en',
    input.to,
    'Your Breeze trial has ended',
    [
      `Your free trial of Breeze ${input.planName} ended on ${formatDate(input.trialEndsAt, 'en')}. Nothing was charged.`,
      `Your account is now on the free level, with the Starter plan’s limits: ${limits}. Choose a plan to get every feature back.`,
    ],
    'Choose a plan',
    input.plansUrl,
  );
}
