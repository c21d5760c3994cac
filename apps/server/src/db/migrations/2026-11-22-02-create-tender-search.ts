import { PostgresAdapter, SqliteAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: no app imports. Full-text search over tenders (ADR 0004).
//
// SQLite: two contentless FTS5 indexes kept in sync by triggers, both keyed by tender.rowid:
//   tender_fts_open  only notices open now (the default search scope, ~5% of the rows once
//                    history is loaded, so broad words stay cheap). Triggers add Open/Active
//                    notices; the search module removes those whose closing time has passed
//                    (tender_search.open_indexed = 0), so counts need no join;
//   tender_fts       every notice (searches that ask for Closed, Awarded, … tenders).
// plus tender_search, a narrow row per tender with the filter columns and the short texts
// the scorer reads, so that filtering N matches never touches the wide tender rows.
// PostgreSQL: a weighted tsvector column kept by a trigger, with a GIN index.

export async function up(db: Kysely<any>): Promise<void> {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof SqliteAdapter) await upSqlite(db);
  else if (adapter instanceof PostgresAdapter) await upPostgres(db);
  else throw new Error('create-tender-search: unsupported dialect');
}

export async function down(db: Kysely<any>): Promise<void> {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof SqliteAdapter) {
    for (const t of ['tender_search_ai', 'tender_search_au', 'tender_search_ad'])
      await sql`DROP TRIGGER IF EXISTS ${sql.id(t)}`.execute(db);
    for (const t of ['tender_fts_open', 'tender_fts', 'tender_search'])
      await sql`DROP TABLE IF EXISTS ${sql.id(t)}`.execute(db);
  } else {
    await sql`DROP TRIGGER IF EXISTS tender_search_vector_trg ON tender`.execute(db);
    await sql`DROP FUNCTION IF EXISTS tender_search_vector_update()`.execute(db);
    await sql`DROP INDEX IF EXISTS tender_search_vector_idx`.execute(db);
    await sql`ALTER TABLE tender DROP COLUMN IF EXISTS search_vector`.execute(db);
    await sql`DROP TEXT SEARCH CONFIGURATION IF EXISTS breeze_search`.execute(db);
  }
}

// ---------------------------------------------------------------------------------------------
// SQLite

const FTS_COLUMNS = 'title, codes, description, regions, categories, notice, entity';

/** Text of each FTS column, as SQL over the tender row alias `p` (`new` in triggers). */
function ftsColumns(p: string): Record<'title' | 'codes' | 'description' | 'facets', string> {
  const c = (col: string) => `coalesce(${p}.${col}, '')`;
  const join = (cols: string[]) => cols.map(c).join(` || ' ' || `);
  // Category labels in both languages, so "construction" or "biens" find coded tenders.
  const labels = [
    ['CNST', 'Construction'],
    ['GD', 'Goods Biens'],
    ['SRV', 'Services'],
    ['SRVTGD', 'Services related to goods Services liés aux biens'],
  ]
    .map(([code, text]) => `(CASE WHEN instr(${p}.category_codes, '|${code}|') > 0 THEN ' ${text}' ELSE '' END)`)
    .join(' || ');
  return {
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
    // Filter values as words, one column each: FTS5 narrows "services in Quebec" to the Quebec
    // notices before the join checks the exact filter (ADR 0004). Never searched by keywords.
    facets: [
      `replace(${p}.region_keys, '|', ' ')`,
      `replace(${p}.category_codes, '|', ' ')`,
      c('procurement_type'),
      c('contracting_entity_name'),
    ].join(', '),
  };
}

/** Statements that index one tender row (alias `p`); shared by the triggers and the backfill. */
function indexStatements(p: string, from: string): string[] {
  const f = ftsColumns(p);
  const isOpen = `lower(${p}.status) IN ('open', 'active')`;
  return [
    `INSERT INTO tender_search (doc_id, open_indexed, status_key, closing_sort, closing_date, published_date, region_keys,
       category_codes, kind_text, notice_key, entity_key, estimated_value, title_text, code_text)
     SELECT ${p}.rowid, ${isOpen}, lower(${p}.status), coalesce(${p}.closing_date, '9999-12-31T23:59:59.999Z'),
       ${p}.closing_date, ${p}.published_date, ${p}.region_keys, ${p}.category_codes,
       '|' || lower(coalesce(${p}.procurement_type, '')) || '|' || lower(coalesce(${p}.procurement_method, '')) || '|',
       lower(coalesce(${p}.procurement_type, '')), lower(coalesce(${p}.contracting_entity_name, '')),
       ${p}.estimated_value, ${f.title}, ${f.codes}${from}`,
    `INSERT INTO tender_fts (rowid, ${FTS_COLUMNS})
     SELECT ${p}.rowid, ${f.title}, ${f.codes}, ${f.description}, ${f.facets}${from}`,
    `INSERT INTO tender_fts_open (rowid, ${FTS_COLUMNS})
     SELECT ${p}.rowid, ${f.title}, ${f.codes}, ${f.description}, ${f.facets}${from} WHERE ${isOpen}`,
  ];
}

function unindexStatements(p: string): string[] {
  return [
    `DELETE FROM tender_search WHERE doc_id = ${p}.rowid`,
    `DELETE FROM tender_fts WHERE rowid = ${p}.rowid`,
    `DELETE FROM tender_fts_open WHERE rowid = ${p}.rowid`,
  ];
}

async function upSqlite(db: Kysely<any>): Promise<void> {
  // doc_id is tender.rowid. NOTE: tender has no INTEGER PRIMARY KEY, so a VACUUM may renumber
  // rowids; rebuild these tables after one (ADR 0004).
  await sql`CREATE TABLE tender_search (
    doc_id INTEGER PRIMARY KEY,
    open_indexed INTEGER NOT NULL,
    status_key TEXT NOT NULL,
    closing_sort TEXT NOT NULL,
    closing_date TEXT,
    published_date TEXT,
    region_keys TEXT NOT NULL,
    category_codes TEXT NOT NULL,
    kind_text TEXT NOT NULL,
    notice_key TEXT NOT NULL,
    entity_key TEXT NOT NULL,
    estimated_value REAL,
    title_text TEXT NOT NULL,
    code_text TEXT NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX tender_search_status_closing_idx ON tender_search (status_key, closing_sort)`.execute(db);
  await sql`CREATE INDEX tender_search_closing_idx ON tender_search (closing_sort)`.execute(db);
  await sql`CREATE INDEX tender_search_published_idx ON tender_search (published_date)`.execute(db);
  // The open notices in closing order, with every filter column: browsing and counting open
  // tenders read this index only. Also finds the rows to take out of tender_fts_open once
  // their closing time passes.
  await sql`CREATE INDEX tender_search_open_idx ON tender_search (closing_sort, status_key, region_keys, category_codes,
    kind_text, notice_key, entity_key, closing_date, published_date, estimated_value) WHERE open_indexed = 1`.execute(
    db,
  );

  // Contentless (content=''): the text lives in tender already; contentless_delete lets the
  // triggers delete by rowid. detail=column keeps which column a word is in (title weighting)
  // but not positions: a third of the size and faster scans; phrase/NEAR queries are not used.
  for (const name of ['tender_fts', 'tender_fts_open']) {
    await sql
      .raw(
        `CREATE VIRTUAL TABLE ${name} USING fts5(${FTS_COLUMNS},
          tokenize = 'unicode61 remove_diacritics 2', content = '', contentless_delete = 1, detail = column)`,
      )
      .execute(db);
  }

  const body = (stmts: string[]) => stmts.map((s) => `${s};`).join('\n');
  await sql
    .raw(`CREATE TRIGGER tender_search_ai AFTER INSERT ON tender BEGIN\n${body(indexStatements('new', ''))}\nEND`)
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER tender_search_au AFTER UPDATE ON tender BEGIN\n${body([...unindexStatements('old'), ...indexStatements('new', '')])}\nEND`,
    )
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER tender_search_ad AFTER DELETE ON tender BEGIN\n${body(unindexStatements('old'))}\nEND`)
    .execute(db);

  // Index rows that were there before this migration.
  for (const stmt of indexStatements('t', ' FROM tender t')) await sql.raw(stmt).execute(db);
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

async function upPostgres(db: Kysely<any>): Promise<void> {
  // Extensions are per database; test suites migrate many schemas at once, so serialise the
  // creation and keep the extension in public (dropping a test schema must not drop it).
  await sql`SELECT pg_advisory_xact_lock(4004004)`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public`.execute(db);
  // `simple` (no stemming: English and French text both index as written) plus unaccent, so
  // "Québec" and "quebec" are the same lexeme.
  await sql`CREATE TEXT SEARCH CONFIGURATION breeze_search (COPY = pg_catalog.simple)`.execute(db);
  await sql`ALTER TEXT SEARCH CONFIGURATION breeze_search
    ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part, numword, numhword
    WITH public.unaccent, simple`.execute(db);
  await sql`ALTER TABLE tender ADD COLUMN search_vector tsvector`.execute(db);

  const cat = (code: string, text: string) =>
    `CASE WHEN position('|${code}|' in NEW.category_codes) > 0 THEN ' ${text}' ELSE '' END`;
  const codes = [
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
  ]
    .map((c) => `coalesce(NEW.${c}, '')`)
    .concat([
      cat('CNST', 'Construction'),
      cat('GD', 'Goods Biens'),
      cat('SRV', 'Services'),
      cat('SRVTGD', 'Services related to goods Services liés aux biens'),
    ])
    .join(` || ' ' || `);
  // A trigger rather than a generated column: the configuration is looked up by name and
  // to_tsvector(text, …) is only STABLE, which generated columns refuse.
  await sql
    .raw(
      `CREATE FUNCTION tender_search_vector_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.search_vector :=
          setweight(to_tsvector('breeze_search', coalesce(NEW.title, '') || ' ' || coalesce(NEW.title_fr, '')), 'A') ||
          setweight(to_tsvector('breeze_search', ${codes}), 'B') ||
          setweight(to_tsvector('breeze_search', coalesce(NEW.description, '') || ' ' || coalesce(NEW.description_fr, '')), 'D');
        RETURN NEW;
      END $$`,
    )
    .execute(db);
  await sql`CREATE TRIGGER tender_search_vector_trg BEFORE INSERT OR UPDATE ON tender
    FOR EACH ROW EXECUTE FUNCTION tender_search_vector_update()`.execute(db);
  await sql`UPDATE tender SET search_vector = NULL`.execute(db); // fires the trigger for existing rows
  await sql`CREATE INDEX tender_search_vector_idx ON tender USING gin (search_vector)`.execute(db);
  await sql`CREATE INDEX tender_closing_idx ON tender (closing_date)`.execute(db);
}
