import { existsSync } from 'node:fs';
import { createDb, type DbHandle } from '../apps/server/src/db/connect.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { buildTenderRow, type TenderRowInput } from '../apps/server/test/factories.ts';

/**
 * A large, realistic tender corpus in a SQLite file for the search benchmark: CanadaBuys-like
 * titles, organisations, codes, bilingual descriptions of 300–3,000 characters, with a few
 * very common words (services, canada, requirement…), common domain words and rare ones.
 * Deterministic (seeded). Inserted straight into `tender` so the migration's triggers build
 * the search indexes exactly as ingestion would.
 */

export interface CorpusOptions {
  path: string;
  open: number;
  historical: number;
  seed?: number;
}

class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

interface Domain {
  category: 'CNST' | 'GD' | 'SRV' | 'SRVTGD';
  titles: string[];
  words: string[];
  unspsc: [string, string];
  gsin: [string, string];
}

const DOMAINS: Domain[] = [
  {
    category: 'SRV',
    titles: [
      'IT services',
      'Software development',
      'Application support',
      'Cloud migration services',
      'Cybersecurity assessment',
    ],
    words: [
      'software',
      'agile',
      'developers',
      'cloud',
      'database',
      'java',
      'security',
      'network',
      'application',
      'architecture',
      'kubernetes',
      'microservices',
    ],
    unspsc: ['81111500', 'Software or hardware engineering'],
    gsin: ['D302A', 'Systems Development Services'],
  },
  {
    category: 'SRV',
    titles: ['Management consulting', 'Consulting services', 'Organizational review', 'Program evaluation'],
    words: [
      'consulting',
      'advisory',
      'evaluation',
      'stakeholder',
      'governance',
      'strategy',
      'workshops',
      'benchmarking',
    ],
    unspsc: ['80101500', 'Business and corporate management consultation services'],
    gsin: ['R019BF', 'Management Consulting'],
  },
  {
    category: 'CNST',
    titles: [
      'Bridge rehabilitation',
      'Road resurfacing',
      'Building envelope repairs',
      'Wharf reconstruction',
      'Roof replacement',
    ],
    words: [
      'construction',
      'concrete',
      'asphalt',
      'steel',
      'foundation',
      'excavation',
      'geotechnical',
      'contractor',
      'masonry',
      'scaffolding',
    ],
    unspsc: ['72141000', 'Highway and road construction services'],
    gsin: ['51', 'Construction of structures'],
  },
  {
    category: 'GD',
    titles: [
      'Supply of office furniture',
      'Laptops and accessories',
      'Laboratory equipment',
      'Protective equipment',
      'Vehicle parts',
    ],
    words: [
      'delivery',
      'warranty',
      'furniture',
      'laptops',
      'equipment',
      'spectrometer',
      'gloves',
      'respirators',
      'tires',
      'batteries',
    ],
    unspsc: ['56101500', 'Furniture'],
    gsin: ['N7110', 'Office Furniture'],
  },
  {
    category: 'SRVTGD',
    titles: ['Maintenance of HVAC systems', 'Elevator maintenance', 'Generator servicing', 'Fire alarm inspection'],
    words: ['maintenance', 'hvac', 'elevator', 'generator', 'inspection', 'preventive', 'boilers', 'chillers'],
    unspsc: ['72101500', 'Building support services'],
    gsin: ['J041', 'Maintenance of refrigeration and air conditioning'],
  },
  {
    category: 'SRV',
    titles: [
      'Environmental assessment',
      'Contaminated site remediation',
      'Wildlife survey',
      'Water quality monitoring',
    ],
    words: ['environmental', 'remediation', 'wildlife', 'sampling', 'wetlands', 'hydrology', 'caribou', 'sediment'],
    unspsc: ['77101500', 'Environmental impact assessment'],
    gsin: ['B503A', 'Environmental Studies'],
  },
  {
    category: 'SRV',
    titles: ['Translation services', 'Training services', 'Communications support', 'Event planning'],
    words: [
      'translation',
      'bilingual',
      'training',
      'curriculum',
      'communications',
      'editing',
      'interpretation',
      'facilitation',
    ],
    unspsc: ['82111900', 'Translation services'],
    gsin: ['R007A', 'Translation Services'],
  },
  {
    category: 'SRV',
    titles: ['Aircraft maintenance', 'Marine vessel refit', 'Helicopter support', 'Icebreaker dry-docking'],
    words: ['aircraft', 'vessel', 'helicopter', 'icebreaker', 'hull', 'avionics', 'propulsion', 'sonar'],
    unspsc: ['78181800', 'Aircraft maintenance and repair'],
    gsin: ['J015', 'Aircraft Maintenance'],
  },
  {
    category: 'SRV',
    titles: ['Janitorial services', 'Snow removal', 'Security guard services', 'Grounds maintenance'],
    words: ['janitorial', 'cleaning', 'snow', 'guards', 'landscaping', 'patrol', 'waste', 'recycling'],
    unspsc: ['76111500', 'General building and office cleaning'],
    gsin: ['S201', 'Custodial Janitorial Services'],
  },
  {
    category: 'SRV',
    titles: ['Medical services', 'Mental health support', 'Nursing services', 'Dental care'],
    words: ['medical', 'nursing', 'clinical', 'health', 'dental', 'pharmacy', 'patients', 'telehealth'],
    unspsc: ['85101500', 'Health care centers'],
    gsin: ['Q999', 'Medical Services'],
  },
];

const ORGS = [
  ['Public Services and Procurement Canada', 'Services publics et Approvisionnement Canada'],
  ['Department of National Defence', 'Ministère de la Défense nationale'],
  ['Fisheries and Oceans Canada', 'Pêches et Océans Canada'],
  ['Shared Services Canada', 'Services partagés Canada'],
  ['Transport Canada', 'Transports Canada'],
  ['Environment and Climate Change Canada', 'Environnement et Changement climatique Canada'],
  ['Royal Canadian Mounted Police', 'Gendarmerie royale du Canada'],
  ['Health Canada', 'Santé Canada'],
  ['Parks Canada', 'Parcs Canada'],
  ['Correctional Service of Canada', 'Service correctionnel du Canada'],
  ['Defence Construction Canada', 'Construction de Défense Canada'],
  ['Canadian Coast Guard', 'Garde côtière canadienne'],
] as const;

const REGIONS = [
  'Ontario',
  'Quebec',
  'British Columbia',
  'Alberta',
  'Manitoba',
  'Saskatchewan',
  'Nova Scotia',
  'New Brunswick',
  'Newfoundland and Labrador',
  'Prince Edward Island',
];
const TYPES = [
  'Request for Proposal',
  'Request for Quotation',
  'Request for Standing Offer',
  'Invitation to Qualify',
  'Advance Contract Award Notice',
  'Request for Information',
];
const METHODS = ['Competitive – Open Bidding', 'Competitive – Selective Tendering', 'Non-Competitive'];
const HISTORICAL_STATUSES = ['Closed', 'Closed', 'Awarded', 'Awarded', 'Cancelled'];

// Every notice says some of these: they are the "very common" words of the benchmark.
const BOILERPLATE = [
  'The Government of Canada has a requirement for the services described in this notice.',
  'Canada reserves the right to negotiate with any supplier on any procurement.',
  'Bidders must submit their proposal in accordance with the solicitation documents.',
  'This requirement is subject to the provisions of the Canadian Free Trade Agreement.',
  'The contractor must hold a valid security clearance at the level of reliability.',
  'All enquiries must be submitted in writing to the contracting authority.',
  'The services are to be delivered at the locations identified in the statement of work.',
  'Suppliers should monitor the buyandsell notices for amendments to this requirement.',
  'The evaluation will be based on mandatory criteria, point-rated criteria and price.',
  'The department intends to award one contract for the work described.',
];
const BOILERPLATE_FR = [
  'Le gouvernement du Canada a un besoin pour les services décrits dans cet avis.',
  'Les soumissionnaires doivent présenter leur proposition conformément aux documents.',
  'Ce besoin est assujetti aux dispositions de l’Accord de libre-échange canadien.',
  'L’entrepreneur doit détenir une cote de sécurité valide au niveau de fiabilité.',
  'Les services d’ingénierie seront livrés aux endroits indiqués dans l’énoncé des travaux.',
];
// A long tail of rarer words, so rare queries have a few dozen matches at a million notices.
const RARE = Array.from({ length: 4000 }, (_, i) => `zq${i.toString(36)}${['ar', 'el', 'on', 'ix'][i % 4]}`);

function description(rng: Rng, d: Domain, title: string): string {
  const parts: string[] = [`${title}.`];
  const target = 300 + rng.int(2700);
  let length = parts[0]!.length;
  while (length < target) {
    const s = rng.chance(0.5)
      ? rng.pick(BOILERPLATE)
      : `The work includes ${rng.pick(d.words)}, ${rng.pick(d.words)} and ${rng.pick(d.words)} for the ${rng.pick(d.titles).toLowerCase()} ${rng.chance(0.3) ? rng.pick(RARE) : 'project'}.`;
    parts.push(s);
    length += s.length + 1;
  }
  return parts.join(' ');
}

function buildRow(rng: Rng, i: number, open: boolean, now: Date): TenderRowInput {
  const d = rng.pick(DOMAINS);
  const org = rng.pick(ORGS);
  const region = rng.pick(REGIONS);
  const regions = rng.chance(0.2) ? [region, rng.pick(REGIONS)] : [region];
  const title = `${rng.pick(d.titles)}${rng.chance(0.4) ? ` – ${rng.pick(d.words)}` : ''}${rng.chance(0.05) ? ` ${rng.pick(RARE)}` : ''}`;
  const daysFromNow = open ? 1 + rng.int(60) : -(30 + rng.int(15 * 365));
  const closing = new Date(now.getTime() + daysFromNow * 86_400_000 + rng.int(86_400_000));
  const published = new Date(closing.getTime() - (10 + rng.int(40)) * 86_400_000);
  const type = rng.pick(TYPES);
  return buildTenderRow(
    {
      id: `bench-${i}`,
      reference_number: `cb-bench-${i}`,
      source_reference: `W${1000 + (i % 9000)}-${i}`,
      title,
      title_fr: rng.chance(0.5) ? `${title} (FR)` : null,
      description: description(rng, d, title),
      description_fr: rng.chance(0.4)
        ? Array.from({ length: 2 + rng.int(4) }, () => rng.pick(BOILERPLATE_FR)).join(' ')
        : null,
      status: open ? 'Open' : rng.pick(HISTORICAL_STATUSES),
      procurement_type: type,
      procurement_method: rng.pick(METHODS),
      category_primary: d.category,
      category_codes: `|${d.category}|`,
      gsin: d.gsin[0],
      gsin_description: d.gsin[1],
      unspsc: d.unspsc[0],
      unspsc_description: d.unspsc[1],
      region_keys: `|${[...new Set(regions)].join('|')}|`,
      regions_of_delivery: JSON.stringify(regions),
      contracting_entity_name: org[0],
      contracting_entity_name_fr: org[1],
      published_date: published.toISOString().slice(0, 10),
      closing_date: closing.toISOString(),
      estimated_value: rng.chance(0.35) ? 10_000 * (1 + rng.int(500)) : null,
      content_hash: `h${i}`,
    },
    now,
  );
}

/** Opens the corpus, building it first unless a file with the same sizes exists. */
export async function openCorpus(opts: CorpusOptions, log: (m: string) => void = console.log): Promise<DbHandle> {
  const fresh = !existsSync(opts.path);
  const dbh = createDb(`file:${opts.path}`);
  await migrateToLatest(dbh.db);
  const sqlite = dbh.sqlite!;
  const want = JSON.stringify({ open: opts.open, historical: opts.historical, seed: opts.seed ?? 1 });
  const have = sqlite.prepare(`SELECT value FROM app_meta WHERE key = 'bench_corpus'`).pluck().get();
  if (!fresh && have === want) return dbh;
  if (!fresh && have !== want)
    throw new Error(`${opts.path} holds another corpus (${String(have)}); delete it or use --db`);

  const now = new Date();
  const rng = new Rng(opts.seed ?? 1);
  const sample = buildRow(rng, 0, true, now);
  const columns = Object.keys(sample);
  const insert = sqlite.prepare(
    `INSERT INTO tender (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
  );
  const total = opts.open + opts.historical;
  const started = Date.now();
  sqlite.pragma('cache_size = -262144'); // 256 MB while loading
  // History first, then the open notices: rowid order is ingestion order, as in production.
  for (let from = 0; from < total; from += 10_000) {
    sqlite.transaction(() => {
      for (let i = from; i < Math.min(total, from + 10_000); i++)
        insert.run(buildRow(rng, i, i >= opts.historical, now));
    })();
    if ((from / 10_000) % 10 === 0)
      log(
        `  loaded ${from + 10_000 > total ? total : from + 10_000}/${total} (${Math.round((Date.now() - started) / 1000)} s)`,
      );
  }
  sqlite.prepare(`INSERT INTO tender_fts(tender_fts) VALUES ('optimize')`).run();
  sqlite
    .prepare(`INSERT INTO app_meta (key, value, updated_at) VALUES ('bench_corpus', ?, ?)`)
    .run(want, now.toISOString());
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  log(`  corpus ready: ${total} notices in ${Math.round((Date.now() - started) / 1000)} s`);
  return dbh;
}
