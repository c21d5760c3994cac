import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { createTestDb } from '../../../test/build-test-app.ts';
import type { DbHandle } from '../../db/connect.ts';
import { runIngest } from './ingest.ts';
import { CANADABUYS_COLUMNS } from './canadabuys-columns.ts';

// The real CanadaBuys file of 2024-12-09 (data/SOURCES.md §1), read from the shared data
// folder beside the repository. The values asserted below were read from that file.
const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
const dataDir = join(repoRoot, '..', 'shared', 'data', 'canadabuys');
const realFile = join(dataDir, 'newTenderNotice_2024-12-09_20rows.csv');
const partialFile = join(dataDir, 'tendersentry_fixture_3rows_28cols.csv');
const present = existsSync(realFile);

async function tender(dbh: DbHandle, id: string) {
  return dbh.db.selectFrom('tender').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

const list = (json: string): unknown => JSON.parse(json);

describe('CanadaBuys conformance (real 20-row file)', () => {
  test('maps the real rows field by field', async () => {
    if (!present) return console.info('shared data absent: conformance test not run');
    const dbh = await createTestDb();
    const run = await runIngest(dbh, { source: 'canadabuys', input: realFile });
    expect(run).toMatchObject({ status: 'succeeded', rows_read: 20, rows_inserted: 20, rows_rejected: 0, error: null });

    const statcan = await tender(dbh, 'cb-449-47582539');
    expect(statcan).toMatchObject({
      source: 'canadabuys',
      reference_number: 'cb-449-47582539',
      source_reference: 'J079625',
      amendment_number: 0,
      title: 'Work Surface Products',
      title_fr: 'Produits pour les Surfaces de Travail',
      status: 'Open',
      published_date: '2024-12-09',
      closing_date: '2024-12-27T19:00:00.000Z',
      contract_start_date: '2025-01-03',
      contract_end_date: '2025-03-31',
      category_primary: 'GD',
      category_codes: '|GD|',
      unspsc: '56101700',
      unspsc_description: 'Office furniture',
      unspsc_description_fr: 'Mobilier de bureau',
      procurement_type: 'Request for Proposal',
      procurement_method: 'Competitive - Open bidding',
      selection_criteria: 'Lowest Price',
      delivery_location: 'National Capital Region (NCR)',
      region_keys: '|Ontario|Quebec|',
      contracting_entity_name: 'Statistics Canada',
      contracting_entity_name_fr: 'Statistique Canada',
      contracting_entity_city: 'Ottawa',
      contracting_entity_province: 'Ontario',
      contracting_entity_postal_code: 'K1A 0T6',
      contracting_entity_country: 'Canada',
      contact_name: 'Abbas Khokhar',
      contact_email: 'abbas.khokhar@achatscanadabuys.ca',
      contact_phone: '(343) 548-1422',
      source_url: 'https://canadabuys.canada.ca/en/tender-opportunities/tender-notice/cb-449-47582539',
      estimated_value: null,
    });
    expect(list(statcan.attachment_urls)).toEqual([
      'https://canadabuys.canada.ca/sites/default/files/webform/tender_notice/53920/j079625---rfp.pdf',
    ]);
    expect(list(statcan.trade_agreements)).toEqual(['None']);
    expect(list(statcan.regions_of_opportunity)).toEqual(['World']);
    expect(list(statcan.regions_of_delivery_fr)).toEqual(['Région de la capitale nationale (RCN)']);
    expect(statcan.description).toMatch(
      /^Notice of Proposed Procurement \(NPP\)\n\n1\. This NPP is issued pursuant to PWGSC/,
    );
    expect(statcan.description).not.toContain('\r');
    expect(statcan.description_fr).toMatch(/^Modèle d’Avis de projet de marché \(APM\)/);
    // The raw row: the file's 67 values in the official column order (canadabuys-columns.ts).
    const raw = JSON.parse(statcan.raw) as string[];
    expect(raw).toHaveLength(CANADABUYS_COLUMNS.length);
    expect(raw[CANADABUYS_COLUMNS.indexOf('referenceNumber-numeroReference')]).toBe('cb-449-47582539');
    expect(raw[CANADABUYS_COLUMNS.indexOf('title-titre-eng')]).toBe('Work Surface Products');
    expect(statcan.content_hash).toMatch(/^v2:[0-9a-f]{40}$/);

    // "Ontario " (trailing space) and "Department of National Defence " are trimmed.
    expect(await tender(dbh, 'cb-222-7027272')).toMatchObject({
      contracting_entity_name: 'Department of National Defence',
      contracting_entity_province: 'Ontario',
      contact_name: 'Brooke Monette',
      closing_date: '2025-01-10T19:00:00.000Z',
      unspsc_description: 'Security surveillance and detection',
    });

    // RCMP in Surrey: `BC` normalised, 17:00 Eastern closing, national delivery.
    const rcmp = await tender(dbh, 'cb-365-13402618');
    expect(rcmp).toMatchObject({
      source_reference: 'M8026-4-3337/A',
      title: 'BALLISTIC BLANKET',
      procurement_type: 'Request for Standing Offer',
      contracting_entity_name: 'RCMP',
      contracting_entity_city: 'Surrey',
      contracting_entity_province: 'British Columbia',
      closing_date: '2025-01-07T22:00:00.000Z',
      delivery_location: 'Canada',
      region_keys: '|British Columbia|',
    });
    expect(list(rcmp.regions_of_opportunity)).toEqual(['Unspecified']);

    // `ON`, and a seven-agreement list.
    const irb = await tender(dbh, 'cb-303-96479125');
    expect(irb.contracting_entity_province).toBe('Ontario');
    expect(irb.delivery_location).toBe('National Capital Region (NCR), Canada');
    expect(list(irb.trade_agreements)).toHaveLength(7);
    expect(list(irb.trade_agreements)).toContain('Canadian Free Trade Agreement (CFTA)');

    // Three UNSPSC codes with parallel descriptions.
    expect(await tender(dbh, 'cb-513-65099601')).toMatchObject({
      unspsc: '84131608, 85101700, 85121700',
      unspsc_description:
        'Medical Claims Review and Management; Health administration services; Healthcare provider specialist services',
      contracting_entity_city: 'Gatineau',
      contracting_entity_province: 'Quebec',
      contact_phone: null,
    });

    // Amendment 001, two comma-separated attachments, delivery in PEI and Cornwall.
    const furniture = await tender(dbh, 'cb-581-38805967');
    expect(furniture).toMatchObject({
      title: 'Furniture Requirement for RCMP – CAT 3',
      amendment_number: 1,
      amendment_date: '2024-12-09',
      source_reference: '202500248/A',
      delivery_location: 'Prince Edward Island, Cornwall',
      region_keys: '|Ontario|Prince Edward Island|',
    });
    expect(list(furniture.attachment_urls)).toEqual([
      'https://canadabuys.canada.ca/sites/default/files/webform/tender_notice/53907/202500248a---rfp---final-en.pdf',
      'https://canadabuys.canada.ca/sites/default/files/webform/tender_notice/53907/202500248---cat_3_-_enfr_nov2024.xlsx',
    ]);

    // The one SRVTGD row, and the `N/A` fax.
    expect((await tender(dbh, 'cb-742-63879795')).category_codes).toBe('|SRVTGD|');
    expect((await tender(dbh, 'cb-911-57282544')).contact_fax).toBeNull();
  });

  test('the same file twice changes nothing; an amendment updates and keeps the earlier version', async () => {
    if (!present) return console.info('shared data absent: conformance test not run');
    const dbh = await createTestDb();
    await runIngest(dbh, { source: 'canadabuys', input: realFile });
    const before = await tender(dbh, 'cb-449-47582539');

    const again = await runIngest(dbh, { source: 'canadabuys', input: realFile });
    expect(again).toMatchObject({ status: 'succeeded', rows_inserted: 0, rows_updated: 0, rows_unchanged: 20 });

    const original = readFileSync(realFile, 'utf8');
    const amended = original
      .replace('"cb-449-47582539","000"', '"cb-449-47582539","001"')
      .replace('Notice of Proposed Procurement (NPP) \r\n', 'AMENDED: Notice of Proposed Procurement (NPP) \r\n');
    expect(amended).not.toBe(original);
    const amendedFile = join(mkdtempSync(join(tmpdir(), 'breeze-amend-')), 'amended.csv');
    writeFileSync(amendedFile, amended);

    const update = await runIngest(dbh, { source: 'canadabuys', input: amendedFile });
    expect(update).toMatchObject({ rows_inserted: 0, rows_updated: 1, rows_unchanged: 19 });
    const after = await tender(dbh, 'cb-449-47582539');
    expect(after.amendment_number).toBe(1);
    expect(after.description).toMatch(/^AMENDED: Notice/);
    expect(after.created_at).toBe(before.created_at);

    const versions = await dbh.db.selectFrom('tender_version').selectAll().execute();
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({
      tender_id: 'cb-449-47582539',
      amendment_number: 0,
      content_hash: before.content_hash,
    });
    expect(JSON.parse(versions[0]?.snapshot ?? '{}')).toMatchObject({
      description: before.description,
      amendment_number: 0,
    });

    // The older file again: amendment 000 never replaces 001.
    const back = await runIngest(dbh, { source: 'canadabuys', input: realFile });
    expect(back).toMatchObject({ rows_updated: 0, rows_unchanged: 20 });
    expect((await tender(dbh, 'cb-449-47582539')).amendment_number).toBe(1);
  });

  test('the 28-column partial file is refused as a whole with the missing columns named', async () => {
    if (!existsSync(partialFile)) return console.info('shared data absent: conformance test not run');
    const dbh = await createTestDb();
    const run = await runIngest(dbh, { source: 'canadabuys', input: partialFile });
    expect(run.status).toBe('failed');
    expect(run.rows_inserted).toBe(0);
    expect(run.error).toMatch(/Not a CanadaBuys tender-notice file: the header lacks 4 required column\(s\)/);
    expect(run.error).toContain('amendmentNumber-numeroModification');
    expect(run.error).toContain('procurementMethod-methodeApprovisionnement-eng');
    const stored = await dbh.db
      .selectFrom('ingest_run')
      .select(['status', 'error'])
      .where('id', '=', run.id)
      .executeTakeFirst();
    expect(stored).toEqual({ status: 'failed', error: run.error });
  });
});
