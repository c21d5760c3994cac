import type { AiLocale, Priority } from '@app/shared/ai';
import { countdown, daysLeft } from './labels.ts';
import type { Fit } from './profile-fit.ts';
import type { PriorityFacts } from './tender-analysis.ts';

/**
 * High / Medium / Low for one user and one tender, with the reason in plain words. Starts from
 * the profile fit (or a neutral 60 without a signed-in user or profile), then weighs the time
 * left to bid and how demanding the notice is. A closed tender is always Low.
 */
export function computePriority(input: {
  facts: PriorityFacts;
  closingDate: string | null;
  now: Date;
  fit: Fit | null;
  locale: AiLocale;
}): {
  priority: Priority;
  reason: string;
} {
  const { facts, fit, locale } = input;
  const fr = locale === 'fr';
  const days = daysLeft(input.closingDate, input.now);
  if (days !== null && days < 0) {
    return { priority: 'Low', reason: fr ? 'Cet appel d’offres est fermé.' : 'This tender has closed.' };
  }

  let score = fit ? fit.score : 60;
  const parts: string[] = [];

  if (fit) {
    const evidence = fit.reasons.slice(0, 2).join('; ');
    if (fit.score >= 65)
      parts.push(
        fr ? `Très bon appariement avec votre profil (${evidence}).` : `Strong fit with your profile (${evidence}).`,
      );
    else if (fit.score >= 40)
      parts.push(
        fr ? `Appariement partiel avec votre profil (${evidence}).` : `Partial fit with your profile (${evidence}).`,
      );
    else
      parts.push(
        fr
          ? `Faible appariement avec votre profil${evidence ? ` (${evidence})` : ''}.`
          : `Weak fit with your profile${evidence ? ` (${evidence})` : ''}.`,
      );
  }

  if (days === null) {
    parts.push(fr ? 'La date de clôture n’est pas précisée.' : 'The closing date is not given.');
  } else if (days < 3) {
    score -= 25;
    parts.push(
      fr
        ? `Il reste très peu de temps (${countdown(days, locale)}).`
        : `Very little time left (${countdown(days, locale)}).`,
    );
  } else if (days < 7) {
    score -= 10;
    parts.push(
      fr ? `Le délai est court (${countdown(days, locale)}).` : `The deadline is close (${countdown(days, locale)}).`,
    );
  } else {
    if (days >= 14) score += 10;
    parts.push(
      fr
        ? `Il reste assez de temps pour préparer une soumission (${countdown(days, locale)}).`
        : `There is time to prepare a bid (${countdown(days, locale)}).`,
    );
  }

  if (facts.acan) {
    score -= 30;
    parts.push(
      fr
        ? 'C’est un préavis d’adjudication : un fournisseur est déjà choisi, et il faut prouver que vous répondez à toutes les exigences.'
        : 'This is an Advance Contract Award Notice: a supplier is already identified, and you would have to prove you meet every requirement.',
    );
  } else if (facts.rfi) {
    score -= 20;
    parts.push(
      fr
        ? 'C’est une demande de renseignements : aucun contrat n’en découle, mais y répondre fait connaître votre entreprise avant l’appel d’offres.'
        : 'This is a Request for Information: no contract comes from it, but answering makes you known before the solicitation.',
    );
  } else if (facts.restricted) {
    score -= 20;
    parts.push(
      fr
        ? 'Seuls les titulaires d’un arrangement ou d’une offre à commandes peuvent soumissionner.'
        : 'Only holders of a supply arrangement or standing offer can bid.',
    );
  }

  if (facts.heavy.length) {
    score -= Math.min(24, 8 * facts.heavy.length);
    parts.push(
      fr ? `Exigences exigeantes : ${facts.heavy.join(', ')}.` : `Demanding requirements: ${facts.heavy.join(', ')}.`,
    );
  } else if (facts.requirementCount === 0) {
    parts.push(
      fr
        ? 'L’avis ne mentionne pas d’exigence particulière ; vérifiez les documents d’appel d’offres.'
        : 'The notice names no special requirement; check the solicitation documents.',
    );
  }

  const priority: Priority = score >= 65 ? 'High' : score >= 40 ? 'Medium' : 'Low';
  return { priority, reason: parts.join(' ') };
}
