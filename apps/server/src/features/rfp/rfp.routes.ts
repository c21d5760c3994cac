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
import { consume, type Limit } from '../../lib/rate-limit.ts';
import { allCitations, analyzeRfp, identifyDocument } from './rfp.analyze.ts';
import { createPdfExtractor, type ExtractFailureCode, type PdfExtractor, trippedWire } from './rfp.extract.ts';
import { linkedAddenda, parentOf } from './rfp.links.ts';
import { createOcr, OCR_PROBLEM_TEXT, type Ocr, withOcr } from './rfp.ocr.ts';
import {
  deleteDocument,
  findDocument,
  insertDocuments,
  insertUploadEvents,
  listAddendumAnalyses,
  listDocuments,
  saveAnalysis,
  setStatus,
  storageUsage,
  type NewRfpDocument,
  type StoredRfpDocument,
  type UploadEvent,
} from './rfp.queries.ts';
import type { ActivityLog } from '../activity/activity.service.ts';
import type { LanguageModel } from '../ai/language-model.ts';
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
  /**
   * BreezeAI (ADR 0007): its offline engine, or the configured model with the offline analysis as
   * fallback. Default: the offline analysis alone.
   */
  model?: Pick<LanguageModel, 'name' | 'analyzeDocument'>;
}

/** The offline analysis alone, when no LanguageModel is given. */
const offlineDocuments: Pick<LanguageModel, 'name' | 'analyzeDocument'> = {
  name: 'offline',
  analyzeDocument: async (input) => ({ analysis: input.offline(), provider: 'offline' }),
};

const HOUR = 3_600_000;

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
  pdf_has_javascript: 422,
};

const NEEDS_OCR_MESSAGE = 'This PDF has no text layer (a scan or images only): it needs OCR before it can be analysed';

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/g;

/** A display name only (files are keyed by id): no path, no control characters, bounded. */
function cleanFilename(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(CONTROL_CHARS, '').trim().slice(0, 200);
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
  if (!deps.extractor) {
    // A listening server starts its first worker now, so the first upload does not wait for pdf.js
    // to compile (app.inject in tests never listens, so tests start none they do not use).
    app.addHook('onListen', async () => extractor.warm());
    app.addHook('onClose', () => extractor.close());
  }
  const model = deps.model ?? offlineDocuments;
  const ocr =
    deps.ocr === undefined
      ? createOcr({
          totalTimeoutMs: env.RFP_OCR_TIMEOUT_MS,
          maxImagePixels: env.RFP_OCR_MAX_IMAGE_MPX * 1_000_000,
          heapMb: env.RFP_PARSE_HEAP_MB,
        })
      : deps.ocr;
  // Uploads per hour (SECURITY.md A.4 "PDF upload"), counted in the shared rate_limit table.
  const uploadsPerUser: Limit = { name: 'rfp-upload-user', max: env.RFP_UPLOADS_PER_HOUR, windowMs: HOUR };
  const uploadsPerIp: Limit = { name: 'rfp-upload-ip', max: env.RFP_UPLOADS_PER_HOUR_PER_IP, windowMs: HOUR };

  // Registered inside this plugin only: no other route accepts multipart bodies.
  await app.register(multipart, {
    limits: {
      fileSize: maxFileBytes,
      files: env.RFP_MAX_FILES_PER_USER,
      fields: 10,
      parts: env.RFP_MAX_FILES_PER_USER + 10,
      headerPairs: 200,
    },
  });

  const userId = async (req: FastifyRequest, reply: FastifyReply) =>
    (await sessions.require(req, reply)).account.user.id;

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
          '(422 pdf_unreadable), carrying JavaScript (422 pdf_has_javascript), and decompression bombs or files that exhaust ' +
          "the parser's time or memory (422 pdf_too_complex) are refused; the user's quota is " +
          `${env.RFP_MAX_FILES_PER_USER} files and ${env.RFP_MAX_STORAGE_MB} MB (413 storage_quota_exceeded), at most ` +
          `${env.RFP_MAX_FILES_PER_USER} files per request (413 too_many_files), and ${env.RFP_UPLOADS_PER_HOUR} uploads an hour per user ` +
          `and ${env.RFP_UPLOADS_PER_HOUR_PER_IP} per client address (429 rate_limited). Files of one request are stored all or none. ` +
          'A PDF without a text layer is read by OCR when tesseract is installed; if it still has no text it is stored with status ' +
          'error and code pdf_needs_ocr. Every upload, accepted or refused, is recorded (name, size, SHA-256; never the content).',
        consumes: ['multipart/form-data'],
        response: { 201: rfpUploadResponseSchema, ...errors(400, 401, 403, 413, 415, 422, 429) },
      },
    },
    async (req, reply) => {
      const uid = await userId(req, reply);
      const events: UploadEvent[] = [];
      const event = (e: Partial<UploadEvent> & Pick<UploadEvent, 'outcome'>): UploadEvent => ({
        userId: uid,
        ip: req.ip,
        code: null,
        filename: null,
        sizeBytes: null,
        sha256: null,
        documentId: null,
        ...e,
      });
      // Every upload is recorded, accepted or refused (SECURITY.md A.14), with names, sizes and hashes, never contents.
      const audit = async () => {
        for (const e of events) {
          req.log.info(
            {
              rfpUpload: e.outcome,
              code: e.code,
              file: e.filename,
              sizeBytes: e.sizeBytes,
              sha256: e.sha256,
              documentId: e.documentId,
            },
            `RFP upload ${e.outcome}`,
          );
        }
        try {
          await insertUploadEvents(db, events, now().toISOString());
        } catch (err) {
          req.log.error({ err }, 'RFP upload events could not be recorded');
        }
      };
      try {
        const created = await receive(req, uid, events, event);
        await audit();
        return reply.status(201).send(created);
      } catch (err) {
        const code = err instanceof HttpError ? err.code : 'internal_error';
        if (!events.some((e) => e.outcome === 'rejected')) events.push(event({ outcome: 'rejected', code }));
        // Files of a refused upload are not stored: none of them was accepted.
        for (const e of events)
          if (e.outcome === 'accepted') Object.assign(e, { outcome: 'rejected', code, documentId: null });
        await audit();
        throw err;
      }
    },
  );

  /** Reads, checks and stores the files of one upload: all or none. */
  async function receive(
    req: FastifyRequest,
    uid: string,
    events: UploadEvent[],
    event: (e: Partial<UploadEvent> & Pick<UploadEvent, 'outcome'>) => UploadEvent,
  ) {
    const at0 = now();
    const tooMany = 'Too many uploads. Please try again later.';
    await consume(db, uploadsPerUser, uid, at0, tooMany);
    await consume(db, uploadsPerIp, req.ip, at0, tooMany);
    if (!req.isMultipart()) throw new HttpError(415, 'unsupported_media_type', 'Send the files as multipart/form-data');
    const files: Array<{ filename: string; bytes: Buffer }> = [];
    let receiving: string | null = null;
    try {
      for await (const part of req.files()) {
        receiving = cleanFilename(part.filename);
        files.push({ filename: receiving, bytes: await part.toBuffer() });
        receiving = null;
      }
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') {
        events.push(event({ outcome: 'rejected', code: 'file_too_large', filename: receiving }));
        throw new HttpError(413, 'file_too_large', `Each file must be at most ${env.RFP_MAX_FILE_MB} MB`);
      }
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
        throw new HttpError(413, 'too_many_files', `At most ${env.RFP_MAX_FILES_PER_USER} files per upload`);
      }
      throw badRequest('validation_failed', 'The upload could not be read as multipart/form-data');
    }
    if (files.length === 0) throw badRequest('rfp_no_file', 'Attach at least one PDF file');
    const described = files.map((f) => ({
      ...f,
      sha256: createHash('sha256').update(f.bytes).digest('hex'),
    }));
    const describe = (f: (typeof described)[number]) => ({
      filename: f.filename,
      sizeBytes: f.bytes.byteLength,
      sha256: f.sha256,
    });

    const usage = await storageUsage(db, uid);
    const incoming = files.reduce((n, f) => n + f.bytes.byteLength, 0);
    if (usage.files + files.length > env.RFP_MAX_FILES_PER_USER || usage.bytes + incoming > maxStorageBytes) {
      for (const f of described)
        events.push(event({ outcome: 'rejected', code: 'storage_quota_exceeded', ...describe(f) }));
      throw new HttpError(
        413,
        'storage_quota_exceeded',
        `Your document storage is limited to ${env.RFP_MAX_FILES_PER_USER} files and ${env.RFP_MAX_STORAGE_MB} MB; delete some documents first`,
      );
    }

    const at = now().toISOString();
    const rows: NewRfpDocument[] = [];
    for (const file of described) {
      const bytes = new Uint8Array(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength);
      const refuse = (status: number, code: ExtractFailureCode, message: string) => {
        events.push(event({ outcome: 'rejected', code, ...describe(file) }));
        return new HttpError(status, code, `${file.filename}: ${message}`);
      };
      const extracted = await extractor.extract(bytes);
      if (!extracted.ok) throw refuse(REFUSAL_STATUS[extracted.code], extracted.code, extracted.message);
      const result = await withOcr(ocr, bytes, extracted);
      if (trippedWire(result.tripwire)) {
        req.log.error(
          { tripwire: result.tripwire, file: file.filename, sha256: file.sha256 },
          'Rendering a PDF for OCR tried to run code',
        );
        throw refuse(422, 'pdf_has_javascript', 'Reading the PDF tried to run code; it is refused');
      }
      const identity = identifyDocument(result.pages);
      const id = randomUUID();
      const ocrReason =
        result.needsOcr && result.ocrProblem && result.ocrProblem !== 'unavailable'
          ? ` (${OCR_PROBLEM_TEXT[result.ocrProblem]})`
          : '';
      rows.push({
        id,
        userId: uid,
        filename: file.filename,
        sizeBytes: bytes.byteLength,
        sha256: file.sha256,
        pageCount: result.pageCount,
        status: result.needsOcr ? 'error' : 'ready',
        errorCode: result.needsOcr ? 'pdf_needs_ocr' : null,
        errorMessage: result.needsOcr ? `${NEEDS_OCR_MESSAGE}${ocrReason}` : null,
        kind: identity.kind,
        solicitationNumber: identity.solicitationNumber,
        title: identity.title,
        pages: result.pages,
        pagesWithoutText: result.pagesWithoutText,
        ocrPages: result.ocrPages,
        content: bytes,
        at,
      });
      events.push(event({ outcome: 'accepted', ...describe(file), documentId: id }));
    }
    await insertDocuments(db, rows);
    const all = await listDocuments(db, uid);
    const ids = new Set(rows.map((r) => r.id));
    return { documents: all.filter((d) => ids.has(d.id)).map((d) => toDocument(d, all)) };
  }

  app.get(
    '/rfp/documents',
    {
      schema: {
        tags,
        security,
        summary: 'Your uploaded documents, newest first, with your storage usage',
        response: { 200: rfpDocumentListSchema, ...errors(401) },
      },
    },
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
        summary:
          'One of your documents; once analysed, the analysis with its citations and the changes of linked addenda',
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
      if (doc.errorCode === 'pdf_needs_ocr')
        throw new HttpError(422, 'pdf_needs_ocr', doc.errorMessage ?? NEEDS_OCR_MESSAGE);
      await setStatus(db, uid, doc.id, {
        status: 'analyzing',
        errorCode: null,
        errorMessage: null,
        at: now().toISOString(),
      });
      try {
        if (!doc.textReadable) throw new Error('the stored text of the document is damaged');
        const input = {
          pages: doc.pages,
          filename: doc.filename,
          pagesWithoutText: doc.pagesWithoutText,
          ocrPages: doc.ocrPages,
        };
        const out = await model.analyzeDocument({
          pages: doc.pages,
          filename: doc.filename,
          offline: () => analyzeRfp(input),
        });
        if (out.fallback || out.droppedCitations) {
          req.log.info(
            {
              documentId: doc.id,
              provider: out.provider,
              fallback: out.fallback,
              droppedCitations: out.droppedCitations,
            },
            'RFP analysis',
          );
        }
        const identity = identifyDocument(doc.pages);
        await saveAnalysis(db, uid, doc.id, { analysis: out.analysis, ...identity, at: now().toISOString() });
      } catch (err) {
        req.log.error({ err, documentId: doc.id }, 'RFP analysis failed');
        await setStatus(db, uid, doc.id, {
          status: 'error',
          errorCode: 'analysis_failed',
          errorMessage: 'Analysis failed: the document could not be analysed. Try again, or upload it again.',
          at: now().toISOString(),
        });
        throw new HttpError(422, 'analysis_failed', 'Analysis failed');
      }
      return detail(uid, doc.id);
    },
  );

  app.delete(
    '/rfp/documents/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete one of your documents and its file',
        params,
        response: { 204: z.null(), ...errors(401, 403, 404) },
      },
    },
    async (req, reply) => {
      const uid = await userId(req, reply);
      if (!(await deleteDocument(db, uid, req.params.id)))
        throw notFound('rfp_document_not_found', 'Document not found');
      return reply.status(204).send(null);
    },
  );

  async function reportInput(req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) {
    const uid = await userId(req, reply);
    const d = await detail(uid, req.params.id);
    if (!d.analysis) throw new HttpError(409, 'rfp_not_analyzed', 'Analyse the document before downloading its report');
    return {
      uid,
      d,
      input: {
        filename: d.filename,
        pageCount: d.pageCount,
        analysis: d.analysis,
        addenda: d.addenda,
        generatedAt: now().toISOString(),
      },
    };
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
    {
      schema: {
        tags,
        security,
        summary: 'The analysis as a PDF report, with its citations',
        params,
        produces: ['application/pdf'],
        response: { ...errors(401, 404, 409) },
      },
    },
    async (req, reply) => {
      const { uid, d, input } = await reportInput(req, reply);
      const pdf = await pdfReport(input);
      await recordDownload(req, uid, d.filename, 'PDF');
      return downloadHeaders(reply, 'application/pdf', reportName(d.filename, 'pdf')).send(pdf);
    },
  );

  app.get(
    '/rfp/documents/:id/report.md',
    {
      schema: {
        tags,
        security,
        summary: 'The analysis as Markdown, with its citations',
        params,
        produces: ['text/markdown'],
        response: { ...errors(401, 404, 409) },
      },
    },
    async (req, reply) => {
      const { uid, d, input } = await reportInput(req, reply);
      const markdown = markdownReport(input);
      await recordDownload(req, uid, d.filename, 'Markdown');
      return downloadHeaders(reply, 'text/markdown; charset=utf-8', reportName(d.filename, 'md')).send(markdown);
    },
  );
};
