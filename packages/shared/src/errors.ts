import { z } from 'zod';

/** Every error the API sends has this body (Fastify's own shape, plus a stable `code`). */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  error: z.string(),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const ERROR_CODES = [
  'validation_failed',
  'invalid_json',
  'payload_too_large',
  'unsupported_media_type',
  'not_found',
  'route_not_found',
  'tender_not_found',
  'unauthorized',
  'forbidden',
  'rate_limited',
  'ingest_in_progress',
  'ingest_source_unreachable',
  'ingest_file_invalid',
  'internal_error',
  // accounts (issue 3)
  'forbidden_origin',
  'invalid_credentials',
  'email_not_confirmed',
  'invalid_token',
  'password_too_common',
  'wrong_password',
  'session_not_found',
  'profile_not_found',
  'profile_incomplete',
  'email_taken',
  'profile_create_failed',
  // BreezeAI (issue 6)
  'chat_session_not_found',
  // RFP analysis (issue 8, ADR 0008)
  'rfp_document_not_found',
  'rfp_no_file',
  'not_a_pdf',
  'file_too_large',
  'too_many_files',
  'pdf_encrypted',
  'too_many_pages',
  'pdf_unreadable',
  'pdf_too_complex',
  'pdf_needs_ocr',
  'pdf_has_javascript',
  'storage_quota_exceeded',
  'analysis_failed',
  'rfp_not_analyzed',
  // plans and billing (issue 7, ADR 0009)
  'plan_not_found',
  'plan_limit_reached',
  'checkout_failed',
  'email_required',
  'already_subscribed',
  'checkout_session_not_found',
  'no_billing_account',
  'portal_failed',
  'billing_not_configured',
  'webhook_signature_invalid',
  // bookmarks, activity, dashboard, contact
  'bookmark_not_found',
  // users per account (ADR 0013)
  'team_owner_only',
  'team_invite_self',
  'team_already_member',
  'team_invite_not_found',
  'team_member_not_found',
  'team_not_member',
  'team_invite_wrong_account',
  'team_conflict',
  // alerts (ADR 0012)
  'alert_not_found',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
