import { z } from 'zod';
import { EMAIL_MAX_LENGTH, localeSchema } from './auth.ts';

/** Inquiry types of spec §5; general is the default. 'Book a demo' opens the form with demo. */
export const INQUIRY_TYPES = ['general', 'sales', 'support', 'demo', 'partnership', 'media'] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number];

export const INQUIRY_TYPE_LABELS: Record<InquiryType, string> = {
  general: 'General inquiry',
  sales: 'Sales',
  support: 'Technical support',
  demo: 'Book a demo',
  partnership: 'Partnership',
  media: 'Media',
};

export const CONTACT_LIMITS = { name: 100, company: 200, subject: 200, message: 5000 } as const;

/**
 * Texts of the contact form's checks. Spec §5 names the fields (Full name, Email address,
 * Subject and Message required; Company optional) but gives no wording; these use its labels.
 */
export const CONTACT_MESSAGES = {
  nameRequired: 'Full name is required',
  nameTooLong: `Full name must be at most ${CONTACT_LIMITS.name} characters`,
  nameOneLine: 'Full name must be on one line',
  emailRequired: 'Email address is required',
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: 'Email address is too long',
  companyTooLong: `Company must be at most ${CONTACT_LIMITS.company} characters`,
  companyOneLine: 'Company must be on one line',
  inquiryTypeInvalid: 'Please choose an inquiry type',
  subjectRequired: 'Subject is required',
  subjectTooLong: `Subject must be at most ${CONTACT_LIMITS.subject} characters`,
  subjectOneLine: 'Subject must be on one line',
  messageRequired: 'Message is required',
  messageTooLong: `Message must be at most ${CONTACT_LIMITS.message} characters`,
  messageInvalid: 'Message contains characters that are not allowed',
  /** The sent state's text. */
  received: 'Thank you! Your message has been received. We will get back to you soon.',
  rateLimited: 'Too many messages. Please wait a moment and try again.',
} as const;

const charCount = (s: string) => [...s].length;
// eslint-disable-next-line no-control-regex -- refusing control characters (header injection) is the point
const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]/;
// The message keeps its line breaks and tabs; other control characters are refused.
// eslint-disable-next-line no-control-regex -- as above
const MESSAGE_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A required one-line text: trimmed, at least one character, no control characters (no CR/LF in mail headers). */
const oneLine = (required: string, tooLong: string, oneLineMsg: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine((s) => charCount(s) <= max, tooLong)
    .refine((s) => !CONTROL.test(s), oneLineMsg);

/** POST /api/contact: the contact form of spec §3/§5. */
export const contactBodySchema = z
  .object({
    name: oneLine(
      CONTACT_MESSAGES.nameRequired,
      CONTACT_MESSAGES.nameTooLong,
      CONTACT_MESSAGES.nameOneLine,
      CONTACT_LIMITS.name,
    ),
    email: z
      .string({ error: CONTACT_MESSAGES.emailRequired })
      .trim()
      .min(1, CONTACT_MESSAGES.emailRequired)
      .max(EMAIL_MAX_LENGTH, CONTACT_MESSAGES.emailTooLong)
      .pipe(z.email(CONTACT_MESSAGES.emailInvalid)),
    /** Optional; an empty text means none. */
    company: z
      .string()
      .trim()
      .refine((s) => charCount(s) <= CONTACT_LIMITS.company, CONTACT_MESSAGES.companyTooLong)
      .refine((s) => !CONTROL.test(s), CONTACT_MESSAGES.companyOneLine)
      .nullish()
      .transform((s) => (s ? s : null)),
    inquiryType: z.enum(INQUIRY_TYPES, { error: CONTACT_MESSAGES.inquiryTypeInvalid }).default('general'),
    subject: oneLine(
      CONTACT_MESSAGES.subjectRequired,
      CONTACT_MESSAGES.subjectTooLong,
      CONTACT_MESSAGES.subjectOneLine,
      CONTACT_LIMITS.subject,
    ),
    message: z
      .string({ error: CONTACT_MESSAGES.messageRequired })
      .refine((s) => s.trim().length > 0, CONTACT_MESSAGES.messageRequired)
      .refine((s) => charCount(s) <= CONTACT_LIMITS.message, CONTACT_MESSAGES.messageTooLong)
      .refine((s) => !MESSAGE_CONTROL.test(s), CONTACT_MESSAGES.messageInvalid)
      .transform((s) => s.replace(/\r\n?/g, '\n').trim()),
    /** The language of the form, for the copy mailed to the sender (default English). */
    locale: localeSchema.optional(),
  })
  .strict();
export type ContactBody = z.infer<typeof contactBodySchema>;
export type ContactInput = z.input<typeof contactBodySchema>;

/** 201 answer: the message is stored (and mailed when the mail server accepted it). */
export const contactReceivedSchema = z.object({ id: z.string(), receivedAt: z.string() });
export type ContactReceived = z.infer<typeof contactReceivedSchema>;
