import { randomUUID } from 'node:crypto';
import type { RfpAnalysis, RfpDocumentKind, RfpDocumentStatus } from '@app/shared/rfp';
import type { Db } from '../../db/database.ts';

// All SQL of the RFP slice. Rows are mapped before they leave this file; the PDF bytes are
// read only by `findDocumentFile`.

export interface StoredRfpDocument {
  id: string;
  userId: string;
  filename: string;
  sizeBytes: number;
  pageCount: number;
  status: RfpDocumentStatus;
  errorCode: string | null;
  errorMessage: string | null;
  kind: RfpDocumentKind;
  solicitationNumber: string | null;
  title: string | null;
  createdAt: string;
  analyzedAt: string | null;
}

export interface StoredRfpDocumentWithText extends StoredRfpDocument {
  pages: string[];
  /** False when the stored page texts are not a JSON list of strings (damaged): it cannot be analysed. */
  textReadable: boolean;
  pagesWithoutText: number[];
  /** Pages whose text was read by OCR. */
  ocrPages: number[];
  analysis: RfpAnalysis | null;
}

const summaryColumns = [
  'id',
  'user_id',
  'filename',
  'size_bytes',
  'page_count',
  'status',
  'error_code',
  'error_message',
  'kind',
  'solicitation_number',
  'title',
  'created_at',
  'analyzed_at',
] as const;

type SummaryRow = {
  id: string;
  user_id: string;
  filename: string;
  size_bytes: number;
  page_count: number;
  status: string;
  error_code: string | null;
  error_message: string | null;
  kind: string;
  solicitation_number: string | null;
  title: string | null;
  created_at: string;
  analyzed_at: string | null;
};

function mapSummary(row: SummaryRow): StoredRfpDocument {
  return {
    id: row.id,
    userId: row.user_id,
    filename: row.filename,
    sizeBytes: Number(row.size_bytes),
    pageCount: Number(row.page_count),
    status: row.status as RfpDocumentStatus,
    errorCode: row.error_code,
    errorMessage: row.error_message,
    kind: row.kind as RfpDocumentKind,
    solicitationNumber: row.solicitation_number,
    title: row.title,
    createdAt: row.created_at,
    analyzedAt: row.analyzed_at,
  };
}

const isList = <T>(v: unknown, item: (x: unknown) => x is T): v is T[] => Array.isArray(v) && v.every(item);
const isString = (x: unknown): x is string => typeof x === 'string';
const isPage = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 1;

function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export interface NewRfpDocument {
  id: string;
  userId: string;
  filename: string;
  sizeBytes: number;
  sha256: string;
  pageCount: number;
  status: RfpDocumentStatus;
  errorCode: string | null;
  errorMessage: string | null;
  kind: RfpDocumentKind;
  solicitationNumber: string | null;
  title: string | null;
  pages: string[];
  pagesWithoutText: number[];
  ocrPages: number[];
  content: Uint8Array;
  at: string;
}

/** Inserts the documents and their bytes in one transaction: all files of an upload or none. */
export async function insertDocuments(db: Db, docs: NewRfpDocument[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const d of docs) {
      await trx
        .insertInto('rfp_document')
        .values({
          id: d.id,
          user_id: d.userId,
          filename: d.filename,
          size_bytes: d.sizeBytes,
          sha256: d.sha256,
          page_count: d.pageCount,
          status: d.status,
          error_code: d.errorCode,
          error_message: d.errorMessage,
          kind: d.kind,
          solicitation_number: d.solicitationNumber,
          title: d.title,
          pages: JSON.stringify(d.pages),
          pages_without_text: JSON.stringify(d.pagesWithoutText),
          ocr_pages: JSON.stringify(d.ocrPages),
          analysis: null,
          created_at: d.at,
          updated_at: d.at,
          analyzed_at: null,
        })
        .execute();
      // better-sqlite3 binds a Buffer as a blob; pg sends it as bytea.
      await trx
        .insertInto('rfp_document_file')
        .values({
          document_id: d.id,
          content: Buffer.from(d.content.buffer, d.content.byteOffset, d.content.byteLength),
        })
        .execute();
    }
  });
}

export async function listDocuments(db: Db, userId: string): Promise<StoredRfpDocument[]> {
  const rows = await db
    .selectFrom('rfp_document')
    .select(summaryColumns)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(mapSummary);
}

/** One of the user's documents with its text and analysis; another user's id finds nothing. */
export async function findDocument(db: Db, userId: string, id: string): Promise<StoredRfpDocumentWithText | undefined> {
  const row = await db
    .selectFrom('rfp_document')
    .select([...summaryColumns, 'pages', 'pages_without_text', 'ocr_pages', 'analysis'])
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const pages = parseJson<unknown>(row.pages, null);
  const withoutText = parseJson<unknown>(row.pages_without_text, []);
  const ocrPages = parseJson<unknown>(row.ocr_pages, []);
  return {
    ...mapSummary(row),
    pages: isList(pages, isString) ? pages : [],
    textReadable: isList(pages, isString),
    pagesWithoutText: isList(withoutText, isPage) ? withoutText : [],
    ocrPages: isList(ocrPages, isPage) ? ocrPages : [],
    analysis: parseJson<RfpAnalysis | null>(row.analysis, null),
  };
}

/** Analyses of the user's completed addenda (small), for linking them to an RFP. */
export async function listAddendumAnalyses(
  db: Db,
  userId: string,
): Promise<Array<StoredRfpDocument & { analysis: RfpAnalysis | null }>> {
  const rows = await db
    .selectFrom('rfp_document')
    .select([...summaryColumns, 'analysis'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'addendum')
    .where('status', '=', 'completed')
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({ ...mapSummary(row), analysis: parseJson<RfpAnalysis | null>(row.analysis, null) }));
}

export async function storageUsage(db: Db, userId: string): Promise<{ files: number; bytes: number }> {
  const row = await db
    .selectFrom('rfp_document')
    .select((eb) => [eb.fn.countAll<number>().as('files'), eb.fn.sum<number>('size_bytes').as('bytes')])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
}

export async function setStatus(
  db: Db,
  userId: string,
  id: string,
  s: { status: RfpDocumentStatus; errorCode: string | null; errorMessage: string | null; at: string },
): Promise<void> {
  await db
    .updateTable('rfp_document')
    .set({ status: s.status, error_code: s.errorCode, error_message: s.errorMessage, updated_at: s.at })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .execute();
}

export async function saveAnalysis(
  db: Db,
  userId: string,
  id: string,
  a: {
    analysis: RfpAnalysis;
    kind: RfpDocumentKind;
    solicitationNumber: string | null;
    title: string | null;
    at: string;
  },
): Promise<void> {
  await db
    .updateTable('rfp_document')
    .set({
      status: 'completed',
      error_code: null,
      error_message: null,
      analysis: JSON.stringify(a.analysis),
      kind: a.kind,
      solicitation_number: a.solicitationNumber,
      title: a.title,
      analyzed_at: a.at,
      updated_at: a.at,
    })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .execute();
}

/** Deletes the document and (by cascade) its bytes; false when it is not the user's. */
export async function deleteDocument(db: Db, userId: string, id: string): Promise<boolean> {
  const owned = await db
    .selectFrom('rfp_document')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!owned) return false;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('rfp_document_file').where('document_id', '=', id).execute();
    await trx.deleteFrom('rfp_document').where('id', '=', id).where('user_id', '=', userId).execute();
  });
  return true;
}

export async function findDocumentFile(db: Db, userId: string, id: string): Promise<Uint8Array | undefined> {
  const row = await db
    .selectFrom('rfp_document_file')
    .innerJoin('rfp_document', 'rfp_document.id', 'rfp_document_file.document_id')
    .select('rfp_document_file.content')
    .where('rfp_document.user_id', '=', userId)
    .where('rfp_document.id', '=', id)
    .executeTakeFirst();
  return row?.content;
}

// ── upload audit (SECURITY.md A.14: "upload accepted or rejected") ──────────────────────────

export interface UploadEvent {
  userId: string | null;
  ip: string | null;
  outcome: 'accepted' | 'rejected';
  /** The refusal's error code. */
  code: string | null;
  filename: string | null;
  sizeBytes: number | null;
  sha256: string | null;
  documentId: string | null;
}

export async function insertUploadEvents(db: Db, events: UploadEvent[], at: string): Promise<void> {
  if (events.length === 0) return;
  await db
    .insertInto('rfp_upload_event')
    .values(
      events.map((e) => ({
        id: randomUUID(),
        user_id: e.userId,
        ip: e.ip,
        at,
        outcome: e.outcome,
        code: e.code,
        filename: e.filename,
        size_bytes: e.sizeBytes,
        sha256: e.sha256,
        document_id: e.documentId,
      })),
    )
    .execute();
}

export async function listUploadEvents(db: Db, userId: string): Promise<Array<UploadEvent & { at: string }>> {
  const rows = await db
    .selectFrom('rfp_upload_event')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    userId: r.user_id,
    ip: r.ip,
    at: r.at,
    outcome: r.outcome as UploadEvent['outcome'],
    code: r.code,
    filename: r.filename,
    sizeBytes: r.size_bytes === null ? null : Number(r.size_bytes),
    sha256: r.sha256,
    documentId: r.document_id,
  }));
}
