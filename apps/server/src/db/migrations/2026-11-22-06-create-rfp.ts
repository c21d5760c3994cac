import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen in time: no app imports. RFP documents uploaded for analysis (issue 8, ADR 0008).
// The PDF bytes live in their own table (bytea on PostgreSQL, blob on SQLite) so that lists
// and analyses never read them, and so that a PostgreSQL deployment needs no shared disk.
// Instants are ISO-8601 UTC text; page texts and analyses are JSON text (ADR 0002).
export async function up(db: Kysely<any>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('rfp_document')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('page_count', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull()) // ready | analyzing | completed | error
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('kind', 'text', (c) => c.notNull()) // rfp | addendum | appendix | other
    .addColumn('solicitation_number', 'text')
    .addColumn('title', 'text')
    .addColumn('pages', 'text', (c) => c.notNull()) // JSON list of page texts
    .addColumn('pages_without_text', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('analysis', 'text') // JSON RfpAnalysis
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('analyzed_at', 'text')
    .execute();
  await db.schema.createIndex('rfp_document_user_idx').on('rfp_document').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createTable('rfp_document_file')
    .addColumn('document_id', 'text', (c) => c.primaryKey().references('rfp_document.id').onDelete('cascade'))
    .addColumn('content', binary, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rfp_document_file').ifExists().execute();
  await db.schema.dropTable('rfp_document').ifExists().execute();
}
