import { z } from 'zod';

/** RFP analysis (issue 8, spec §2 "RFP analysis", §3 "Uploaded document" and "Analysis result"). */

export * from './rfp-constants.ts';
import { ADDENDUM_CHANGE_KINDS, RFP_DOCUMENT_KINDS, RFP_DOCUMENT_STATUSES } from './rfp-constants.ts';

export const citationSchema = z.object({
  page: z.number().int().min(1),
  /** The text as printed on that page (whitespace collapsed). */
  quote: z.string(),
});
export type Citation = z.infer<typeof citationSchema>;

/** A citation of the analysed document, marked when its page's text was read by OCR (check it against the page). */
export const documentCitationSchema = citationSchema.extend({ ocr: z.boolean() });
export type DocumentCitation = z.infer<typeof documentCitationSchema>;

/** A value taken from the document: `page`/`quote` are null only when `text` is NOT_FOUND. */
export const citedSchema = z.object({
  text: z.string(),
  page: z.number().int().min(1).nullable(),
  quote: z.string().nullable(),
});
export type Cited = z.infer<typeof citedSchema>;

export const deadlineSchema = citedSchema.extend({
  /** ISO date (YYYY-MM-DD) when the printed date could be read, else null. */
  date: z.string().nullable(),
  /** Time as printed, e.g. "2:00:00 PM" or "14:00". */
  time: z.string().nullable(),
  /** Time zone as printed, abbreviated: "MST". */
  timeZone: z.string().nullable(),
});
export type Deadline = z.infer<typeof deadlineSchema>;

export const milestoneSchema = z.object({
  date: z.string(),
  description: z.string(),
  page: z.number().int().min(1).nullable(),
  quote: z.string().nullable(),
});
export type Milestone = z.infer<typeof milestoneSchema>;

export const criterionSchema = z.object({
  criterion: z.string(),
  /** Points or percentage as printed: "20 points", "15%", "0 - 60 points", "PASS/FAIL". */
  weight: z.string(),
  description: z.string(),
  page: z.number().int().min(1).nullable(),
  quote: z.string().nullable(),
});
export type Criterion = z.infer<typeof criterionSchema>;

export const categorizedSchema = citedSchema.extend({ category: z.string() });
export type Categorized = z.infer<typeof categorizedSchema>;

export const addendumChangeSchema = z.object({
  kind: z.enum(ADDENDUM_CHANGE_KINDS),
  /** Section of the RFP it concerns, as printed ("4.11", "3.3.2"), when given. */
  section: z.string().nullable(),
  description: z.string(),
  page: z.number().int().min(1),
  quote: z.string(),
});
export type AddendumChange = z.infer<typeof addendumChangeSchema>;

export const rfpAnalysisSchema = z.object({
  engine: z.string(),
  documentKind: z.enum(RFP_DOCUMENT_KINDS),
  solicitationNumber: citedSchema,
  /** An Alberta Purchasing Connection or similar reference read from the file name (not cited: not printed in the file). */
  fileNameReference: z.string().nullable(),
  title: citedSchema,
  issuingBody: citedSchema,
  contact: z.object({ name: citedSchema, email: citedSchema, phone: citedSchema }),
  summary: citedSchema,
  keyRequirements: z.array(citedSchema),
  timeline: z.object({
    issued: citedSchema,
    proposalDeadline: deadlineSchema,
    questionsDeadline: citedSchema,
    siteMeeting: citedSchema.extend({ mandatory: z.boolean().nullable() }),
    projectStart: citedSchema,
    projectEnd: citedSchema,
    keyMilestones: z.array(milestoneSchema),
  }),
  evaluation: z.object({
    criteria: z.array(criterionSchema),
    scoringMethod: citedSchema,
    mandatoryRequirements: z.array(citedSchema),
  }),
  budgetInfo: z.object({ estimatedValue: citedSchema, paymentTerms: citedSchema, budgetConstraints: citedSchema }),
  complianceRequirements: z.array(categorizedSchema),
  riskFactors: z.array(categorizedSchema),
  recommendations: z.array(citedSchema),
  /** Set when the document is an addendum. */
  addendum: z
    .object({ number: z.string().nullable(), date: citedSchema, changes: z.array(addendumChangeSchema) })
    .nullable(),
  /** Pages without a text layer (scanned images); their content was not analysed. */
  pagesWithoutText: z.array(z.number().int()),
  /** Pages whose text was read by OCR from their image (quotes from them may carry OCR errors). */
  ocrPages: z.array(z.number().int()).default([]),
});
export type RfpAnalysis = z.infer<typeof rfpAnalysisSchema>;

export const rfpErrorSchema = z.object({ code: z.string(), message: z.string() });

/** An addendum linked to this RFP, with what it changes shown against the RFP's own pages. */
export const linkedAddendumSchema = z.object({
  documentId: z.string(),
  filename: z.string(),
  number: z.string().nullable(),
  date: z.string(),
  changes: z.array(addendumChangeSchema.extend({ rfpReference: citationSchema.nullable() })),
});
export type LinkedAddendum = z.infer<typeof linkedAddendumSchema>;

export const rfpDocumentSchema = z.object({
  id: z.string(),
  filename: z.string(),
  sizeBytes: z.number().int(),
  pageCount: z.number().int(),
  status: z.enum(RFP_DOCUMENT_STATUSES),
  /** 100 once stored: the upload's real progress is known only to the browser. */
  progress: z.number().int().min(0).max(100),
  kind: z.enum(RFP_DOCUMENT_KINDS),
  solicitationNumber: z.string().nullable(),
  title: z.string().nullable(),
  error: rfpErrorSchema.nullable(),
  createdAt: z.string(),
  analyzedAt: z.string().nullable(),
  /** For an addendum: the RFP it belongs to, among this user's documents. */
  linkedTo: z.object({ id: z.string(), filename: z.string() }).nullable(),
});
export type RfpDocument = z.infer<typeof rfpDocumentSchema>;

export const rfpDocumentDetailSchema = rfpDocumentSchema.extend({
  analysis: rfpAnalysisSchema.nullable(),
  /** Every citation of the analysis, once, in page order (for clickable page references). */
  citations: z.array(documentCitationSchema),
  /** Addenda of this RFP among the user's analysed documents. */
  addenda: z.array(linkedAddendumSchema),
});
export type RfpDocumentDetail = z.infer<typeof rfpDocumentDetailSchema>;

export const rfpDocumentListSchema = z.object({
  documents: z.array(rfpDocumentSchema),
  usage: z.object({
    files: z.number().int(),
    bytes: z.number().int(),
    maxFiles: z.number().int(),
    maxBytes: z.number().int(),
  }),
});
export type RfpDocumentList = z.infer<typeof rfpDocumentListSchema>;

export const rfpUploadResponseSchema = z.object({ documents: z.array(rfpDocumentSchema) });
export type RfpUploadResponse = z.infer<typeof rfpUploadResponseSchema>;
