import { createHash, randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@app/shared/errors';
import {
  rfpDocumentDetailSchema,
  rfpDocumentListSchema,
  rfpUploadResponseSchema,
  type RfpDocument,
  type RfpDocumentDetail,
} from '@app/shared/rfp';
import type { Db } from '../../db/database.ts';
import type { Env } from '../../env.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, HttpError, notFound } from '../../lib/errors.ts';
import { allCitations, identifyDocument, offlineRfpAnalyzer, type RfpAnalyzer } from './rfp.analyze.ts';
import { createPdfExtractor, type ExtractFailureCode, type PdfExtractor } from './rfp.extract.ts';
import { linkedAddenda, parentOf } from './rfp.links.ts';
import { createOcr, type Ocr, withOcr } from './rfp.ocr.ts';
import {
  deleteDocument,
  findDocument,
  insertDocuments,
  listAddendumAnalyses,
  listDocuments,
  saveAnalysis,
  setStatus,
  storageUsage,
  type NewRfpDocument,
  type StoredRfpDocument,
} from './rfp.queries.ts';
import type { ActivityLog } from '../activity/activity.service.ts';
import { contentDisposition, markdownReport, pdfReport } from './rfp.report.ts';

/** The signed-in user, or 401 (the accounts slice's `sessions.require`). */
export interface RequireUser {
  require(req: FastifyRequest, reply: FastifyReply): Promise<{ account: { user: { id: string } } }>;
}

export interface RfpRouteDeps {
  env: Env;
  db: Db;
  now: Clock;
  sessions: RequireUser;
  /** Records "downloaded" when a user downloads a report. */
  activity?: Pick<ActivityLog, 'record'>;
  /** Tests pass their own limits; by default one is built from env and closed with the app. */
  extractor?: PdfExtractor;
  /** OCR of image-only PDFs; default: Debian's tesseract when installed (rfp.ocr.ts). null: off. */
  ocr?: Ocr | null;
  analyzer?: RfpAnalyzer;
}

const tags = ['rfp'];
const security = [{ sessionCookie: [] }];
const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, errorBodySchema]));
const MB = 1024 * 1024;

const REFUSAL_STATUS: Record<ExtractFailureCode, number> = {
  not_a_pdf: 415,
  pdf_encrypted: 422,
  too_many_pages: 422,
  pdf_unreadable: 422,
  pdf_too_complex: 422,
};

/** A display name only (files are keyed by id): no path, no control characters, bounded. */
function cleanFilename(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
  return clean || 'document.pdf';
}

function toDocument(d: StoredRfpDocument, all: StoredRfpDocument[]): RfpDocument {
  const parent = parentOf(d, all);
  return {
    id: d.id,
    filename: d.filename,
    sizeBytes: d.sizeBytes,
    pageCount: d.pageCount,
    status: d.status,
    progress: 100,
    kind: d.kind,
    solicitationNumber: d.solicitationNumber,
    title: d.title,
    error: d.errorCode ? { code: d.errorCode, message: d.errorMessage ?? 'Analysis failed' } : null,
    createdAt: d.createdAt,
    analyzedAt: d.analyzedAt,
    linkedTo: parent ? { id: parent.id, filename: parent.filename } : null,
  };
}

/** RFP documents (issue 8, spec §2/§3/§4): each user sees, analyses and deletes only their own. */
export const rfpRoutes: FastifyPluginAsyncZod<RfpRouteDeps> = async (app, deps) => {
  const { env, db, now, sessions } = deps;
  const maxFileBytes = Math.round(env.RFP_MAX_FILE_MB * MB);
  const maxStorageBytes = Math.round(env.RFP_MAX_STORAGE_MB * MB);
  const extractor =
    deps.extractor ??
    createPdfExtractor({
      maxPages: env.RFP_MAX_PAGES,
      maxInflatedBytes: env.RFP_MAX_INFLATED_MB * MB,
      timeoutMs: env.RFP_PARSE_TIMEOUT_MS,
      heapMb: env.RFP_PARSE_HEAP_MB,
    });
  if (!deps.extractor) app.addHook('onClose', () => extractor.close());
  const analyzer = deps.analyzer ?? offlineRfpAnalyzer;
  const ocr = deps.ocr === undefined ? createOcr() : deps.ocr;

  // Registered inside this plugin only: no other route accepts multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: maxFileBytes, files: env.RFP_MAX_FILES_PER_USER, fields: 10, parts: env.RFP_MAX_FILES_PER_USER + 10, headerPairs: 200 },
  });

  const userId = async (req: FastifyRequest, reply: FastifyReply) => (await sessions.require(req, reply)).account.user.id;

  async function detail(uid: string, id: string): Promise<RfpDocumentDetail> {
    const doc = await findDocument(db, uid, id);
    if (!doc) throw notFound('rfp_document_not_found', 'Document not found');
    const all = await listDocuments(db, uid);
    const addenda = doc.kind === 'rfp' ? linkedAddenda(doc, await listAddendumAnalyses(db, uid)) : [];
    return {
      ...toDocument(doc, all),
      analysis: doc.analysis,
      citations: doc.analysis ? allCitations(doc.analysis) : [],
      addenda,
    };
  }

  app.post(
    '/rfp/documents',
    {
      config: { multipart: true },
      schema: {
        tags,
        security,
        summary: 'Upload one or more PDFs (multipart/form-data, any field name)',
        description:
          `PDF only, recognised by its %PDF- header (415 not_a_pdf); each file at most ${env.RFP_MAX_FILE_MB} MB (413 file_too_large); ` +
          `at most ${env.RFP_MAX_PAGES} pages (422 too_many_pages); password-protected (422 pdf_encrypted), damaged or cut off ` +
          '(422 pdf_unreadable) and decompression bombs or files that exhaust the parser\'s time or memory (422 pdf_too_complex) are ' +
          `refused; the user's quota is ${env.RFP_MAX_FILES_PER_USER} files and ${env.RFP_MAX_STORAGE_MB} MB (413 storage_quota_exceeded). ` +
          'Files of one request are stored all or none. A PDF without a text layer is stored with status error and code pdf_needs_ocr.',
        consumes: ['multipart/form-data'],
        response: { 201: rfpUploadResponseSchema, ...errors(400, 401, 403, 413, 415, 422) },
      },
    },
    async (req, reply) => {
      const uid = await userId(req, reply);
      if (!req.isMultipart()) throw new HttpError(415, 'unsupported_media_type', 'Send the files as multipart/form-data');
      const files: Array<{ filename: string; bytes: Buffer }> = [];
      try {
        for await (const part of req.files()) {
          files.push({ filename: cleanFilename(part.filename), bytes: await part.toBuffer() });
        }
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpError(413, 'file_too_large', `Each file must be at most ${env.RFP_MAX_FILE_MB} MB`);
        }
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
          throw new HttpError(413, 'too_many_files', `At most ${env.RFP_MAX_FILES_PER_USER} files per upload`);
        }
        throw badRequest('validation_failed', 'The upload could not be read as multipart/form-data');
      }
      if (files.length === 0) throw badRequest('rfp_no_file', 'Attach at least one PDF file');

      const usage = await storageUsage(db, uid);
      const incoming = files.reduce((n, f) => n + f.bytes.byteLength, 0);
      if (usage.files + files.length > env.RFP_MAX_FILES_PER_USER || usage.bytes + incoming > maxStorageBytes) {
        throw new HttpError(
          413,
          'storage_quota_exceeded',
          `Your document storage is limited to ${env.RFP_MAX_FILES_PER_USER} files and ${env.RFP_MAX_STORAGE_MB} MB; delete some documents first`,
        );
      }

      const at = now().toISOString();
      const rows: NewRfpDocument[] = [];
      for (const file of files) {
        const bytes = new Uint8Array(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength);
        const extracted = await extractor.extract(bytes);
        if (!extracted.ok) {
          throw new HttpError(REFUSAL_STATUS[extracted.code], extracted.code, `${file.filename}: ${extracted.message}`);
        }
        const result = await withOcr(ocr, bytes, extracted);
        const identity = identifyDocument(result.pages);
        rows.push({
          id: randomUUID(),
          userId: uid,
          filename: file.filename,
          sizeBytes: bytes.byteLength,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          pageCount: result.pageCount,
          status: result.needsOcr ? 'error' : 'ready',
          errorCode: result.needsOcr ? 'pdf_needs_ocr' : null,
          errorMessage: result.needsOcr ? 'This PDF has no text layer (a scan or images only): it needs OCR before it can be analysed' : null,
          kind: identity.kind,
          solicitationNumber: identity.solicitationNumber,
          title: identity.title,
          pages: result.pages,
          pagesWithoutText: result.pagesWithoutText,
          content: bytes,
          at,
        });
      }
      await insertDocuments(db, rows);
      const all = await listDocuments(db, uid);
      const ids = new Set(rows.map((r) => r.id));
      return reply.status(201).send({ documents: all.filter((d) => ids.has(d.id)).map((d) => toDocument(d, all)) });
    },
  );

  app.get(
    '/rfp/documents',
    { schema: { tags, security, summary: 'Your uploaded documents, newest first, with your storage usage', response: { 200: rfpDocumentListSchema, ...errors(401) } } },
    async (req, reply) => {
      const uid = await userId(req, reply);
      const [all, usage] = await Promise.all([listDocuments(db, uid), storageUsage(db, uid)]);
      return {
        documents: all.map((d) => toDocument(d, all)),
        usage: { ...usage, maxFiles: env.RFP_MAX_FILES_PER_USER, maxBytes: maxStorageBytes },
      };
    },
  );

  const params = z.object({ id: z.string().min(1).max(100) });

  app.get(
    '/rfp/documents/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One of your documents; once analysed, the analysis with its citations and the changes of linked addenda',
        params,
        response: { 200: rfpDocumentDetailSchema, ...errors(401, 404) },
      },
    },
    async (req, reply) => detail(await userId(req, reply), req.params.id),
  );

  app.post(
    '/rfp/documents/:id/analyze',
    {
      schema: {
        tags,
        security,
        summary: 'Analyse a document (ready → analyzing → completed, or error "Analysis failed")',
        params,
        response: { 200: rfpDocumentDetailSchema, ...errors(401, 403, 404, 415, 422) },
      },
    },
    async (req, reply) => {
      const uid = await userId(req, reply);
      const doc = await findDocument(db, uid, req.params.id);
      if (!doc) throw notFound('rfp_document_not_found', 'Document not found');
      if (doc.errorCode === 'pdf_needs_ocr') throw new HttpError(422, 'pdf_needs_ocr', doc.errorMessage ?? 'This PDF needs OCR');
      await setStatus(db, uid, doc.id, { status: 'analyzing', errorCode: null, errorMessage: null, at: now().toISOString() });
      try {
        const analysis = await analyzer.analyze({ pages: doc.pages, filename: doc.filename, pagesWithoutText: doc.pagesWithoutText });
        const identity = identifyDocument(doc.pages);
        await saveAnalysis(db, uid, doc.id, { analysis, ...identity, at: now().toISOString() });
      } catch (err) {
        req.log.error({ err, documentId: doc.id }, 'RFP analysis failed');
        await setStatus(db, uid, doc.id, { status: 'error', errorCode: 'analysis_failed', errorMessage: 'Analysis failed', at: now().toISOString() });
        throw new HttpError(422, 'analysis_failed', 'Analysis failed');
      }
      return detail(uid, doc.id);
    },
  );

  app.delete(
    '/rfp/documents/:id',
    { schema: { tags, security, summary: 'Delete one of your documents and its file', params, response: { 204: z.null(), ...errors(401, 403, 404) } } },
    async (req, reply) => {
      const uid = await userId(req, reply);
      if (!(await deleteDocument(db, uid, req.params.id))) throw notFound('rfp_document_not_found', 'Document not found');
      return reply.status(204).send(null);
    },
  );

  async function reportInput(req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) {
    const uid = await userId(req, reply);
    const d = await detail(uid, req.params.id);
    if (!d.analysis) throw new HttpError(409, 'rfp_not_analyzed', 'Analyse the document before downloading its report');
    return { uid, d, input: { filename: d.filename, pageCount: d.pageCount, analysis: d.analysis, addenda: d.addenda, generatedAt: now().toISOString() } };
  }
  const recordDownload = (req: FastifyRequest, uid: string, filename: string, format: string) =>
    deps.activity?.record(req, uid, { kind: 'downloaded', detail: `${filename}: analysis report (${format})` });
  const reportName = (filename: string, ext: string) => `${filename.replace(/\.pdf$/i, '')}-analysis.${ext}`;
  const downloadHeaders = (reply: FastifyReply, type: string, name: string) =>
    reply
      .header('content-type', type)
      .header('content-disposition', contentDisposition(name))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff');

  app.get(
    '/rfp/documents/:id/report.pdf',
    { schema: { tags, security, summary: 'The analysis as a PDF report, with its citations', params, produces: ['application/pdf'], response: { ...errors(401, 404, 409) } } },
    async (req, reply) => {
      const { uid, d, input } = await reportInput(req, reply);
      const pdf = await pdfReport(input);
      await recordDownload(req, uid, d.filename, 'PDF');
      return downloadHeaders(reply, 'application/pdf', reportName(d.filename, 'pdf')).send(pdf);
    },
  );

  app.get(
    '/rfp/documents/:id/report.md',
    { schema: { tags, security, summary: 'The analysis as Markdown, with its citations', params, produces: ['text/markdown'], response: { ...errors(401, 404, 409) } } },
    async (req, reply) => {
      const { uid, d, input } = await reportInput(req, reply);
      const markdown = markdownReport(input);
      await recordDownload(req, uid, d.filename, 'Markdown');
      return downloadHeaders(reply, 'text/markdown; charset=utf-8', reportName(d.filename, 'md')).send(markdown);
    },
  );
};
