import type { Sentence } from './sentences.ts';

/**
 * The sentence that states what the buyer wants: "Statistics Canada has a requirement for…",
 * "DND requires the purchase of…", "Canada is seeking offers to provide…", "The intent of this
 * RFP is to award…", or the sentence under an "Objective" heading. Scored, not matched: the best
 * candidate wins, boilerplate loses, earlier sentences and ones sharing words with the title win ties.
 */

const SIGNALS: Array<[RegExp, number]> = [
  [/\bhas (?:a|an|identified a) (?:requirement|need)\b/i, 6],
  [/\b(?:is|are) seeking\b|\bseeks\b|\bwishes to (?:contract|obtain|acquire)\b/i, 5],
  [/\bissued to satisfy the requirement\b/i, 5],
  [/\b(?:intent|purpose|objective|aim|goal) of (?:this|the)\b/i, 4],
  [/\brequires?\b/i, 3],
  [/\brequirement (?:is )?(?:for|to)\b/i, 3],
  [/\bintends to award\b/i, 2],
  [
    /\bto (?:provide|supply|deliver|establish|develop|acquire|procure|purchase|obtain|conduct|perform|undertake|support|modernize)\b/i,
    2,
  ],
  [/\b(?:for the (?:provision|purchase|supply|delivery) of)\b/i, 2],
  // French
  [/\ba (?:un |le )?besoin\b|\ba une exigence\b/i, 6],
  [/\bsollicite\b|\bcherche à (?:obtenir|acquérir)\b|\bsouhaite (?:obtenir|acquérir|retenir)\b/i, 5],
  [/\b(?:but|objectif|objet|intention) (?:de|du) (?:ce|cette|la|le|l['’])/i, 4],
  [/\brequiert\b|\bexige\b|\bvise à\b/i, 3],
  [/\b(?:fournir|offrir|livrer|acquérir|obtenir|réaliser)\b/i, 1],
];

const OBJECTIVE_HEADING = /^(?:\d+(?:\.\d+)*\s*)?(?:objective|objectives|objectif|objectifs|purpose|but)\b/i;
const DESCRIPTION_HEADING =
  /^(?:\d+(?:\.\d+)*\s*)?(?:description|definition|nature|scope|summary|background|requirement|description of the requirement|définition|portée|sommaire|résumé|besoin|exigence|contexte)\b/i;

const BOILERPLATE =
  /\bAn ACAN is a public notice\b|retains? the right|either official language|\bGETS\b|not (?:be )?responsible|Integrity Regime|Indigenous Business Directory|invited to submit|following (?:SA|Supply Arrangement) Holders|Comprehensive Land Claims?|Documents may be submitted|se réserve le droit/i;

const words = (s: string) => new Set((s.toLowerCase().match(/[\p{L}]{4,}/gu) ?? []).filter((w) => !STOP.has(w)));
const STOP = new Set([
  'with',
  'from',
  'this',
  'that',
  'services',
  'service',
  'requirement',
  'canada',
  'pour',
  'dans',
  'avec',
]);

export interface ObjectiveChoice {
  sentence: Sentence;
  score: number;
}

export function findObjective(sentences: Sentence[], title: string): ObjectiveChoice | undefined {
  const titleWords = words(title);
  let best: ObjectiveChoice | undefined;
  let heading: 'objective' | 'description' | null = null;
  let sinceHeading = 0;
  sentences.forEach((s, index) => {
    if (s.heading) {
      heading = OBJECTIVE_HEADING.test(s.text) ? 'objective' : DESCRIPTION_HEADING.test(s.text) ? 'description' : null;
      sinceHeading = 0;
      return;
    }
    sinceHeading++;
    let score = 0;
    for (const [re, weight] of SIGNALS) if (re.test(s.text)) score += weight;
    // "Objective: Canada is seeking…" on one line counts as under the heading.
    const inline = /^(?:objective|objectif|purpose|but)\s*:/i.test(s.text);
    if ((heading === 'objective' && sinceHeading <= 2) || inline) score += 5;
    else if (heading === 'description' && sinceHeading <= 2) score += 2;
    if (BOILERPLATE.test(s.text)) score -= 12;
    if (s.text.length < 40) score -= 3;
    if (s.text.length > 700) score -= 2;
    if (/\t/.test(s.text)) score -= 4;
    score += Math.max(0, 2 - index * 0.1);
    let overlap = 0;
    for (const w of words(s.text)) if (titleWords.has(w)) overlap++;
    score += Math.min(3, overlap);
    if (!best || score > best.score) best = { sentence: s, score };
  });
  return best && best.score >= 3 ? best : undefined;
}

/** A sentence about duration or delivery, to complete the summary: "The period of the contract is…". */
export function findScope(sentences: Sentence[], exclude: Sentence | undefined): Sentence | undefined {
  const re =
    /\b(?:period of (?:the )?contract|contract period|initial (?:contract )?period|term of the contract|deliver(?:y|ed|ables)\b.*\b(?:by|before|within)|standing offer will be for|durée du contrat|période du contrat|livraison)\b/i;
  return sentences.find(
    (s) => s !== exclude && !s.heading && re.test(s.text) && s.text.length >= 30 && !BOILERPLATE.test(s.text),
  );
}
