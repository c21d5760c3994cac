import type { AiLocale, RequirementKind } from '@app/shared/ai';
import { APP_TIME_ZONE, daysLeft as sharedDaysLeft } from '@app/shared/countdown';

/** The fixed phrases BreezeAI writes, in the UI's two languages. Tender text is quoted as published. */

const CATEGORY: Record<AiLocale, Record<string, string>> = {
  en: { CNST: 'Construction', GD: 'Goods', SRV: 'Services', SRVTGD: 'Service related to Goods' },
  fr: { CNST: 'Construction', GD: 'Biens', SRV: 'Services', SRVTGD: 'Services liés aux biens' },
};

export function categoryLabel(code: string, locale: AiLocale): string {
  return CATEGORY[locale][code.toUpperCase()] ?? (locale === 'fr' ? 'Inconnue' : 'Unknown');
}

export const REQUIREMENT_LABELS: Record<AiLocale, Record<Exclude<RequirementKind, 'mandatory'>, string>> = {
  en: {
    security: 'Security',
    insurance: 'Insurance',
    bonding: 'Bid or performance security',
    site_visit: 'Site visit or bidders’ conference',
    certification: 'Certification',
    trade_agreement: 'Trade agreements',
    set_aside: 'Set-aside',
    bilingual: 'Official languages',
    canadian_content: 'Canadian content',
  },
  fr: {
    security: 'Sécurité',
    insurance: 'Assurance',
    bonding: 'Garantie de soumission ou d’exécution',
    site_visit: 'Visite des lieux ou conférence des soumissionnaires',
    certification: 'Certification',
    trade_agreement: 'Accords commerciaux',
    set_aside: 'Marché réservé',
    bilingual: 'Langues officielles',
    canadian_content: 'Contenu canadien',
  },
};

export const VALUE_KIND_LABELS: Record<AiLocale, Record<string, string>> = {
  en: {
    estimated: 'estimated value',
    maximum: 'maximum',
    budget: 'budget',
    minimum: 'minimum',
    stated: 'amount stated in the notice',
  },
  fr: {
    estimated: 'valeur estimée',
    maximum: 'maximum',
    budget: 'budget',
    minimum: 'minimum',
    stated: 'montant indiqué dans l’avis',
  },
};

export const NOT_STATED: Record<AiLocale, string> = {
  en: 'Not stated in the notice',
  fr: 'Non précisée dans l’avis',
};

// Intl formatters are costly to build; scoring a thousand candidates formats many amounts.
const moneyFormats = new Map<string, Intl.NumberFormat>();
/** Canadian dollars as "$1,200"; another currency by its code ("USD 412,000"), never as a bare "$". */
export function formatMoney(amount: number, locale: AiLocale, currency: 'CAD' | 'USD' = 'CAD'): string {
  const cents = amount % 1 !== 0;
  const key = `${locale}:${cents}:${currency}`;
  let f = moneyFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', {
      style: 'currency',
      currency,
      currencyDisplay: currency === 'CAD' ? 'narrowSymbol' : 'code',
      maximumFractionDigits: cents ? 2 : 0,
    });
    moneyFormats.set(key, f);
  }
  return f.format(amount);
}

const dateFormats = {
  en: new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', dateStyle: 'long', timeStyle: 'short' }),
  fr: new Intl.DateTimeFormat('fr-CA', { timeZone: 'America/Toronto', dateStyle: 'long', timeStyle: 'short' }),
};
const dayFormats = {
  en: new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', dateStyle: 'long' }),
  fr: new Intl.DateTimeFormat('fr-CA', { timeZone: 'America/Toronto', dateStyle: 'long' }),
};

/** "December 27, 2024 at 2:00 p.m. ET" / "27 décembre 2024 à 14 h 00 HE". */
export function formatClosing(iso: string, locale: AiLocale): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${dateFormats[locale].format(d)} ${locale === 'fr' ? 'HE' : 'ET'}`;
}

export function formatDay(iso: string, locale: AiLocale): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dayFormats[locale].format(d);
}

/**
 * Calendar days from today to the closing day in Eastern time (the shared countdown rule of
 * `@app/shared/countdown`, the same as the screens'): -1 once closed, 0 today, 1 tomorrow; null
 * without a readable closing.
 */
export function daysLeft(closingIso: string | null | undefined, now: Date): number | null {
  return sharedDaysLeft(closingIso, { now, timeZone: APP_TIME_ZONE });
}

/** Spec §4 closing countdown wording. */
export function countdown(days: number | null, locale: AiLocale): string {
  if (days === null) return locale === 'fr' ? 'date de clôture non précisée' : 'no closing date given';
  if (days < 0) return locale === 'fr' ? 'fermé' : 'closed';
  if (days === 0) return locale === 'fr' ? 'ferme aujourd’hui' : 'closes today';
  if (days === 1) return locale === 'fr' ? 'ferme demain' : 'closes tomorrow';
  return locale === 'fr' ? `${days} jours restants` : `${days} days remaining`;
}
