import type { Kysely } from 'kysely';

// Frozen in time: no app imports. RFP hardening (issue 8, ADR 0008):
// - rfp_document.ocr_pages: JSON list of the pages whose text was read by OCR, so the analysis
//   and its citations can say so;
// - rfp_upload_event: every upload accepted or refused (SECURITY.md A.14 "upload accepted or
//   rejected"): who, from where, when, which file by name, size and SHA-256, never its content.
//   No foreign key, like auth_event: the trail outlives a deleted account or document.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('rfp_document')
    .addColumn('ocr_pages', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .createTable('rfp_upload_event')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text')
    .addColumn('ip', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull()) // accepted | rejected
    .addColumn('code', 'text') // the refusal's error code
    .addColumn('filename', 'text')
    .addColumn('size_bytes', 'integer')
    .addColumn('sha256', 'text')
    .addColumn('document_id', 'text')
    .execute();
  await db.schema
    .createIndex('rfp_upload_event_user_at_idx')
    .on('rfp_upload_event')
    .columns(['user_id', 'at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rfp_upload_event').ifExists().execute();
  await db.schema.alterTable('rfp_document').dropColumn('ocr_pages').execute();
}
