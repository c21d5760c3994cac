import type { AiLocale, Citation, CitedField, CitedItem, RequirementKind, TenderSummary } from '@app/shared/ai';
import type { Tender } from '@app/shared/tender';
import {
  categoryLabel,
  formatClosing,
  formatMoney,
  NOT_STATED,
  REQUIREMENT_LABELS,
  VALUE_KIND_LABELS,
} from './labels.ts';
import { bestValue, findAmounts } from './money-context.ts';
import { findObjective, findScope } from './objective.ts';
import { isRestricted, provinceOf, provincesOfRegions, type FitInput } from './profile-fit.ts';
import { findRequirements, type FoundRequirement } from './requirements.ts';
import { clip, displayText, splitSentences, type Sentence } from './sentences.ts';

/**
 * The offline engine's tender analysis: objective, category, value, requirements, each with a
 * citation into the field it came from. Pure and deterministic; the per-user priority is added
 * later (priority.ts) so that one stored analysis serves every user.
 */

/** What the analysis reads: citable texts by field plus the structured facts of the record. */
export interface SummarySource {
  fields: Partial<Record<CitedField, string>>;
  /** The free text analysed sentence by sentence. */
  mainField: 'description' | 'description_fr' | 'tenderData';
  title: string;
  titleField: CitedField | null;
  categoryCodes: string[];
  unspsc: Array<{ code: string; description: string | null }>;
  gsin: Array<{ code: string; description: string | null }>;
  tradeAgreements: string[];
  entity: string | null;
  noticeType: string | null;
  closingDate: string | null;
  fit: FitInput;
}

/** Facts kept with the stored summary for the per-request priority. */
export interface PriorityFacts {
  heavy: string[];
  restricted: boolean;
  acan: boolean;
  /** A Request for Information: no contract comes from it. */
  rfi: boolean;
  requirementCount: number;
}

export type SummaryCore = Omit<TenderSummary, 'recommendation' | 'provider' | 'generatedAt'> & { facts: PriorityFacts };

const list = (value: string | null | undefined, sep: RegExp) =>
  (value ?? '')
    .split(sep)
    .map((v) => v.replace(/^\*/, '').trim())
    .filter(Boolean);

function zipCodes(codes: string | null, descriptions: string | null) {
  const c = list(codes, /[,\n]/);
  const d = list(descriptions, /[;\n]/);
  return c.map((code, i) => ({ code, description: d[i] ?? null }));
}

export function sourceFromTender(t: Tender, locale: AiLocale): SummarySource {
  const useFr = locale === 'fr' && Boolean(t.description_fr?.trim());
  const mainField = useFr ? 'description_fr' : 'description';
  const description = (useFr ? t.description_fr : t.description) ?? '';
  return {
    fields: {
      title: t.title,
      description: t.description ?? '',
      description_fr: t.description_fr ?? '',
      category_primary: t.category_primary ?? '',
      unspsc: t.unspsc ?? '',
      unspsc_description: t.unspsc_description ?? '',
      gsin: t.gsin ?? '',
      gsin_description: t.gsin_description ?? '',
      procurement_type: t.procurement_type ?? '',
      procurement_method: t.procurement_method ?? '',
      selection_criteria: t.selection_criteria ?? '',
      trade_agreements: t.trade_agreements.join('\n'),
      regions_of_delivery: t.regions_of_delivery.join('\n'),
      contracting_entity_name: t.contracting_entity_name ?? '',
      closing_date: t.closing_date ?? '',
    },
    mainField,
    title: t.title,
    titleField: 'title',
    categoryCodes: list(t.category_primary, /[*,\n|]/).map((c) => c.toUpperCase()),
    unspsc: zipCodes(t.unspsc, t.unspsc_description),
    gsin: zipCodes(t.gsin, t.gsin_description),
    tradeAgreements: t.trade_agreements,
    entity: t.contracting_entity_name,
    noticeType: t.procurement_type,
    closingDate: t.closing_date,
    fit: fitInputOf(t, description),
  };
}

/** The facts of a tender the profile fit reads. */
export function fitInputOf(t: Tender, description: string = t.description ?? ''): FitInput {
  const delivery = provincesOfRegions(t.regions_of_delivery.length ? t.regions_of_delivery : t.regions_of_opportunity);
  return {
    title: t.title,
    description,
    unspsc: t.unspsc,
    unspsc_description: t.unspsc_description,
    gsin: t.gsin,
    gsin_description: t.gsin_description,
    category_primary: t.category_primary,
    deliveryProvinces: delivery.provinces,
    entityProvince: provinceOf(t.contracting_entity_province),
    national: delivery.national,
    estimated_value: t.estimated_value,
    restricted: isRestricted(t.procurement_type, description),
  };
}

/**
 * The spec's tenderData: one text block ("description, procurement method, category, GSIN,
 * UNSPSC, delivery location"). Labelled lines are read when present: "Category: SRV".
 */
export function sourceFromText(tenderData: string): SummarySource {
  const labelled = (re: RegExp) => re.exec(tenderData)?.[1]?.trim() ?? null;
  const category = labelled(/^\s*(?:procurement )?categor(?:y|ie)\s*:\s*(.+)$/im);
  const unspsc = labelled(/^\s*UNSPSC\s*:\s*(.+)$/im);
  const gsin = labelled(/^\s*(?:GSIN|NIBS)\s*:\s*(.+)$/im);
  const delivery = labelled(/^\s*(?:delivery location|region(?:s)? of delivery|lieu de livraison)\s*:\s*(.+)$/im);
  const title = labelled(/^\s*(?:title|titre)\s*:\s*(.+)$/im) ?? '';
  const method = labelled(/^\s*(?:procurement method|méthode d['’]approvisionnement)\s*:\s*(.+)$/im);
  const codes = (category ?? '').toUpperCase().match(/\b(?:CNST|SRVTGD|SRV|GD)\b/g) ?? [];
  const regions = provincesOfRegions(list(delivery, /[,;]/));
  return {
    fields: { tenderData },
    mainField: 'tenderData',
    title,
    titleField: null,
    categoryCodes: [...new Set(codes)],
    unspsc: list(unspsc, /[,;\s]+/)
      .filter((c) => /^\d{6,8}$/.test(c))
      .map((code) => ({ code, description: null })),
    gsin: list(gsin, /[,;\s]+/)
      .filter((c) => /^[A-Z0-9]{1,8}$/i.test(c))
      .map((code) => ({ code, description: null })),
    tradeAgreements: [],
    entity: null,
    noticeType: method,
    closingDate: null,
    fit: {
      title,
      description: tenderData,
      unspsc,
      unspsc_description: null,
      gsin,
      gsin_description: null,
      category_primary: codes.join('*') || null,
      deliveryProvinces: regions.provinces,
      entityProvince: null,
      national: regions.national && !delivery,
      estimated_value: null,
      restricted: isRestricted(method, tenderData),
    },
  };
}

class Citations {
  readonly list: Citation[] = [];
  constructor(private readonly source: SummarySource) {}

  add(item: CitedItem, index: number, field: CitedField, start: number, end: number): void {
    const text = this.source.fields[field] ?? '';
    if (start < 0 || end > text.length || end <= start) return;
    this.list.push({ item, index, field, start, end, quote: text.slice(start, end) });
  }

  sentence(item: CitedItem, index: number, sentence: Sentence): void {
    this.add(item, index, this.source.mainField, sentence.start, sentence.end);
  }

  whole(item: CitedItem, index: number, field: CitedField): void {
    const text = this.source.fields[field] ?? '';
    if (text) this.add(item, index, field, 0, text.length);
  }

  /** The first occurrence of `needle` in the field. */
  find(item: CitedItem, index: number, field: CitedField, needle: string): void {
    const text = this.source.fields[field] ?? '';
    const at = needle ? text.indexOf(needle) : -1;
    if (at >= 0) this.add(item, index, field, at, at + needle.length);
  }
}

const TRADE_SKIP = /^(?:none|aucun|please refer|veuillez consulter|unspecified)/i;

function tradeAgreementNames(items: string[]): string[] {
  return items.filter((i) => !TRADE_SKIP.test(i)).map((i) => /\(([^)]+)\)\s*$/.exec(i)?.[1] ?? i);
}

function requirementText(r: FoundRequirement, locale: AiLocale): string {
  const sentence = clip(displayText(r.sentence.text), 220);
  if (r.kind === 'mandatory') return sentence;
  const label = REQUIREMENT_LABELS[locale][r.kind];
  if (r.kind === 'security' && r.details.length)
    return `${label}: ${r.details.join(', ')} (${clip(displayText(r.sentence.text), 140)})`;
  return `${label}: ${sentence}`;
}

function heavyLabel(r: FoundRequirement, locale: AiLocale): string {
  if (r.kind === 'security')
    return locale === 'fr' ? `cote ${r.details.join(', ')}` : `${r.details.join(', ')} clearance`;
  if (r.kind === 'site_visit') return locale === 'fr' ? 'visite des lieux obligatoire' : 'a mandatory site visit';
  if (r.kind === 'set_aside') return locale === 'fr' ? 'marché réservé' : 'a set-aside';
  return REQUIREMENT_LABELS[locale][r.kind as Exclude<RequirementKind, 'mandatory'>].toLowerCase();
}

const ACAN = /advance contract award|ACAN|préavis d['’]adjudication/i;
const RFI = /request for information|\bRFI\b|demande de renseignements/i;

export function analyzeTender(source: SummarySource, locale: AiLocale): SummaryCore {
  const text = source.fields[source.mainField] ?? '';
  const sentences = splitSentences(text);
  const cites = new Citations(source);
  const fr = locale === 'fr';

  // Objective
  const objective = findObjective(sentences, source.title);
  let objectiveText: string;
  if (objective) {
    objectiveText = clip(displayText(objective.sentence.text), 400);
    cites.sentence('objective', 0, objective.sentence);
  } else if (source.title) {
    objectiveText = source.title;
    if (source.titleField) cites.whole('objective', 0, source.titleField);
  } else {
    objectiveText = fr ? 'Non précisé dans l’avis' : 'Not stated in the notice';
  }

  // Category: decoded codes, then UNSPSC / GSIN descriptions
  const codeLabels = source.categoryCodes.map((c) => categoryLabel(c, locale));
  const parts: string[] = [];
  if (codeLabels.length) parts.push(`${codeLabels.join(', ')} (${source.categoryCodes.join('*')})`);
  else parts.push(fr ? 'Inconnue' : 'Unknown');
  if (source.categoryCodes.length) cites.whole('category', 0, 'category_primary');
  for (const u of source.unspsc.slice(0, 3)) {
    parts.push(`UNSPSC ${u.code}${u.description ? ` ${u.description}` : ''}`);
    cites.find('category', 0, source.mainField === 'tenderData' ? 'tenderData' : 'unspsc', u.code);
    if (u.description) cites.find('category', 0, 'unspsc_description', u.description);
  }
  for (const g of source.gsin.slice(0, 2)) {
    parts.push(`GSIN ${g.code}${g.description ? ` ${g.description}` : ''}`);
    cites.find('category', 0, source.mainField === 'tenderData' ? 'tenderData' : 'gsin', g.code);
    if (g.description) cites.find('category', 0, 'gsin_description', g.description);
  }
  const category = parts.join(' · ');

  // Value: only an amount the text states, with its context
  const value = bestValue(findAmounts(text, sentences));
  let valueText = NOT_STATED[locale];
  if (value) {
    const money = formatMoney(value.amount, locale, value.currency);
    const kind = VALUE_KIND_LABELS[locale][value.kind] ?? value.kind;
    valueText =
      value.kind === 'maximum'
        ? fr
          ? `Jusqu’à ${money} (${kind})`
          : `Up to ${money} (${kind})`
        : `${money} (${kind})`;
    cites.sentence('value', 0, value.sentence);
  }

  // Requirements: from the text, plus the record's trade agreements
  const trade = tradeAgreementNames(source.tradeAgreements);
  const found = findRequirements(sentences, { tradeAgreementsInRecord: source.tradeAgreements.length > 0 });
  const requirements: string[] = [];
  const requirementKinds: RequirementKind[] = [];
  const ordered = [...found.filter((r) => r.kind !== 'mandatory'), ...found.filter((r) => r.kind === 'mandatory')];
  for (const r of ordered.slice(0, 10)) {
    cites.sentence('requirement', requirements.length, r.sentence);
    requirements.push(requirementText(r, locale));
    requirementKinds.push(r.kind);
  }
  if (trade.length) {
    const shown =
      trade.slice(0, 6).join(', ') +
      (trade.length > 6 ? (fr ? ` et ${trade.length - 6} autres` : ` and ${trade.length - 6} more`) : '');
    cites.whole('requirement', requirements.length, 'trade_agreements');
    requirements.push(`${REQUIREMENT_LABELS[locale].trade_agreement}: ${shown}`);
    requirementKinds.push('trade_agreement');
  }

  // Summary: the objective, who and when, and the scope (duration or delivery)
  const acan =
    ACAN.test(source.noticeType ?? '') || (source.mainField === 'tenderData' && ACAN.test(text.slice(0, 500)));
  const summary: string[] = [];
  if (objective) {
    cites.sentence('summary', summary.length, objective.sentence);
    summary.push(clip(displayText(objective.sentence.text), 300));
  } else if (source.title) {
    if (source.titleField) cites.whole('summary', summary.length, source.titleField);
    summary.push(source.title);
  }
  if (source.entity || source.noticeType || source.closingDate) {
    const i = summary.length;
    const who = source.entity ?? (fr ? 'L’acheteur' : 'The buyer');
    const what =
      source.noticeType && !/^not applicable$/i.test(source.noticeType) ? source.noticeType : fr ? 'avis' : 'notice';
    const when = source.closingDate ? formatClosing(source.closingDate, locale) : null;
    let sentence: string;
    if (acan) {
      sentence = fr
        ? `${who} a publié un préavis d’adjudication de contrat : le contrat ira à un fournisseur déjà choisi, sauf si un autre fournisseur démontre qu’il répond aux exigences${when ? ` d’ici le ${when}` : ''}.`
        : `${who} published an Advance Contract Award Notice: the contract goes to a pre-identified supplier unless another supplier shows it meets the requirements${when ? ` by ${when}` : ''}.`;
    } else {
      sentence = fr
        ? `${who} a publié cet avis (${what})${when ? ` ; il ferme le ${when}` : ''}.`
        : `${who} published this ${what}${when ? `; it closes on ${when}` : ''}.`;
    }
    if (source.entity) cites.whole('summary', i, 'contracting_entity_name');
    if (source.noticeType) cites.whole('summary', i, 'procurement_type');
    if (source.closingDate) cites.whole('summary', i, 'closing_date');
    summary.push(sentence);
  }
  const scope = findScope(sentences, objective?.sentence);
  if (scope) {
    cites.sentence('summary', summary.length, scope);
    summary.push(clip(displayText(scope.text), 250));
  }

  const heavy = found.filter((r) => r.heavy).map((r) => heavyLabel(r, locale));
  return {
    summary: summary.join(' '),
    keyDetails: {
      objective: objectiveText,
      category,
      value: valueText,
      valueAmount: value?.amount ?? null,
      valueCurrency: value?.currency ?? null,
      valueKind: value?.kind ?? null,
    },
    requirements,
    requirementKinds,
    citations: cites.list,
    locale,
    facts: {
      heavy: [...new Set(heavy)],
      restricted: source.fit.restricted,
      acan,
      rfi: RFI.test(source.noticeType ?? '') || (source.mainField === 'tenderData' && RFI.test(text.slice(0, 500))),
      requirementCount: requirements.length,
    },
  };
}
