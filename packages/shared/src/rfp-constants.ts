// RFP analysis constants without zod, for the web app's pages (rfp.ts re-exports them).

/** What every field says when the document does not give it (never a sample value). */
export const NOT_FOUND = 'Not found in the document';

/** Limits the screen states and the server enforces (docs/decisions/0008). */
export const RFP_LIMITS = {
  maxFileBytes: 10 * 1024 * 1024,
  maxPages: 500,
  acceptedTypes: ['application/pdf'],
} as const;

export const RFP_DOCUMENT_STATUSES = ['uploading', 'ready', 'analyzing', 'completed', 'error'] as const;
export type RfpDocumentStatus = (typeof RFP_DOCUMENT_STATUSES)[number];

export const RFP_DOCUMENT_KINDS = ['rfp', 'addendum', 'appendix', 'other'] as const;
export type RfpDocumentKind = (typeof RFP_DOCUMENT_KINDS)[number];

export const COMPLIANCE_CATEGORIES = [
  'security_clearance',
  'insurance',
  'bonding',
  'workers_compensation',
  'certification',
  'trade_agreement',
  'language',
] as const;
export const RISK_CATEGORIES = [
  'tight_timeline',
  'liquidated_damages',
  'liability',
  'contradiction',
  'disqualification',
  'pricing',
  'ocr',
] as const;

export const ADDENDUM_CHANGE_KINDS = ['added', 'changed', 'removed', 'date', 'answer'] as const;
