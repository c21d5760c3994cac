import type { RequirementKind } from '@app/shared/ai';
import type { Sentence } from './sentences.ts';

/**
 * What a bidder must have or do, found sentence by sentence: security clearances, insurance,
 * bonding, site visits, certifications, set-asides, official languages, Canadian content, and
 * other sentences in mandatory language (must, shall, mandatory, required; doit, obligatoire).
 * Boilerplate that every federal notice carries is not a requirement of this tender.
 */

export interface FoundRequirement {
  kind: RequirementKind;
  sentence: Sentence;
  /** For security: the levels named (Reliability, Secret…); for certification: the standards. */
  details: string[];
  /** Makes bidding harder: high clearance, bonding, a mandatory site visit, a set-aside. */
  heavy: boolean;
}

const BOILERPLATE = [
  /retains? the right/i,
  /either official language/i,
  /\bGETS\b|Government Electronic Tendering Service/i,
  /not (?:be )?(?:responsible|liable)/i,
  /Integrity Regime|integrity provisions/i,
  /Indigenous Business Directory|\bIBD\b/i,
  /sole responsibility of the Bidder to regularly consult/i,
  /Comprehensive Land Claims? Agreement/i,
  /\bAn ACAN is a public notice\b/i,
  /is not subject to (?:a |any )?security requirement/i,
  /l'une ou l'autre des langues officielles|l’une ou l’autre des langues officielles/i,
  /se réserve le droit/i,
];

const NO_SECURITY =
  /\b(?:no|not subject to any|does not contain a|aucune?)\s+(?:security (?:requirement|clearance)|exigence (?:relative à la|de) sécurité|cote de sécurité)|\bsecurity requirements?\s*:\s*(?:none|nil|n\/a|not applicable)\b/i;

/**
 * Words that say something is NOT required: "not required", "is not mandatory", "will not be
 * held", "is not scheduled", "no … is required", "n'est pas obligatoire". A sentence whose only
 * obligation is negated ("Offerors are not required to submit samples", "ISO 9001 registration
 * is not required", "A site visit will not be held") states no requirement.
 */
const NEGATED =
  /\b(?:not|never|no longer)\s+(?:be\s+)?(?:required|mandatory|necessary|obligatory|needed|held|scheduled)\b|\bnot (?:a )?(?:requirement|condition)\b|\bno\s+[\p{L}\s-]{1,40}?\s+(?:is|are|will be)\s+(?:required|needed|necessary)\b|\bn['’](?:est|sont|sera|seront) pas (?:obligatoires?|requise?s?|exigée?s?|nécessaires?|tenue?s?)\b|\bpas obligatoire/giu;

/** Only a negated obligation: "not required", with no "must", "shall" or un-negated "required" left. */
function onlyNegated(text: string): boolean {
  if (!NEGATED.test(text)) return false;
  NEGATED.lastIndex = 0;
  return !MANDATORY.test(text.replace(NEGATED, ' '));
}

/**
 * A site visit that does not take place. An optional one ("recommended but not mandatory") is
 * still listed, under the site-visit label, and only a mandatory one makes bidding harder.
 */
const NO_VISIT =
  /\bnot (?:be )?(?:held|scheduled)\b|\bno (?:site visit|site tour|bidders['’]? conference)\b|\bn['’](?:aura|y aura) pas (?:lieu|de visite)/i;

// Longest first: "Top Secret" before "Secret".
const LEVELS: Array<[string, RegExp, boolean]> = [
  ['Top Secret', /\btop secret\b|\btr[eè]s secret\b/i, true],
  ['Secret', /\bsecret\b/i, true],
  [
    'Facility Security Clearance',
    /\bfacility security clearance\b|\bFSC\b|\battestation de s[ée]curit[ée] d'installation\b/i,
    true,
  ],
  [
    'Designated Organization Screening',
    /\bdesignated organi[sz]ation screening\b|\bDOS\b|\bv[ée]rification d'organisation d[ée]sign[ée]e\b/i,
    false,
  ],
  ['Reliability Status', /\breliability\b|\bcote de fiabilit[ée]\b|\bfiabilit[ée]\b/i, false],
  ['Protected B', /\bprotected b\b|\bprot[ée]g[ée] b\b/i, false],
  ['Protected A', /\bprotected a\b|\bprot[ée]g[ée] a\b/i, false],
  ['Confidential', /\bconfidential\b/i, false],
];

const SECURITY_CONTEXT =
  /\bsecurity (?:requirement|clearance|screening|level)|\bclearance\b|\breliability status\b|\borgani[sz]ation screening\b|\bsecurity\b.*\b(?:level|status)\b|\bexigences? (?:relatives? à la |de )?sécurité|\bcote de sécurité|\bhabilitation|\bprotected\b|\bprot[ée]g[ée]\b/i;

/** In a pasted check-box table only the ticked cells count: "X  Protected A\t? Secret". */
function tickedCells(text: string): string | null {
  if (!/(?:^|\t)\s*[?☐□]\s|\t\s*[?☐□]|^\s*[Xx☒■✓]\s/.test(text)) return null;
  return text
    .split('\t')
    .filter((cell) => /^\s*[Xx☒■✓]\s/.test(cell))
    .join(' ; ');
}

const GENERIC_SECURITY =
  /\b(?:contains|there is|includes|has|with|is subject to) (?:a |an )?security requirement|^security requirements?\s*:|\bsecurity requirement (?:associated|applies)|comporte une exigence (?:relative à la |de )?sécurité/i;

/** A line of a pasted level table ("Protected B – DOS", "Secret\t? Cosmic Top Secret"): only a ticked one counts. */
const BARE_LEVEL_LINE = /^[\s\p{L}()–\-?\t]*$/u;
const VERB = /\b(?:is|are|must|shall|required|requires|level of|holds?|cote|doit|doivent)\b/i;

function securityLevels(text: string): string[] {
  if (text.length < 120 && BARE_LEVEL_LINE.test(text) && !VERB.test(text) && !/^\s*[Xx☒■✓]\s/.test(text)) return [];
  const ticked = tickedCells(text);
  const scope = ticked ?? text;
  const levels: string[] = [];
  let rest = scope;
  for (const [name, re] of LEVELS) {
    if (re.test(rest)) {
      levels.push(name);
      rest = rest.replace(new RegExp(re.source, 'gi'), ' ');
    }
  }
  // "NATO Secret", "Cosmic Top Secret" columns are names of levels in a table, not a second requirement.
  return levels;
}

const PATTERNS: Array<[Exclude<RequirementKind, 'security' | 'mandatory' | 'trade_agreement'>, RegExp]> = [
  [
    'insurance',
    /\binsurance\b|\bliability coverage\b|\bassurance (?:responsabilité|de responsabilité|commerciale)|\bresponsabilité civile\b/i,
  ],
  [
    'bonding',
    /\bbid bond|\bperformance bond|\blabou?r and material payment bond|\bbid security\b|\bsecurity deposit\b|\bsurety\b|\bcautionnement|\bgarantie de soumission|\bgarantie d['’]exécution/i,
  ],
  [
    'site_visit',
    /\bsite visit|\bsite tour\b|\bbidders['’]? conference|\bpre-?bid (?:meeting|conference)|\bvisite (?:des lieux|du site)|\bconférence des soumissionnaires/i,
  ],
  [
    'certification',
    /\bISO[\s-]?\d{4,5}\b|\bCSA\b|\bULC\b|\bcertif(?:ied|ication|ications|icat)|\bCertificate of Recognition\b|\bCOR\b|\blicen[cs]ed\b|\bregistered (?:professional|engineer|architect|optometrist|nurse|psychologist|dietitian|pharmacist)|\blicen[cs]e\b|\bin good standing\b|\bControlled Goods Program\b|\bagréé|\baccrédit/i,
  ],
  [
    'bilingual',
    /\bbilingual\b|\bboth official languages\b|\bin (?:English and French|French and English)\b|\bbilingue\b|\bles deux langues officielles\b/i,
  ],
  ['canadian_content', /\bCanadian content\b|\bpreference for Canadian goods|\bcontenu canadien\b/i],
];

const SET_ASIDE = [
  /\b(?:is|are|will be|has been|being)\s+(?:primarily |conditionally |also )?set[- ]aside\b/i,
  /\bset[- ]aside (?:under|for) (?:the )?(?:federal government(?:['’]s)? )?(?:Procurement Strategy|PSIB|PSAB)/i,
  /\bconditionally set[- ]aside\b/i,
  /\bPSIB stream\b/i,
  /\brequires?\b[^.]{0,80}\bIndigenous (?:contractor|business|supplier|firm)/i,
  /\b(?:est|sera) réservée? (?:aux|en vertu)|\bmarché réservé\b|\bStratégie d['’]approvisionnement auprès des entreprises autochtones\b/i,
];

const MANDATORY =
  /\b(?:must|shall|mandatory|is required|are required|required to|will be required|obligatoire|doit|doivent|devra|devront|exigée?s?)\b/i;
const NOT_MANDATORY =
  /\bas and (?:when )?(?:required|requested|needed)\b|\bif required\b|\bwhere required\b|\bmay be required\b|\b(?:period|term) of (?:the )?contract\b|\bwe must\b|\bCanada (?:must|shall)\b|\bau besoin\b|\bdurée du contrat\b/i;

const TRADE =
  /\b(?:Canadian Free Trade Agreement|CFTA|CETA|WTO[- ]?(?:GPA|AGP)|CUSMA|NAFTA|CPTPP|Accord de libre-échange canadien|ALEC|AECG)\b/;

export function findRequirements(
  sentences: Sentence[],
  opts: { tradeAgreementsInRecord: boolean },
): FoundRequirement[] {
  const out: FoundRequirement[] = [];
  const kinds = new Set<string>();
  let securityGeneric: Sentence | undefined;
  let mandatoryCount = 0;

  for (const sentence of sentences) {
    const t = sentence.text;
    if (BOILERPLATE.some((re) => re.test(t))) continue;
    // A sentence that only says what is not required names no requirement (a site visit that is
    // "not mandatory" is still a site visit; one that is "not held" is none).
    const negated = onlyNegated(t);
    if (negated && !(PATTERNS.find(([k]) => k === 'site_visit')?.[1].test(t) && !NO_VISIT.test(t))) continue;
    let classified = false;

    if (SECURITY_CONTEXT.test(t) && !NO_SECURITY.test(t)) {
      const levels = securityLevels(t);
      if (levels.length > 0) {
        const fresh = levels.filter((l) => !kinds.has(`security:${l}`));
        if (fresh.length) {
          for (const l of levels) kinds.add(`security:${l}`);
          out.push({
            kind: 'security',
            sentence,
            details: levels,
            heavy: levels.some((l) => LEVELS.find(([n]) => n === l)?.[2]),
          });
        }
        classified = true;
      } else if (GENERIC_SECURITY.test(t) && !tickedCells(t)) {
        securityGeneric ??= sentence;
        classified = true;
      }
    }

    for (const [kind, re] of PATTERNS) {
      if (!re.test(t)) continue;
      if (kind === 'bilingual' && /either official language/i.test(t)) continue;
      if (negated && kind !== 'site_visit') continue;
      classified = true;
      if (kinds.has(kind)) continue;
      kinds.add(kind);
      const details =
        kind === 'certification' ? [...new Set(t.match(/\bISO[\s-]?\d{4,5}\b|\bCSA\b|\bULC\b|\bCOR\b/g) ?? [])] : [];
      const heavy = kind === 'bonding' || (kind === 'site_visit' && /mandatory|obligatoire/i.test(t));
      out.push({ kind, sentence, details, heavy });
    }

    if (
      SET_ASIDE.some((re) => re.test(t)) &&
      !/\bnot\b[^.]{0,20}set[- ]aside|\bIf not set-aside\b|\bn['’](?:est|sera) pas réservée?/i.test(t)
    ) {
      classified = true;
      if (!kinds.has('set_aside')) {
        kinds.add('set_aside');
        out.push({ kind: 'set_aside', sentence, details: [], heavy: true });
      }
    }

    if (!opts.tradeAgreementsInRecord && TRADE.test(t) && !/does not apply|ne s['’]applique pas/i.test(t)) {
      classified = true;
      if (!kinds.has('trade_agreement')) {
        kinds.add('trade_agreement');
        out.push({ kind: 'trade_agreement', sentence, details: [], heavy: false });
      }
    }

    if (
      !classified &&
      !sentence.heading &&
      MANDATORY.test(t) &&
      !NOT_MANDATORY.test(t) &&
      mandatoryCount < 4 &&
      t.length >= 25
    ) {
      mandatoryCount++;
      out.push({ kind: 'mandatory', sentence, details: [], heavy: false });
    }
  }

  if (securityGeneric && !out.some((r) => r.kind === 'security')) {
    out.unshift({ kind: 'security', sentence: securityGeneric, details: [], heavy: false });
  }
  return out;
}
