import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import type { RunningServer } from './start-server.ts';

/**
 * The e2e server's SQLite file, opened for one read (or write) and closed again. The server keeps
 * running meanwhile (WAL); its triggers index what a test inserts, and its in-memory search index
 * reads the change log before the next search (ADR 0004), so an inserted tender is searchable at once.
 */
export function withDb<T>(server: RunningServer, run: (db: Database.Database) => T, { write = false } = {}): T {
  const db = new Database(server.dbFile, { readonly: !write, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 10000');
    return run(db);
  } finally {
    db.close();
  }
}

/** Columns a test may set on its own tender (the rest get neutral defaults). */
export interface FixtureTender {
  id: string;
  title: string;
  title_fr?: string | null;
  description?: string | null;
  description_fr?: string | null;
  status?: string;
  procurement_type?: string | null;
  procurement_type_fr?: string | null;
  procurement_method?: string | null;
  procurement_method_fr?: string | null;
  category_primary?: string | null;
  gsin?: string | null;
  gsin_description?: string | null;
  gsin_description_fr?: string | null;
  unspsc?: string | null;
  unspsc_description?: string | null;
  unspsc_description_fr?: string | null;
  region_keys?: string;
  contracting_entity_name?: string | null;
  contracting_entity_name_fr?: string | null;
  contracting_entity_city?: string | null;
  contracting_entity_province?: string | null;
  published_date?: string | null;
  closing_date?: string | null;
  estimated_value?: number | null;
  source_url?: string | null;
}

/**
 * Inserts tenders straight into the server's database (the way an ingestion would, minus the
 * parsing), each with exactly the fields the test controls. Ids are lower-case like real ones.
 */
export function insertTenders(server: RunningServer, tenders: FixtureTender[]): void {
  const now = new Date().toISOString();
  withDb(
    server,
    (db) => {
      const insert = db.prepare(`
        INSERT INTO tender (
          id, source, reference_number, source_reference, title, title_fr, description, description_fr, status,
          procurement_type, procurement_type_fr, procurement_method, procurement_method_fr,
          category_primary, category_codes, gsin, gsin_description, gsin_description_fr,
          unspsc, unspsc_description, unspsc_description_fr, region_keys,
          contracting_entity_name, contracting_entity_name_fr, contracting_entity_city, contracting_entity_province,
          contracting_entity_country, published_date, closing_date, estimated_value, source_url,
          content_hash, raw, created_at, updated_at
        ) VALUES (
          @id, 'demo', @id, @source_reference, @title, @title_fr, @description, @description_fr, @status,
          @procurement_type, @procurement_type_fr, @procurement_method, @procurement_method_fr,
          @category_primary, @category_codes, @gsin, @gsin_description, @gsin_description_fr,
          @unspsc, @unspsc_description, @unspsc_description_fr, @region_keys,
          @contracting_entity_name, @contracting_entity_name_fr, @contracting_entity_city, @contracting_entity_province,
          'Canada', @published_date, @closing_date, @estimated_value, @source_url,
          @content_hash, '[]', @now, @now
        )`);
      db.transaction(() => {
        for (const t of tenders) {
          const category = t.category_primary ?? null;
          insert.run({
            title_fr: null,
            description: null,
            description_fr: null,
            status: 'Open',
            procurement_type: null,
            procurement_type_fr: null,
            procurement_method: null,
            procurement_method_fr: null,
            gsin: null,
            gsin_description: null,
            gsin_description_fr: null,
            unspsc: null,
            unspsc_description: null,
            unspsc_description_fr: null,
            region_keys: '',
            contracting_entity_name: null,
            contracting_entity_name_fr: null,
            contracting_entity_city: null,
            contracting_entity_province: null,
            published_date: now.slice(0, 10),
            closing_date: null,
            estimated_value: null,
            source_url: null,
            ...t,
            id: t.id.toLowerCase(),
            source_reference: t.id.toUpperCase(),
            category_primary: category,
            // As ingestion stores them: "|SRV|GD|" from "*SRV*GD".
            category_codes: category
              ? `|${category
                  .split('*')
                  .map((c) => c.trim().toUpperCase())
                  .filter(Boolean)
                  .join('|')}|`
              : '',
            content_hash: randomUUID(),
            now,
          });
        }
      })();
    },
    { write: true },
  );
}

// Calendar dates in Eastern time, worked out without the app's countdown code: 17:00 UTC is
// noon (EST) or 1 p.m. (EDT) in Toronto, so it always falls on the same calendar date there.

const TORONTO = 'America/Toronto';
const ymd = new Intl.DateTimeFormat('en-CA', { timeZone: TORONTO, year: 'numeric', month: '2-digit', day: '2-digit' });
const hourOf = new Intl.DateTimeFormat('en-CA', { timeZone: TORONTO, hour: 'numeric', hourCycle: 'h23' });

/** Today's date in Toronto plus `days`, as YYYY-MM-DD. */
export function torontoDate(days = 0, now = new Date()): string {
  const [y, m, d] = ymd.format(now).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Midday in Toronto on today + `days` (as an ISO instant). */
export function torontoMidday(days: number, now = new Date()): string {
  return `${torontoDate(days, now)}T17:00:00.000Z`;
}

/** Midnight in Toronto starting today + `days` (as an ISO instant): 05:00Z in winter, 04:00Z in summer. */
export function torontoMidnight(days: number, now = new Date()): string {
  const date = torontoDate(days, now);
  const winter = `${date}T05:00:00.000Z`;
  return Number(hourOf.format(new Date(winter))) === 0 ? winter : `${date}T04:00:00.000Z`;
}

/** The hour (0-23) it is now in Toronto. */
export function torontoHour(now = new Date()): number {
  return Number(hourOf.format(now));
}
