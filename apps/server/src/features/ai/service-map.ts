import type { PrimaryService } from '@app/shared/profile';

/**
 * The 21 primary services of spec §9 mapped to what a notice carries: UNSPSC code prefixes
 * (segment/family/class: 8111 = computer services, 81111801 = network security…), GSIN
 * prefixes (D3 = IT services, R019 = management consulting, C = architect and engineering…),
 * procurement category codes, and keywords in English and French (accents folded, matched on
 * word starts). A prefix match is strong evidence, a title keyword good, a description keyword weak.
 */
export interface ServiceSignals {
  unspsc: string[];
  gsin: string[];
  categories: string[];
  keywords: string[];
  /** The word used in searches for this service. */
  searchWords: string[];
}

export const SERVICE_MAP: Record<PrimaryService, ServiceSignals> = {
  'Software Development': {
    unspsc: ['811115', '811116', '811117', '4323', '811122'],
    gsin: ['D302', 'D301', 'D308', '7030'],
    categories: [],
    keywords: [
      'software development',
      'application development',
      'software',
      'developer',
      'programming',
      'web application',
      'logiciel',
      'developpement d application',
      'programmeur',
    ],
    searchWords: ['software', 'application development'],
  },
  'IT Support & Maintenance': {
    unspsc: ['811118', '811119', '811120', '811121', '811122', '811123', '81161', '4321'],
    gsin: ['D3', 'J070', 'N70'],
    categories: [],
    keywords: [
      'it support',
      'help desk',
      'service desk',
      'technical support',
      'it services',
      'informatics',
      'im/it',
      'desktop support',
      'network support',
      'soutien informatique',
      'informatique',
      'tbips',
    ],
    searchWords: ['IT support', 'informatics'],
  },
  Cybersecurity: {
    unspsc: ['81111801', '811118', '432332', '4322'],
    gsin: ['D317', 'D399'],
    categories: [],
    keywords: [
      'cyber',
      'cybersecurity',
      'cyber security',
      'it security',
      'information security',
      'penetration test',
      'vulnerability',
      'threat',
      'sa&a',
      'security assessment',
      'cybersecurite',
      'securite informatique',
      'securite des ti',
    ],
    searchWords: ['cybersecurity', 'cyber', 'IT security'],
  },
  'Data Analytics': {
    unspsc: ['811119', '432323', '8116', '81112002', '80101508'],
    gsin: ['D307', 'D306'],
    categories: [],
    keywords: [
      'data analytics',
      'data analysis',
      'analytics',
      'business intelligence',
      'data science',
      'data management',
      'dashboard',
      'machine learning',
      'artificial intelligence',
      'donnees',
      'analytique',
      'intelligence d affaires',
    ],
    searchWords: ['data analytics', 'data'],
  },
  'Cloud Services': {
    unspsc: ['8116', '811620', '811621'],
    gsin: ['D305', 'D316'],
    categories: [],
    keywords: ['cloud', 'saas', 'software as a service', 'iaas', 'paas', 'hosting', 'infonuagique', 'nuage'],
    searchWords: ['cloud'],
  },
  'Digital Transformation': {
    unspsc: ['8111', '8016', '811017'],
    gsin: ['D3', 'R019'],
    categories: [],
    keywords: [
      'digital transformation',
      'modernization',
      'modernize',
      'digital',
      'user-centred',
      'user experience',
      'transformation numerique',
      'numerique',
      'modernisation',
    ],
    searchWords: ['digital', 'modernization'],
  },
  Construction: {
    unspsc: ['72', '95'],
    gsin: ['51', '52', '53', '54', '55', '56', 'Y', 'Z'],
    categories: ['CNST'],
    keywords: [
      'construction',
      'renovation',
      'rehabilitation',
      'repair',
      'roofing',
      'paving',
      'demolition',
      'building',
      'travaux',
      'renovation',
      'refection',
      'batiment',
    ],
    searchWords: ['construction', 'renovation'],
  },
  Infrastructure: {
    unspsc: ['7214', '7215', '7210', '8110', '8310'],
    gsin: ['51', 'Y1', 'Z1', 'C2'],
    categories: ['CNST'],
    keywords: [
      'infrastructure',
      'bridge',
      'road',
      'highway',
      'wharf',
      'water treatment',
      'wastewater',
      'pipeline',
      'dam',
      'rail',
      'culvert',
      'pont',
      'route',
      'quai',
      'aqueduc',
    ],
    searchWords: ['infrastructure', 'bridge'],
  },
  'Architecture & Engineering': {
    unspsc: ['8110', '811015', '811016', '811017', '811018', '8111'],
    gsin: ['C', 'R1'],
    categories: [],
    keywords: [
      'architect',
      'architectural',
      'engineering',
      'engineer',
      'design services',
      'geotechnical',
      'structural',
      'mechanical engineering',
      'electrical engineering',
      'architecte',
      'ingenierie',
      'genie',
    ],
    searchWords: ['engineering', 'architectural'],
  },
  'Project Management': {
    unspsc: ['801016', '80101600', '811021'],
    gsin: ['R019', 'R4'],
    categories: [],
    keywords: [
      'project management',
      'project manager',
      'project coordinator',
      'program management',
      'portfolio',
      'gestion de projet',
      'gestionnaire de projet',
    ],
    searchWords: ['project management'],
  },
  'Business Consulting': {
    unspsc: ['8010', '8016', '801015', '8012'],
    gsin: ['R019', 'R0', 'R4'],
    categories: [],
    keywords: [
      'consulting',
      'consultant',
      'advisory',
      'management consulting',
      'business analysis',
      'organizational review',
      'evaluation',
      'strategy',
      'conseil',
      'consultation',
      'experts-conseils',
    ],
    searchWords: ['consulting', 'advisory'],
  },
  'HR Services': {
    unspsc: ['8011', '801116', '8012'],
    gsin: ['R6', 'R009'],
    categories: [],
    keywords: [
      'human resources',
      'recruitment',
      'staffing',
      'temporary help',
      'workplace',
      'hr ',
      'ressources humaines',
      'recrutement',
      'dotation',
    ],
    searchWords: ['human resources', 'staffing'],
  },
  'Legal Services': {
    unspsc: ['8012'],
    gsin: ['R003', 'R0'],
    categories: [],
    keywords: ['legal', 'lawyer', 'counsel', 'litigation', 'notary', 'paralegal', 'juridique', 'avocat', 'notaire'],
    searchWords: ['legal'],
  },
  'Financial Services': {
    unspsc: ['8411', '8412', '8413', '84111603', '8414'],
    gsin: ['R002', 'R1'],
    categories: [],
    keywords: [
      'audit',
      'accounting',
      'financial',
      'actuarial',
      'forensic',
      'bookkeeping',
      'payroll',
      'verification',
      'comptab',
      'financier',
      'vérification',
    ],
    searchWords: ['audit', 'financial'],
  },
  'Marketing & Communications': {
    unspsc: ['8017', '8014', '8210', '8211', '8214', '8215', '82101'],
    gsin: ['R010', 'T0', 'R005'],
    categories: [],
    keywords: [
      'communications',
      'marketing',
      'advertising',
      'public relations',
      'web content',
      'social media',
      'graphic design',
      'media',
      'outreach',
      'publicite',
      'communications',
      'relations publiques',
    ],
    searchWords: ['communications', 'marketing'],
  },
  'Training & Education': {
    unspsc: ['86', '8610', '8611', '8613'],
    gsin: ['U0', 'U'],
    categories: [],
    keywords: [
      'training',
      'course',
      'curriculum',
      'instruction',
      'learning',
      'education',
      'workshop',
      'formation',
      'cours',
      'apprentissage',
    ],
    searchWords: ['training'],
  },
  'Research & Development': {
    unspsc: ['8110', '8113', '8114', '7710', '811015'],
    gsin: ['A', 'B'],
    categories: [],
    keywords: [
      'research',
      'study',
      'studies',
      'feasibility',
      'scientific',
      'r&d',
      'prototype',
      'needs analysis',
      'survey',
      'recherche',
      'etude',
      'scientifique',
    ],
    searchWords: ['research', 'study'],
  },
  'Equipment Supply': {
    // Goods codes span most UNSPSC segments; the GD category is the signal instead.
    unspsc: [],
    gsin: ['N'],
    categories: ['GD', 'SRVTGD'],
    keywords: [
      'supply of',
      'purchase of',
      'equipment',
      'delivery of',
      'furniture',
      'vehicles',
      'parts',
      'materials',
      'fourniture',
      'achat de',
      'equipement',
    ],
    searchWords: ['equipment', 'supply'],
  },
  'Facility Management': {
    unspsc: ['7210', '7211', '7215', '7611', '7612', '7613', '7213'],
    gsin: ['J', 'S2', 'S1', 'M1'],
    categories: ['SRVTGD'],
    keywords: [
      'facility',
      'facilities',
      'janitorial',
      'cleaning',
      'custodial',
      'maintenance',
      'hvac',
      'boiler',
      'snow removal',
      'grounds',
      'property management',
      'entretien',
      'nettoyage',
      'conciergerie',
      'deneigement',
    ],
    searchWords: ['maintenance', 'janitorial'],
  },
  'Security Services': {
    unspsc: ['9212', '921215', '921216', '4617', '4616', '4615'],
    gsin: ['S206', 'S2', 'R4', 'N63'],
    categories: [],
    keywords: [
      'security guard',
      'guard services',
      'commissionaire',
      'patrol',
      'surveillance',
      'alarm monitoring',
      'access control',
      'security screening',
      'gardiennage',
      'agents de securite',
      'surveillance',
    ],
    searchWords: ['security guard', 'surveillance'],
  },
  Other: { unspsc: [], gsin: [], categories: [], keywords: [], searchWords: [] },
};

/** Lower-case, accents folded, for keyword tests. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

const keywordRes = new Map<string, RegExp>();
/** The keyword as a word-start match ("cyber" matches "cybersecurity", not "hypercyber"). */
export function keywordRe(keyword: string): RegExp {
  let re = keywordRes.get(keyword);
  if (!re) {
    const escaped = fold(keyword)
      .trim()
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\s+/g, '[\\s-]+');
    re = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}`, 'u');
    keywordRes.set(keyword, re);
  }
  return re;
}
