import type { AiLocale } from '@app/shared/ai';
import { PROVINCE_ALIASES, PROVINCES, type Province } from '@app/shared/constants';
import {
  CONTRACT_SIZE_LABELS,
  INDUSTRY_LABELS,
  type ContractSize,
  type Industry,
  type Profile,
} from '@app/shared/profile';
import { formatMoney } from './labels.ts';
import { fold, SERVICE_MAP } from './service-map.ts';

/** Folded, punctuation as spaces, with a leading space: " it services in ottawa". */
function wordText(text: string): string {
  let t = text.toLowerCase();
  // Most notices are plain ASCII: skip Unicode normalisation for them (it dominates the cost).
  if (/[\u0080-\uffff]/.test(t)) t = t.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return ` ${t.replace(/[^a-z0-9&/]+/g, ' ')}`;
}
const foldedKeywords = new Map<string, string>();
function foldedKeyword(k: string): string {
  let f = foldedKeywords.get(k);
  if (f === undefined) {
    f = wordText(k).trim();
    foldedKeywords.set(k, f);
  }
  return f;
}
const sortedLists = new WeakMap<readonly string[], string[]>();
function longestFirst(list: readonly string[]): string[] {
  let sorted = sortedLists.get(list);
  if (!sorted) {
    sorted = [...list].sort((a, b) => b.length - a.length);
    sortedLists.set(list, sorted);
  }
  return sorted;
}

/**
 * How well a tender fits a company profile, 0-100, with the reasons in words. Shared by the
 * recommendations (ranking) and the summary's priority. Points: services 45, regions 25,
 * contract size 15, industry 10, government experience 5. Every reason names the evidence
 * (the UNSPSC code, the word in the title, the region), so the score can be checked.
 */

export interface FitInput {
  title: string;
  description: string | null;
  unspsc: string | null;
  unspsc_description: string | null;
  gsin: string | null;
  gsin_description: string | null;
  category_primary: string | null;
  /** Provinces of delivery (the NCR counts as Ontario and Quebec). */
  deliveryProvinces: Province[];
  /** The contracting entity's province. */
  entityProvince: Province | null;
  /** Delivery anywhere in Canada (or unspecified). */
  national: boolean;
  estimated_value: number | null;
  /** Open only to holders of a supply arrangement or standing offer, or an ACAN. */
  restricted: boolean;
}

export interface Fit {
  score: number;
  reasons: string[];
  /** The strongest service evidence, 0-1. */
  serviceStrength: number;
}

const provinceNames = new Map<string, Province>([
  ...PROVINCES.map((p) => [fold(p), p] as [string, Province]),
  ...Object.entries(PROVINCE_ALIASES).map(([a, p]) => [fold(a), p] as [string, Province]),
]);

export function provinceOf(value: string | null | undefined): Province | null {
  if (!value) return null;
  return (
    provinceNames.get(
      fold(value)
        .replace(/\s*\(.*\)\s*$/, '')
        .replace(/\.$/, '')
        .trim(),
    ) ?? null
  );
}

export function provincesOfRegions(regions: string[]): { provinces: Province[]; national: boolean } {
  const set = new Set<Province>();
  let national = regions.length === 0;
  for (const r of regions) {
    const f = fold(r);
    if (f.includes('national capital region') || f.includes('capitale nationale')) {
      set.add('Ontario');
      set.add('Quebec');
    } else if (/^(canada|world|monde|unspecified|non specifie)/.test(f)) {
      national = true;
    } else {
      const p = provinceOf(r);
      if (p) set.add(p);
    }
  }
  return { provinces: PROVINCES.filter((p) => set.has(p)), national };
}

const RESTRICTED =
  /supply arrangement holders|\bSA holders\b|standing offer holders|pre-identified supplier|advance contract award notice|\bACAN\b|titulaires d['’]arrangement|fournisseur présélectionné|préavis d['’]adjudication/i;

export function isRestricted(procurementType: string | null, text: string): boolean {
  return RESTRICTED.test(procurementType ?? '') || RESTRICTED.test(text.slice(0, 2000));
}

const SIZE_RANGES: Record<ContractSize, [number, number]> = {
  'under-50k': [0, 50_000],
  '50k-250k': [50_000, 250_000],
  '250k-1m': [250_000, 1_000_000],
  '1m-5m': [1_000_000, 5_000_000],
  '5m+': [5_000_000, Infinity],
};

const INDUSTRY_SIGNALS: Record<Industry, { unspsc: string[]; categories: string[]; keywords: string[] }> = {
  'it-services': {
    unspsc: ['43', '81'],
    categories: [],
    keywords: ['software', 'it ', 'informatics', 'cloud', 'cyber', 'network', 'informatique'],
  },
  construction: {
    unspsc: ['72', '95', '30'],
    categories: ['CNST'],
    keywords: ['construction', 'renovation', 'repair'],
  },
  consulting: {
    unspsc: ['80', '84', '8110'],
    categories: [],
    keywords: ['consult', 'advisory', 'conseil', 'study', 'evaluation'],
  },
  'professional-services': {
    unspsc: ['80', '81', '84', '86'],
    categories: ['SRV'],
    keywords: ['professional services', 'services professionnels'],
  },
  healthcare: {
    unspsc: ['42', '51', '85'],
    categories: [],
    keywords: ['health', 'medical', 'nursing', 'sante', 'medical'],
  },
  education: { unspsc: ['86', '60'], categories: [], keywords: ['training', 'education', 'course', 'formation'] },
  manufacturing: {
    unspsc: ['2', '3', '4', '5'],
    categories: ['GD'],
    keywords: ['manufactur', 'fabrication', 'supply of'],
  },
  transportation: {
    unspsc: ['78', '25', '15'],
    categories: [],
    keywords: ['transport', 'freight', 'shipping', 'moving', 'vehicle', 'demenagement'],
  },
  maintenance: {
    unspsc: ['72', '73', '76'],
    categories: ['SRVTGD'],
    keywords: ['maintenance', 'repair', 'cleaning', 'entretien'],
  },
  other: { unspsc: [], categories: [], keywords: [] },
};

const T = {
  en: {
    unspsc: (s: string, code: string, desc: string | undefined) =>
      `${s} matches UNSPSC ${code}${desc ? ` (${desc})` : ''}`,
    gsin: (s: string, code: string) => `${s} matches GSIN ${code}`,
    category: (s: string, c: string) => `${s} matches the ${c} category`,
    titleWord: (s: string, w: string) => `${s}: “${w}” in the title`,
    descWord: (s: string, w: string) => `${s}: “${w}” in the description`,
    noService: 'none of your services appear in this notice',
    delivery: (p: string) => `delivery in ${p}, one of your regions`,
    buyer: (p: string) => `the buyer is in ${p}, one of your regions`,
    national: 'open to suppliers across Canada',
    outside: (p: string) => `outside your regions (${p})`,
    sizeIn: (v: string, s: string) => `about ${v}, within your typical contract size (${s})`,
    sizeNear: (v: string, s: string) => `about ${v}, close to your typical contract size (${s})`,
    sizeOut: (v: string, s: string) => `about ${v}, far from your typical contract size (${s})`,
    industry: (i: string) => `fits your industry (${i})`,
    restricted: 'limited to pre-qualified suppliers, which favours companies with government experience',
  },
  fr: {
    unspsc: (s: string, code: string, desc: string | undefined) =>
      `${s} correspond au code UNSPSC ${code}${desc ? ` (${desc})` : ''}`,
    gsin: (s: string, code: string) => `${s} correspond au code NIBS ${code}`,
    category: (s: string, c: string) => `${s} correspond à la catégorie ${c}`,
    titleWord: (s: string, w: string) => `${s} : « ${w} » dans le titre`,
    descWord: (s: string, w: string) => `${s} : « ${w} » dans la description`,
    noService: 'aucun de vos services n’apparaît dans cet avis',
    delivery: (p: string) => `livraison en ${p}, l’une de vos régions`,
    buyer: (p: string) => `l’acheteur est en ${p}, l’une de vos régions`,
    national: 'ouvert aux fournisseurs de partout au Canada',
    outside: (p: string) => `hors de vos régions (${p})`,
    sizeIn: (v: string, s: string) => `environ ${v}, dans votre taille de contrat habituelle (${s})`,
    sizeNear: (v: string, s: string) => `environ ${v}, proche de votre taille de contrat habituelle (${s})`,
    sizeOut: (v: string, s: string) => `environ ${v}, loin de votre taille de contrat habituelle (${s})`,
    industry: (i: string) => `correspond à votre secteur (${i})`,
    restricted:
      'réservé à des fournisseurs préqualifiés, ce qui favorise les entreprises qui ont déjà des contrats publics',
  },
};

const codesOf = (list: string | null) =>
  (list ?? '')
    .split(/[,;\n]/)
    .map((c) => c.replace(/^\*/, '').trim())
    .filter(Boolean);

interface ServiceEvidence {
  strength: number;
  reason: string;
}

function serviceEvidence(
  input: FitInput,
  service: keyof typeof SERVICE_MAP,
  locale: AiLocale,
  folded: { title: string; description: string },
): ServiceEvidence | null {
  const signals = SERVICE_MAP[service];
  const t = T[locale];
  const unspscCodes = codesOf(input.unspsc);
  const unspscDescs = (input.unspsc_description ?? '').split(';').map((d) => d.trim());
  let best: ServiceEvidence | null = null;
  const consider = (e: ServiceEvidence) => {
    if (!best || e.strength > best.strength) best = e;
  };
  unspscCodes.forEach((code, i) => {
    for (const prefix of signals.unspsc) {
      if (code.startsWith(prefix))
        consider({
          strength: prefix.length >= 6 ? 1 : prefix.length >= 4 ? 0.85 : 0.6,
          reason: t.unspsc(service, code, unspscDescs[i] || undefined),
        });
    }
  });
  for (const code of codesOf(input.gsin)) {
    for (const prefix of signals.gsin) {
      if (code.toUpperCase().startsWith(prefix))
        consider({ strength: prefix.length >= 3 ? 0.9 : 0.6, reason: t.gsin(service, code) });
    }
  }
  for (const code of codesOf(input.category_primary?.replace(/\*/g, ',') ?? null)) {
    if (signals.categories.includes(code.toUpperCase()))
      consider({ strength: 0.5, reason: t.category(service, code.toUpperCase()) });
  }
  // Keywords match at a word start ("cyber" in "cybersecurity"); the texts are folded and
  // padded with a space once, so each test is one native indexOf.
  const keyword = (text: string) => longestFirst(signals.keywords).find((k) => text.includes(` ${foldedKeyword(k)}`));
  const inTitle = keyword(folded.title);
  const inDescription = inTitle ? undefined : keyword(folded.description);
  if (inTitle) consider({ strength: 0.8, reason: t.titleWord(service, inTitle.trim()) });
  else if (inDescription) consider({ strength: 0.45, reason: t.descWord(service, inDescription.trim()) });
  return best;
}

export function scoreFit(
  input: FitInput,
  profile: Pick<
    Profile,
    'primary_services' | 'service_regions' | 'typical_contract_size' | 'industry' | 'government_experience'
  >,
  locale: AiLocale = 'en',
): Fit {
  const t = T[locale];
  const reasons: string[] = [];
  // The gist of a notice is at its start; scanning the first 2,000 characters keeps scoring
  // a thousand candidates well under the request budget.
  const folded = { title: wordText(input.title), description: wordText((input.description ?? '').slice(0, 2000)) };

  // Services: 45
  const evidence = profile.primary_services
    .filter((s) => s !== 'Other')
    .map((s) => serviceEvidence(input, s, locale, folded))
    .filter((e): e is ServiceEvidence => e !== null)
    .sort((a, b) => b.strength - a.strength);
  const serviceStrength = evidence[0]?.strength ?? 0;
  let services = 45 * serviceStrength + (evidence.length > 1 ? 5 : 0);
  services = Math.min(45, services);
  if (evidence[0]) reasons.push(evidence[0].reason);
  if (evidence[1] && evidence[1].strength >= 0.8) reasons.push(evidence[1].reason);
  if (!evidence.length && profile.primary_services.length) reasons.push(t.noService);

  // Regions: 25
  let regions = 10;
  if (profile.service_regions.length) {
    const mine = new Set<string>(profile.service_regions);
    const delivered = input.deliveryProvinces.filter((p) => mine.has(p));
    if (delivered.length) {
      regions = 25;
      reasons.push(t.delivery(delivered.join(', ')));
    } else if (input.national) {
      regions = 16;
      reasons.push(t.national);
    } else if (input.entityProvince && mine.has(input.entityProvince)) {
      regions = 12;
      reasons.push(t.buyer(input.entityProvince));
    } else {
      regions = 0;
      const where = input.deliveryProvinces.length
        ? input.deliveryProvinces
        : input.entityProvince
          ? [input.entityProvince]
          : [];
      if (where.length) reasons.push(t.outside(where.join(', ')));
    }
  }

  // Contract size: 15
  let size = 6;
  if (profile.typical_contract_size && input.estimated_value !== null) {
    const [low, high] = SIZE_RANGES[profile.typical_contract_size];
    const v = input.estimated_value;
    const label = CONTRACT_SIZE_LABELS[profile.typical_contract_size];
    const money = formatMoney(v, locale);
    if (v >= low && v <= high) {
      size = 15;
      reasons.push(t.sizeIn(money, label));
    } else if (v >= low / 4 && v <= high * 4) {
      size = 7;
      reasons.push(t.sizeNear(money, label));
    } else {
      size = 0;
      reasons.push(t.sizeOut(money, label));
    }
  }

  // Industry: 10
  let industry = 0;
  if (profile.industry && profile.industry !== 'other') {
    const s = INDUSTRY_SIGNALS[profile.industry];
    const codes = codesOf(input.unspsc);
    const cats = codesOf(input.category_primary?.replace(/\*/g, ',') ?? null).map((c) => c.toUpperCase());
    const hit =
      codes.some((c) => s.unspsc.some((p) => c.startsWith(p))) ||
      cats.some((c) => s.categories.includes(c)) ||
      s.keywords.some((k) => folded.title.includes(` ${foldedKeyword(k)}`));
    if (hit) {
      industry = 10;
      if (serviceStrength < 0.8) reasons.push(t.industry(INDUSTRY_LABELS[profile.industry]));
    }
  }

  // Government experience: 5
  let experience = 3;
  const exp = profile.government_experience;
  if (input.restricted) {
    experience = exp === 'experienced' || exp === 'expert' ? 5 : 0;
    if (experience === 0) reasons.push(t.restricted);
  } else if (exp) {
    experience = 5;
  }

  const score = Math.round(Math.max(0, Math.min(100, services + regions + size + industry + experience)));
  return { score, reasons, serviceStrength };
}
