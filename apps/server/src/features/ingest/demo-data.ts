import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CANADABUYS_COLUMNS, COL, type CanadaBuysColumn } from './canadabuys-columns.ts';
import {
  BOILERPLATE,
  CURRENT_STATUSES,
  DEPARTMENTS,
  DOMAINS,
  FIRST_NAMES,
  HISTORICAL_STATUSES,
  LAST_NAMES,
  LIMITED_TENDERING_REASONS,
  MANDATORY,
  METHODS,
  NCR,
  NO_TRADE_AGREEMENT,
  NOTICE_TYPES,
  OPPORTUNITY_REGIONS,
  PROVINCE_INFO,
  SELECTION_CRITERIA,
  STREETS,
  TRADE_AGREEMENTS,
  type City,
  type Department,
  type Domain,
  type Pair,
  type ProvinceInfo,
} from './demo-vocabulary.ts';

// A deterministic generator of CanadaBuys-format notices: same options, same bytes. It writes
// the real file format (67-column header, every field quoted, CRLF records, `*` lists joined
// with LF, a BOM) so the demo set goes through the same adapter as the official files. Rows
// are produced and streamed in small chunks, so a million-row corpus never sits in memory.

export const DEMO_SEED = 20_241_209;
export const DEMO_COUNT = 2_400;

export interface DemoOptions {
  /** Number of notices. */
  count: number;
  seed: number;
  /** Reference instant: open notices close after it, historical ones years before it. */
  now: Date;
  /** Share of notices that are historical (closed long ago), 0 to 1. Default 0. */
  historicalRatio?: number;
}

/** mulberry32: small, fast and good enough for test data; never Math.random. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  range(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
  weighted<T>(items: readonly T[], weight: (item: T) => number): T {
    const total = items.reduce((s, x) => s + weight(x), 0);
    let r = this.next() * total;
    for (const item of items) {
      r -= weight(item);
      if (r < 0) return item;
    }
    return items[items.length - 1] as T;
  }
  /** `k` distinct items, in list order. */
  sample<T>(items: readonly T[], k: number): T[] {
    const chosen = new Set<number>();
    while (chosen.size < Math.min(k, items.length)) chosen.add(this.int(items.length));
    return [...chosen].sort((a, b) => a - b).map((i) => items[i] as T);
  }
}

/**
 * The first rows walk through every list in turn, so even a small set covers every province,
 * category, notice type, method and status; after that, weighted random picks.
 */
function covering<T>(rng: Rng, i: number, items: readonly T[], weight?: (item: T) => number): T {
  if (i < items.length) return items[i] as T;
  return weight ? rng.weighted(items, weight) : rng.pick(items);
}

const DAY_MS = 86_400_000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface Notice {
  values: Partial<Record<CanadaBuysColumn, string>>;
}

interface Place {
  province: ProvinceInfo;
  city: City;
  department: Department;
}

function place(rng: Rng, i: number): Place {
  const province = covering(rng, i, PROVINCE_INFO, (p) => p.weight);
  // Ottawa–Gatineau hosts most headquarters, as in the real feed.
  const city =
    province.name === 'Ontario' || province.name === 'Quebec'
      ? rng.chance(0.5)
        ? (province.cities[0] as City)
        : rng.pick(province.cities)
      : rng.pick(province.cities);
  return { province, city, department: rng.pick(DEPARTMENTS) };
}

/** The province as written in the file: mostly the name, sometimes `ON` or `Ontario ` (real data is that messy). */
function provinceText(rng: Rng, p: ProvinceInfo): Pair {
  const r = rng.next();
  if (r < 0.15) return [p.abbr, p.abbr];
  if (r < 0.2) return [`${p.name} `, `${p.fr} `];
  return [p.name, p.fr];
}

interface Timing {
  historical: boolean;
  status: readonly [string, string, number];
  published: number;
  closing: number;
}

function timing(rng: Rng, i: number, historical: boolean, now: number): Timing {
  const status = historical
    ? rng.weighted(HISTORICAL_STATUSES, (s) => s[2])
    : covering(rng, i, CURRENT_STATUSES, (s) => s[2]);
  const day = Math.floor(now / DAY_MS) * DAY_MS;
  let published: number;
  if (historical) published = day - rng.range(60, 3650) * DAY_MS;
  else if (status[0] === 'Open') published = day - rng.range(0, 30) * DAY_MS;
  else published = day - rng.range(20, 90) * DAY_MS;
  let closing = published + rng.range(14, 45) * DAY_MS;
  // A few open notices have passed their closing date: they read as Closed (effective status).
  if (status[0] === 'Open' && !historical)
    closing = rng.chance(0.08) ? day - rng.range(1, 10) * DAY_MS : Math.max(closing, day + rng.range(2, 40) * DAY_MS);
  if (status[0] !== 'Open' && closing > day) closing = day - rng.range(1, 15) * DAY_MS;
  return { historical, status, published, closing };
}

function closingText(rng: Rng, closing: number): string {
  const hour = rng.chance(0.75) ? 14 : rng.pick([10, 11, 13, 15, 16]);
  return `${isoDay(closing)}T${pad(hour)}:00:00`;
}

function money(rng: Rng): number {
  const magnitude = rng.pick([10_000, 25_000, 50_000, 100_000, 250_000, 500_000, 1_000_000, 2_500_000, 10_000_000]);
  return Math.round((magnitude * (0.5 + rng.next() * 1.5)) / 1000) * 1000;
}

const enMoney = (n: number) => `$${n.toLocaleString('en-CA')}.00`;
const frMoney = (n: number) => `${n.toLocaleString('fr-CA').replace(/\u202f|\u00a0/g, ' ')},00 $`;

function valueSentence(rng: Rng): Pair {
  const n = money(rng);
  switch (rng.int(4)) {
    case 0:
      return [
        `The estimated value of this requirement is ${enMoney(n)} (applicable taxes included).`,
        `La valeur estimative de ce besoin est de ${frMoney(n)} (taxes applicables incluses).`,
      ];
    case 1:
      return [
        `The total contract value shall not exceed ${enMoney(n)}, including all options.`,
        `La valeur totale du contrat ne doit pas dépasser ${frMoney(n)}, options comprises.`,
      ];
    case 2:
      return [
        `The budget for this requirement is $${Math.round(n / 1000)}K.`,
        `Le budget de ce besoin est de ${frMoney(n)}.`,
      ];
    default: {
      const m = Math.max(1, Math.round(n / 100_000) / 10);
      return [
        `The maximum budget available is $${m} million.`,
        `Le budget maximal disponible est de ${String(m).replace('.', ',')} million $.`,
      ];
    }
  }
}

interface Story {
  domain: Domain;
  item: Pair;
  place: Place;
  timing: Timing;
  contractStart: number;
  contractEnd: number;
}

/** Bilingual description: intro, scope, period, maybe value and mandatory terms, then boilerplate up to a target length. */
function describe(rng: Rng, s: Story): Pair {
  const target = 300 + Math.floor(2700 * rng.next() ** 1.8);
  const [dept, deptFr] = s.place.department.name;
  const [cityEn, cityFr] = s.place.city.name;
  const en: string[] = [
    rng.pick(['NOTICE OF PROPOSED PROCUREMENT (NPP)', 'Requirement', 'Description of the requirement:']),
  ];
  const fr: string[] = [
    en[0] === 'Requirement'
      ? 'Besoin'
      : en[0] === 'Description of the requirement:'
        ? 'Description du besoin :'
        : 'AVIS DE PROJET DE MARCHÉ (APM)',
  ];
  en.push(`${dept} has a requirement for ${s.item[0].toLowerCase()} in ${cityEn}, ${s.place.province.name}.`);
  fr.push(`${deptFr} a un besoin visant ${s.item[1].toLowerCase()} à ${cityFr} (${s.place.province.fr}).`);
  const scope = rng.sample(s.domain.scope, rng.range(2, s.domain.scope.length));
  en.push(`The work includes:\n${scope.map((x) => `- ${x[0]};`).join('\n')}`);
  fr.push(`Les travaux comprennent :\n${scope.map((x) => `- ${x[1]};`).join('\n')}`);
  en.push(
    `The period of the contract is from ${isoDay(s.contractStart)} to ${isoDay(s.contractEnd)}, with the option to extend it for up to two additional one-year periods.`,
  );
  fr.push(
    `La période du contrat s'étend du ${isoDay(s.contractStart)} au ${isoDay(s.contractEnd)}, avec l'option de la prolonger d'au plus deux périodes supplémentaires d'un an.`,
  );
  if (rng.chance(0.35)) push2(en, fr, valueSentence(rng));
  if (rng.chance(0.45)) for (const m of rng.sample(MANDATORY, rng.range(1, 3))) push2(en, fr, m);
  fill(rng, en, fr, target);
  return [en.join('\r\n\r\n'), fr.join('\r\n\r\n')];
}

function push2(en: string[], fr: string[], pair: Pair): void {
  en.push(pair[0]);
  fr.push(pair[1]);
}

/** Adds boilerplate paragraphs until the English text reaches `target` characters (capped at 3,000). */
function fill(rng: Rng, en: string[], fr: string[], target: number): void {
  let length = en.reduce((n, p) => n + p.length + 4, 0);
  const start = rng.int(BOILERPLATE.length);
  for (let k = 0; k < BOILERPLATE.length && length < target; k++) {
    const p = BOILERPLATE[(start + k) % BOILERPLATE.length] as Pair;
    if (length + p[0].length > 3000) break;
    push2(en, fr, p);
    length += p[0].length + 4;
  }
}

const star = (items: readonly string[]) => items.map((x) => `*${x}`).join('\n');

function deliveryRegions(rng: Rng, p: Place): Pair[] {
  const { province, city } = p;
  if (city.name[0] === 'Ottawa' || city.name[0] === 'Gatineau')
    return rng.chance(0.2) ? [NCR, ['Canada', 'Canada']] : [NCR];
  const own: Pair =
    province.name === 'Ontario'
      ? ['Ontario (except NCR)', 'Ontario (sauf RCN)']
      : province.name === 'Quebec'
        ? ['Quebec (except NCR)', 'Québec (sauf RCN)']
        : [province.name, province.fr];
  if (rng.chance(0.1)) return [['Canada', 'Canada']];
  return rng.chance(0.15) ? [own, city.name] : [own];
}

function tradeAgreements(rng: Rng): Pair[] {
  if (rng.chance(0.12)) return [NO_TRADE_AGREEMENT];
  return [TRADE_AGREEMENTS[0] as Pair, ...rng.sample(TRADE_AGREEMENTS.slice(1), rng.range(0, 5))];
}

function solicitationNumber(rng: Rng, year: number): string {
  const yy = pad(year % 100);
  switch (rng.int(4)) {
    case 0:
      return `W${rng.range(1000, 9999)}-${yy}${rng.range(1000, 9999)}`;
    case 1:
      return `EN578-${yy}${rng.range(1000, 9999)}/${pad(rng.range(1, 99))}`;
    case 2:
      return `${rng.range(1000000000, 9999999999)}`;
    default:
      return `M${rng.range(1000, 9999)}-${year % 10}-${rng.range(1000, 9999)}/A`;
  }
}

function methodFor(rng: Rng, i: number, noticeType: string): Pair {
  if (noticeType === 'Advance Contract Award Notice') return METHODS.acan;
  if (i < 2) return i === 0 ? METHODS.open : METHODS.selective;
  return rng.chance(0.7) ? METHODS.open : METHODS.selective;
}

function contact(rng: Rng, p: Place): { name: string; email: string; phone: string } {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const ascii = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z]/g, '');
  return {
    name: `${first} ${last}`,
    email: `${ascii(first)}.${ascii(last)}@${p.department.domain}`,
    phone: `(${p.city.area}) 555-01${pad(rng.int(100))}`,
  };
}

/** Reference numbers are distinct by construction: i ↦ i·48271 + offset is a bijection mod 10⁸. */
function referenceNumber(rng: Rng, i: number, seed: number): string {
  const serial = (((i * 48271) % 1e8) + (seed % 1e8)) % 1e8;
  return `cb-${rng.range(100, 999)}-${pad(serial, 8)}`;
}

function notice(rng: Rng, i: number, seed: number, historical: boolean, now: number): Notice {
  const domain = covering(rng, i, DOMAINS);
  const item = rng.pick(domain.items);
  const where = place(rng, i);
  const when = timing(rng, i, historical, now);
  const contractStart = when.closing + rng.range(14, 60) * DAY_MS;
  const story: Story = {
    domain,
    item,
    place: where,
    timing: when,
    contractStart,
    contractEnd: contractStart + rng.range(90, 1095) * DAY_MS,
  };
  const [descEn, descFr] = describe(rng, story);
  const noticeType = covering(rng, i, NOTICE_TYPES, (t) => t[2]);
  const method = methodFor(rng, i, noticeType[0]);
  const unspsc = rng.sample(domain.unspsc, rng.range(1, Math.min(3, domain.unspsc.length)));
  const gsin = domain.gsin && rng.chance(0.1) ? [domain.gsin] : [];
  const delivery = deliveryRegions(rng, where);
  const opportunity = rng.chance(0.85) ? [rng.pick(OPPORTUNITY_REGIONS)] : [];
  const trade = tradeAgreements(rng);
  const amendment = rng.chance(0.2) ? rng.range(1, 3) : 0;
  const amendedAt = amendment ? Math.min(when.closing - DAY_MS, when.published + rng.range(1, 10) * DAY_MS) : 0;
  const person = contact(rng, where);
  const [provEn, provFr] = provinceText(rng, where.province);
  const street = `${rng.range(1, 2500)} ${rng.pick(STREETS)}`;
  const hq = where.city.name[0] === 'Ottawa' || where.city.name[0] === 'Gatineau';
  const address: Pair = hq ? where.department.address : [street, street];
  const postal = `${where.city.postal} ${rng.int(10)}${String.fromCharCode(65 + rng.int(26))}${rng.int(10)}`;
  const withContract = rng.chance(0.7);
  const selection = covering(rng, i, SELECTION_CRITERIA);
  const limited = method === METHODS.acan ? rng.pick(LIMITED_TENDERING_REASONS) : (['', ''] as Pair);
  const title: Pair = [`${item[0]} – ${where.city.name[0]}`, `${item[1]} – ${where.city.name[1]}`];

  return {
    values: {
      [COL.titleEn]: title[0],
      [COL.titleFr]: title[1],
      [COL.reference]: referenceNumber(rng, i, seed),
      [COL.amendment]: pad(amendment, 3),
      [COL.solicitation]: solicitationNumber(rng, new Date(when.published).getUTCFullYear()),
      [COL.published]: isoDay(when.published),
      [COL.closing]: closingText(rng, when.closing),
      [COL.amendmentDate]: amendment ? isoDay(Math.max(amendedAt, when.published)) : '',
      [COL.contractStart]: withContract ? isoDay(story.contractStart) : '',
      [COL.contractEnd]: withContract ? isoDay(story.contractEnd) : '',
      [COL.statusEn]: when.status[0],
      [COL.statusFr]: when.status[1],
      [COL.gsin]: star(gsin.map((g) => g[0])),
      [COL.gsinDescEn]: star(gsin.map((g) => g[1])),
      [COL.gsinDescFr]: star(gsin.map((g) => g[2])),
      [COL.unspsc]: star(unspsc.map((u) => u[0])),
      [COL.unspscDescEn]: star(unspsc.map((u) => u[1])),
      [COL.unspscDescFr]: star(unspsc.map((u) => u[2])),
      [COL.category]: star(domain.categories),
      [COL.noticeTypeEn]: noticeType[0],
      [COL.noticeTypeFr]: noticeType[1],
      [COL.methodEn]: method[0],
      [COL.methodFr]: method[1],
      [COL.selectionEn]: selection[0],
      [COL.selectionFr]: selection[1],
      [COL.limitedReasonEn]: limited[0],
      [COL.limitedReasonFr]: limited[1],
      [COL.tradeEn]: star(trade.map((t) => t[0])),
      [COL.tradeFr]: star(trade.map((t) => t[1])),
      [COL.opportunityEn]: star(opportunity.map((o) => o[0])),
      [COL.opportunityFr]: star(opportunity.map((o) => o[1])),
      [COL.deliveryEn]: star(delivery.map((d) => d[0])),
      [COL.deliveryFr]: star(delivery.map((d) => d[1])),
      [COL.entityNameEn]: where.department.name[0],
      [COL.entityAddressEn]: address[0],
      [COL.entityCityEn]: where.city.name[0],
      [COL.entityProvinceEn]: provEn,
      [COL.entityPostalCode]: postal,
      [COL.entityCountryEn]: 'Canada',
      [COL.entityNameFr]: where.department.name[1],
      'contractingEntityAddressLine-ligneAdresseEntiteContractante-fra': address[1],
      'contractingEntityAddressCity-entiteContractanteAdresseVille-fra': where.city.name[1],
      'contractingEntityAddressProvince-entiteContractanteAdresseProvince-fra': provFr,
      'contractingEntityAddressCountry-entiteContractanteAdressePays-fra': 'Canada',
      [COL.contactName]: person.name,
      [COL.contactEmail]: person.email,
      [COL.contactPhone]: person.phone,
      [COL.contactAddressEn]: address[0],
      [COL.contactCityEn]: where.city.name[0],
      [COL.contactProvinceEn]: where.province.name,
      [COL.contactPostalCode]: postal,
      [COL.contactCountryEn]: 'Canada',
      [COL.descriptionEn]: descEn,
      [COL.descriptionFr]: descFr,
    },
  };
}

const quote = (v: string) => `"${v.includes('"') ? v.replace(/"/g, '""') : v}"`;

function csvLine(values: Partial<Record<CanadaBuysColumn, string>>): string {
  return CANADABUYS_COLUMNS.map((c) => quote(values[c] ?? '')).join(',') + '\r\n';
}

/** Whether row i is historical: spreads exactly round(count·ratio) historical rows evenly. */
function isHistorical(i: number, ratio: number): boolean {
  return Math.floor((i + 1) * ratio) > Math.floor(i * ratio);
}

function* chunks(opts: DemoOptions): Generator<string> {
  const rng = new Rng(opts.seed);
  const ratio = Math.min(1, Math.max(0, opts.historicalRatio ?? 0));
  const now = opts.now.getTime();
  let buffer = '\uFEFF' + CANADABUYS_COLUMNS.map(quote).join(',') + '\r\n';
  for (let i = 0; i < opts.count; i++) {
    buffer += csvLine(notice(rng, i, opts.seed, isHistorical(i, ratio), now).values);
    if (buffer.length > 256 * 1024) {
      yield buffer;
      buffer = '';
    }
  }
  yield buffer;
}

/** The demo CSV as a byte stream, generated as it is read. */
export function generateDemoCsv(opts: DemoOptions): Readable {
  return Readable.from(chunks(opts), { objectMode: false });
}

/** Writes the demo CSV to a file (benchmark corpora: `npm run ingest -- --generate`). */
export async function writeDemoCsv(path: string, opts: DemoOptions): Promise<void> {
  await pipeline(generateDemoCsv(opts), createWriteStream(path));
}
