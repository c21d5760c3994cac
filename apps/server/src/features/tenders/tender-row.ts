import type { Selectable } from 'kysely';
import type { Tender } from '@app/shared/tender';
import type { TenderTable } from '../../db/database.ts';

export type TenderRow = Selectable<TenderTable>;

function list(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Status as a user should see it: a notice the source still calls open whose closing time has
 * passed is Closed.
 */
export function effectiveStatus(status: string, closingDate: string | null, now: Date = new Date()): string {
  if ((status === 'Open' || status === 'Active') && closingDate && Date.parse(closingDate) <= now.getTime()) {
    return 'Closed';
  }
  return status;
}

/** Database row → the API's Tender record. Rows never leave the query modules unmapped. */
export function toTender(row: TenderRow, now: Date = new Date()): Tender {
  return {
    id: row.id,
    source: row.source,
    title: row.title,
    title_fr: row.title_fr,
    status: effectiveStatus(row.status, row.closing_date, now),
    procurement_type: row.procurement_type,
    procurement_type_fr: row.procurement_type_fr,
    procurement_method: row.procurement_method,
    procurement_method_fr: row.procurement_method_fr,
    category_primary: row.category_primary,
    gsin: row.gsin,
    gsin_description: row.gsin_description,
    gsin_description_fr: row.gsin_description_fr,
    unspsc: row.unspsc,
    unspsc_description: row.unspsc_description,
    unspsc_description_fr: row.unspsc_description_fr,
    delivery_location: row.delivery_location,
    delivery_location_fr: list(row.regions_of_delivery_fr).join(', ') || null,
    description: row.description,
    description_fr: row.description_fr,
    contracting_entity_name: row.contracting_entity_name,
    contracting_entity_name_fr: row.contracting_entity_name_fr,
    contracting_entity_city: row.contracting_entity_city,
    contracting_entity_province: row.contracting_entity_province,
    contracting_entity_country: row.contracting_entity_country,
    published_date: row.published_date,
    closing_date: row.closing_date,
    contract_start_date: row.contract_start_date,
    contract_end_date: row.contract_end_date,
    source_url: row.source_url,
    source_reference: row.source_reference,
    reference_number: row.reference_number,
    amendment_number: row.amendment_number,
    amendment_date: row.amendment_date,
    contact_name: row.contact_name,
    contact_email: row.contact_email,
    contact_phone: row.contact_phone,
    selection_criteria: row.selection_criteria,
    trade_agreements: list(row.trade_agreements),
    regions_of_opportunity: list(row.regions_of_opportunity),
    regions_of_delivery: list(row.regions_of_delivery),
    attachment_urls: list(row.attachment_urls),
    limited_tendering_reason: row.limited_tendering_reason,
    estimated_value: row.estimated_value,
    updated_at: row.updated_at,
  };
}
