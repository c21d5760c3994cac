import { PostgresAdapter, SqliteAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: no app imports. Search layout v2 (ADR 0004, revised 2026-11-23).
//
// Both databases: tender_change, an append-only log of changed tender ids (insert, update,
// delete) that every app process reads to keep its in-memory index of open tenders current
// (features/tenders/search/open-index.ts). A sequence, not timestamps: tests and imports write
// rows with any updated_at, and deletes leave no row behind.
//
// SQLite: the open notices are searched in memory now, so tender_fts_open (a second
// tokenisation of every open notice at ingest) and the covering open index are dropped.
// tender_fts gains a `state` facet column: the notice's status as of its last indexing, with
// Open/Active notices whose closing time has passed written `closed`. A search for Closed,
// Awarded or Cancelled notices narrows by it inside FTS5 instead of walking the newest
// matches, which are mostly open. tender_search.open_indexed = 1 marks rows indexed with state
// `open`; the search module re-indexes them when their closing time passes (a touch of the
// row fires the update trigger), so the facet is exact up to the last sweep.
// Every statement of the insert trigger is written per row over `new`, and the trigger keeps
// the `WHEN NOT EXISTS (SELECT 1 FROM tender_index_deferred)` of 2026-11-22-08: ingestion
// runs the same statements once per batch (features/ingest/ingest.queries.ts).

const FTS_COLUMNS = 'title, codes, description, regions, categories, notice, entity, state';
const DEFERRED = 'NOT EXISTS (SELECT 1 FROM tender_index_deferred)';
const NOW = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

export async function up(db: Kysely<any>): Promise<void> {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof SqliteAdapter) await upSqlite(db);
  else if (adapter instanceof PostgresAdapter) await upPostgres(db);
  else throw new Error('search-state-and-change-log: unsupported dialect');
}

export async function down(): Promise<void> {
  throw new Error('search-state-and-change-log: no down migration (rebuild the database instead)');
}

// ---------------------------------------------------------------------------------------------
// SQLite

/** Text of each FTS column, as SQL over the tender row alias `p`. */
function ftsColumns(p: string) {
  const c = (col: string) => `coalesce(${p}.${col}, '')`;
  const join = (cols: string[]) => cols.map(c).join(` || ' ' || `);
  const labels = [
    ['CNST', 'Construction'],
    ['GD', 'Goods Biens'],
    ['SRV', 'Services'],
    ['SRVTGD', 'Services related to goods Services liés aux biens'],
  ]
    .map(([code, text]) => `(CASE WHEN instr(${p}.category_codes, '|${code}|') > 0 THEN ' ${text}' ELSE '' END)`)
    .join(' || ');
  const openNow = `(lower(${p}.status) IN ('open', 'active') AND (${p}.closing_date IS NULL OR ${p}.closing_date > ${NOW}))`;
  return {
    openNow,
    title: join(['title', 'title_fr']),
    codes:
      join([
        'contracting_entity_name',
        'contracting_entity_name_fr',
        'category_primary',
        'gsin',
        'gsin_description',
        'gsin_description_fr',
        'unspsc',
        'unspsc_description',
        'unspsc_description_fr',
        'procurement_type',
        'procurement_type_fr',
        'procurement_method',
        'procurement_method_fr',
      ]) + ` || ${labels}`,
    description: join(['description', 'description_fr']),
    facets: [
      `replace(${p}.region_keys, '|', ' ')`,
      `replace(${p}.category_codes, '|', ' ')`,
      c('procurement_type'),
      c('contracting_entity_name'),
    ].join(', '),
    state: `(CASE WHEN ${openNow} THEN 'open' WHEN lower(${p}.status) IN ('open', 'active') THEN 'closed' ELSE lower(${p}.status) END)`,
  };
}

/** Statements that index one tender row `p` (`new` in the triggers; `t` with a FROM for the backfill). */
function indexStatements(p: string, from: string): string[] {
  const f = ftsColumns(p);
  return [
    `INSERT INTO tender_search (doc_id, open_indexed, status_key, closing_sort, closing_date, published_date, region_keys,
       category_codes, kind_text, notice_key, entity_key, estimated_value, title_text, code_text)
     SELECT ${p}.rowid, ${f.openNow}, lower(${p}.status), coalesce(${p}.closing_date, '9999-12-31T23:59:59.999Z'),
       ${p}.closing_date, ${p}.published_date, ${p}.region_keys, ${p}.category_codes,
       '|' || lower(coalesce(${p}.procurement_type, '')) || '|' || lower(coalesce(${p}.procurement_method, '')) || '|',
       lower(coalesce(${p}.procurement_type, '')), lower(coalesce(${p}.contracting_entity_name, '')),
       ${p}.estimated_value, ${f.title}, ${f.codes}${from}`,
    `INSERT INTO tender_fts (rowid, ${FTS_COLUMNS})
     SELECT ${p}.rowid, ${f.title}, ${f.codes}, ${f.description}, ${f.facets}, ${f.state}${from}`,
  ];
}

const logChange = (p: string, from: string) => `INSERT INTO tender_change (tender_id) SELECT ${p}.id${from}`;

async function upSqlite(db: Kysely<any>): Promise<void> {
  for (const t of ['tender_search_ai', 'tender_search_au', 'tender_search_ad'])
    await sql`DROP TRIGGER IF EXISTS ${sql.id(t)}`.execute(db);
  await sql`DROP TABLE IF EXISTS tender_fts_open`.execute(db);
  await sql`DROP TABLE IF EXISTS tender_fts`.execute(db);
  await sql`DROP INDEX IF EXISTS tender_search_open_idx`.execute(db);
  await sql`DELETE FROM tender_search`.execute(db);

  await sql`CREATE TABLE tender_change (seq INTEGER PRIMARY KEY AUTOINCREMENT, tender_id TEXT NOT NULL)`.execute(db);
  // Rows indexed as open, by closing time: what the sweep re-indexes once the time passes.
  await sql`CREATE INDEX tender_search_open_closing_idx ON tender_search (closing_sort) WHERE open_indexed = 1`.execute(
    db,
  );
  await sql
    .raw(
      `CREATE VIRTUAL TABLE tender_fts USING fts5(${FTS_COLUMNS},
        tokenize = 'unicode61 remove_diacritics 2', content = '', contentless_delete = 1, detail = column)`,
    )
    .execute(db);

  const body = (stmts: string[]) => stmts.map((s) => `${s};`).join('\n');
  const unindex = (p: string) => [
    `DELETE FROM tender_search WHERE doc_id = ${p}.rowid`,
    `DELETE FROM tender_fts WHERE rowid = ${p}.rowid`,
  ];
  await sql
    .raw(
      `CREATE TRIGGER tender_search_ai AFTER INSERT ON tender WHEN ${DEFERRED} BEGIN\n${body([...indexStatements('new', ''), logChange('new', '')])}\nEND`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER tender_search_au AFTER UPDATE ON tender BEGIN\n${body([
        ...unindex('old'),
        ...indexStatements('new', ''),
        logChange('new', ''),
      ])}\nEND`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER tender_search_ad AFTER DELETE ON tender BEGIN\n${body([...unindex('old'), logChange('old', '')])}\nEND`,
    )
    .execute(db);

  for (const stmt of indexStatements('t', ' FROM tender t')) await sql.raw(stmt).execute(db);
  await sql`INSERT INTO tender_fts(tender_fts) VALUES ('optimize')`.execute(db);
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

async function upPostgres(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE tender_change (seq bigserial PRIMARY KEY, tender_id text NOT NULL)`.execute(db);
  await sql
    .raw(
      `CREATE FUNCTION tender_change_log() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          INSERT INTO tender_change (tender_id) VALUES (OLD.id);
        ELSE
          INSERT INTO tender_change (tender_id) VALUES (NEW.id);
        END IF;
        RETURN NULL;
      END $$`,
    )
    .execute(db);
  await sql`CREATE TRIGGER tender_change_trg AFTER INSERT OR UPDATE OR DELETE ON tender
    FOR EACH ROW EXECUTE FUNCTION tender_change_log()`.execute(db);
}
