import { createHash } from 'node:crypto';
import type { TenderTable } from '../../db/database.ts';
import { COL, type CanadaBuysRecord } from './canadabuys-columns.ts';
import { extractEstimatedValue } from './money.ts';
import {
  cleanLine,
  cleanText,
  normalizeProvince,
  normalizeStatus,
  parseClosing,
  parseDay,
  regionKeys,
  starList,
  text,
  urlList,
  type Parsed,
} from './normalize.ts';

// CanadaBuys CSV record → tender row, per data/SOURCES.md §2.1. Decisions that §2.1 leaves
// open: id = referenceNumber lower-cased; source_reference = solicitationNumber (what bidders
// quote; not unique); closing_date = UTC instant of the Eastern-time closing.

/** A tender row as the adapter produces it; the ingest sets created_at/updated_at. */
export type TenderDraft = Omit<TenderTable, 'created_at' | 'updated_at'>;
export type MapResult = { ok: true; tender: TenderDraft } | { ok: false; reason: string };

/** A longer cell is a broken file (an unclosed quote swallowing records), not a notice. */
export const MAX_FIELD_LENGTH = 100_000;

const PERMALINK = 'https://canadabuys.canada.ca/en/tender-opportunities/tender-notice/';

export interface MapOptions {
  /** `canadabuys`, or `demo` for the generated set (whose references are not real, so no permalink). */
  source: string;
}

/**
 * `raw` is the row as tender.raw keeps it (csv-reader.ts gives it with each record); without
 * it the record is stored as a JSON object. The reader rejects over-long fields before this.
 */
export function mapCanadaBuysRecord(record: CanadaBuysRecord, opts: MapOptions, raw?: string): MapResult {
  const tooLong = raw === undefined ? longField(record) : undefined;
  if (tooLong) return { ok: false, reason: `${tooLong}: field longer than ${MAX_FIELD_LENGTH} characters` };

  const reference = text(record[COL.reference]);
  if (!reference) return { ok: false, reason: `${COL.reference}: missing reference number` };
  const title = cleanLine(record[COL.titleEn]) ?? cleanLine(record[COL.titleFr]);
  if (!title) return { ok: false, reason: `${COL.titleEn}: missing title (English and French)` };
  const amendment = parseAmendment(record[COL.amendment]);
  if (!amendment.ok) return amendment;
  const dates = parseDates(record);
  if (!dates.ok) return dates;

  const content = {
    id: reference.toLowerCase(),
    source: opts.source,
    reference_number: reference,
    source_reference: text(record[COL.solicitation]),
    amendment_number: amendment.value,
    ...dates.value,
    ...texts(record, title),
    status: normalizeStatus(record[COL.statusEn], record[COL.statusFr]),
    ...classification(record),
    ...regions(record),
    ...entityAndContact(record),
    source_url: text(record[COL.noticeUrlEn]) ?? (opts.source === 'demo' ? null : PERMALINK + reference.toLowerCase()),
    attachment_urls: JSON.stringify(attachments(record)),
  };
  const rawJson = raw ?? JSON.stringify(record);
  const tender: TenderDraft = {
    ...content,
    estimated_value: extractEstimatedValue(content.description, content.description_fr),
    content_hash: contentHash(opts.source, rawJson),
    raw: rawJson,
  };
  return { ok: true, tender };
}

function longField(record: CanadaBuysRecord): string | undefined {
  for (const key in record) {
    if ((record[key as keyof CanadaBuysRecord]?.length ?? 0) > MAX_FIELD_LENGTH) return key;
  }
  return undefined;
}

/** Prefix of content hashes computed as below; older rows have a bare sha256 of their fields. */
export const CONTENT_HASH_VERSION = 'v2:';

/**
 * sha1 of the raw row (and the source): a re-published identical notice hashes the same, and
 * any change to the source row (a new amendment number included) does not. Hashing the raw
 * text already built for storage costs a few µs; the normalised fields would have to be
 * concatenated first. A row stored with an older hash is rewritten once without a version
 * (ingest.queries.ts upsertAction).
 */
export function contentHash(source: string, raw: string): string {
  return CONTENT_HASH_VERSION + createHash('sha1').update(source).update('\u0000').update(raw).digest('hex');
}

function parseAmendment(value: string | undefined): Parsed<number> {
  const v = value?.trim();
  if (!v) return { ok: true, value: 0 };
  if (!/^\d{1,6}$/.test(v)) return { ok: false, reason: `${COL.amendment}: "${v.slice(0, 20)}" is not a number` };
  return { ok: true, value: Number.parseInt(v, 10) };
}

type DateFields = Pick<
  TenderDraft,
  'published_date' | 'closing_date' | 'amendment_date' | 'contract_start_date' | 'contract_end_date'
>;

function parseDates(r: CanadaBuysRecord): Parsed<DateFields> {
  const parsed: Record<keyof DateFields, Parsed<string | null>> = {
    published_date: parseDay(r[COL.published], COL.published),
    closing_date: parseClosing(r[COL.closing], COL.closing),
    amendment_date: parseDay(r[COL.amendmentDate], COL.amendmentDate),
    contract_start_date: parseDay(r[COL.contractStart], COL.contractStart),
    contract_end_date: parseDay(r[COL.contractEnd], COL.contractEnd),
  };
  const value = {} as DateFields;
  for (const key of Object.keys(parsed) as Array<keyof DateFields>) {
    const p = parsed[key];
    if (!p.ok) return p;
    value[key] = p.value;
  }
  return { ok: true, value };
}

function texts(r: CanadaBuysRecord, title: string) {
  const descriptionEn = cleanText(r[COL.descriptionEn]);
  const descriptionFr = cleanText(r[COL.descriptionFr]);
  return {
    title,
    title_fr: cleanLine(r[COL.titleFr]),
    description: descriptionEn ?? descriptionFr,
    description_fr: descriptionFr,
    procurement_type: text(r[COL.noticeTypeEn]),
    procurement_type_fr: text(r[COL.noticeTypeFr]),
    procurement_method: text(r[COL.methodEn]),
    procurement_method_fr: text(r[COL.methodFr]),
    selection_criteria: text(r[COL.selectionEn]),
    selection_criteria_fr: text(r[COL.selectionFr]),
    limited_tendering_reason: cleanText(r[COL.limitedReasonEn]) ?? cleanText(r[COL.limitedReasonFr]),
  };
}

const joined = (items: string[], sep: string) => (items.length ? items.join(sep) : null);

function classification(r: CanadaBuysRecord) {
  const categories = starList(r[COL.category]).map((c) => c.toUpperCase());
  return {
    category_primary: joined(categories, '*'),
    category_codes: categories.length ? `|${categories.join('|')}|` : '',
    gsin: joined(starList(r[COL.gsin]), ', '),
    gsin_description: joined(starList(r[COL.gsinDescEn]), '; '),
    gsin_description_fr: joined(starList(r[COL.gsinDescFr]), '; '),
    unspsc: joined(starList(r[COL.unspsc]), ', '),
    unspsc_description: joined(starList(r[COL.unspscDescEn]), '; '),
    unspsc_description_fr: joined(starList(r[COL.unspscDescFr]), '; '),
    trade_agreements: JSON.stringify(starList(r[COL.tradeEn])),
    trade_agreements_fr: JSON.stringify(starList(r[COL.tradeFr])),
  };
}

function regions(r: CanadaBuysRecord) {
  const delivery = starList(r[COL.deliveryEn]);
  return {
    delivery_location: joined(delivery, ', '),
    regions_of_delivery: JSON.stringify(delivery),
    regions_of_delivery_fr: JSON.stringify(starList(r[COL.deliveryFr])),
    regions_of_opportunity: JSON.stringify(starList(r[COL.opportunityEn])),
    regions_of_opportunity_fr: JSON.stringify(starList(r[COL.opportunityFr])),
    region_keys: regionKeys(r[COL.entityProvinceEn] ?? null, delivery),
  };
}

/** Address parts joined with ", ", empties skipped. */
function address(...parts: Array<string | undefined>): string | null {
  return joined(
    parts.map((p) => text(p)).filter((p): p is string => p !== null),
    ', ',
  );
}

function entityAndContact(r: CanadaBuysRecord) {
  const fax = text(r[COL.contactFax]);
  return {
    contracting_entity_name: cleanLine(r[COL.entityNameEn]),
    contracting_entity_name_fr: cleanLine(r[COL.entityNameFr]),
    contracting_entity_address: text(r[COL.entityAddressEn]),
    contracting_entity_city: text(r[COL.entityCityEn]),
    contracting_entity_province: normalizeProvince(r[COL.entityProvinceEn]),
    contracting_entity_postal_code: text(r[COL.entityPostalCode]),
    contracting_entity_country: text(r[COL.entityCountryEn]),
    end_user_entity: address(r[COL.endUserNameEn], r[COL.endUserAddressEn]),
    contact_name: cleanLine(r[COL.contactName]),
    contact_email: text(r[COL.contactEmail]),
    contact_phone: text(r[COL.contactPhone]),
    // The feed writes "N/A" when there is no fax.
    contact_fax: fax && !/^n\/?a$/i.test(fax) ? fax : null,
    contact_address: address(
      r[COL.contactAddressEn],
      r[COL.contactCityEn],
      r[COL.contactProvinceEn],
      r[COL.contactPostalCode],
      r[COL.contactCountryEn],
    ),
  };
}

/** English attachments; the French list only when the English one is empty (they are translations). */
function attachments(r: CanadaBuysRecord): string[] {
  const en = urlList(r[COL.attachmentsEn]);
  return en.length ? en : urlList(r[COL.attachmentsFr]);
}
