import type { Insertable } from 'kysely';
import type { Db, TenderTable } from '../src/db/database.ts';

export type TenderRowInput = Insertable<TenderTable>;

let sequence = 0;
const DAY_MS = 86_400_000;

/**
 * A complete, valid tender row: an open Services notice from Public Services and Procurement
 * Canada in Ontario, closing in 30 days. Overrides win; `id` and `reference_number` are unique.
 */
export function buildTenderRow(overrides: Partial<TenderRowInput> = {}, now: Date = new Date()): TenderRowInput {
  sequence += 1;
  const n = String(sequence).padStart(6, '0');
  const stamp = now.toISOString();
  return {
    id: `test-${n}`,
    source: 'demo',
    reference_number: `cb-test-${n}`,
    source_reference: `W0000-${n}/A`,
    amendment_number: 0,
    amendment_date: null,
    title: `Generic supply notice ${n}`,
    title_fr: null,
    description: 'The department has a requirement described in the attached solicitation documents.',
    description_fr: null,
    status: 'Open',
    procurement_type: 'Request for Proposal',
    procurement_type_fr: 'Demande de propositions',
    procurement_method: 'Competitive – Open Bidding',
    procurement_method_fr: 'Concurrentiel – Appel d’offres ouvert',
    category_primary: 'SRV',
    category_codes: '|SRV|',
    gsin: null,
    gsin_description: null,
    gsin_description_fr: null,
    unspsc: null,
    unspsc_description: null,
    unspsc_description_fr: null,
    delivery_location: 'Ontario',
    regions_of_delivery: JSON.stringify(['Ontario']),
    regions_of_delivery_fr: JSON.stringify(['Ontario']),
    regions_of_opportunity: JSON.stringify(['Canada']),
    regions_of_opportunity_fr: JSON.stringify(['Canada']),
    region_keys: '|Ontario|',
    selection_criteria: null,
    selection_criteria_fr: null,
    limited_tendering_reason: null,
    trade_agreements: '[]',
    trade_agreements_fr: '[]',
    contracting_entity_name: 'Public Services and Procurement Canada',
    contracting_entity_name_fr: 'Services publics et Approvisionnement Canada',
    contracting_entity_address: '11 Laurier Street',
    contracting_entity_city: 'Gatineau',
    contracting_entity_province: 'Quebec',
    contracting_entity_postal_code: 'K1A 0S5',
    contracting_entity_country: 'Canada',
    end_user_entity: null,
    contact_name: 'Jane Buyer',
    contact_email: 'jane.buyer@example.gc.ca',
    contact_phone: '613-555-0100',
    contact_fax: null,
    contact_address: null,
    published_date: new Date(now.getTime() - 5 * DAY_MS).toISOString().slice(0, 10),
    closing_date: new Date(now.getTime() + 30 * DAY_MS).toISOString(),
    contract_start_date: null,
    contract_end_date: null,
    source_url: `https://canadabuys.canada.ca/en/tender-opportunities/tender-notice/cb-test-${n}`,
    attachment_urls: '[]',
    estimated_value: null,
    content_hash: `hash-${n}`,
    raw: '{}',
    created_at: stamp,
    updated_at: stamp,
    ...overrides,
  };
}

/** Inserts rows in one statement per chunk (SQLite caps bound parameters per statement). */
export async function insertTenders(db: Db, rows: TenderRowInput[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 100) {
    await db
      .insertInto('tender')
      .values(rows.slice(i, i + 100))
      .execute();
  }
}
