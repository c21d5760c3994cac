import {
  type ADDENDUM_CHANGE_KINDS,
  COMPLIANCE_CATEGORIES,
  RFP_LIMITS,
  RISK_CATEGORIES,
} from '@app/shared/rfp-constants';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client.ts';
import { currentLocale } from '../../lib/i18n.ts';

export const MAX_MB = Math.round(RFP_LIMITS.maxFileBytes / (1024 * 1024));

const CATEGORIES = [...COMPLIANCE_CATEGORIES, ...RISK_CATEGORIES] as const;
type Category = (typeof CATEGORIES)[number];
const isCategory = (c: string): c is Category => (CATEGORIES as readonly string[]).includes(c);
type ChangeKind = (typeof ADDENDUM_CHANGE_KINDS)[number];

/** Refusals and failures the screen explains in the UI's language, by the API's stable `code`. */
const ERROR_CODES = [
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
  'rate_limited',
  'analysis_failed',
  'network_error',
  'aborted',
] as const;
type ErrorCode = (typeof ERROR_CODES)[number];
const isErrorCode = (c: string): c is ErrorCode => (ERROR_CODES as readonly string[]).includes(c);

const humanize = (category: string) => {
  const words = category.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Words of the RFP screen that depend on API values (statuses, kinds, categories, error codes). */
export function useRfpLabels() {
  const { t } = useTranslation('rfp');
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(currentLocale(), { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(
      value,
    );
  /** Why a document failed or was refused; `fallback` when the code is not one the screen knows. */
  const errorText = (code: string | undefined, fallback: string) =>
    code && isErrorCode(code) ? t(`errors.${code}`, { mb: MAX_MB, pages: RFP_LIMITS.maxPages }) : fallback;
  return {
    size: (bytes: number) =>
      bytes >= 1024 * 1024
        ? t('docs.sizeMb', { size: number(bytes / (1024 * 1024), 1) })
        : t('docs.sizeKb', { size: number(Math.max(1, Math.round(bytes / 1024)), 0) }),
    category: (c: string) => (isCategory(c) ? t(`result.categories.${c}`) : humanize(c)),
    change: (kind: ChangeKind) => t(`result.changes.${kind}`),
    errorText,
    /** An error thrown by an API call: its code's text, else `fallback`. */
    apiError: (err: unknown, fallback: string) => errorText(err instanceof ApiError ? err.code : undefined, fallback),
  };
}
