import type { TFunction } from 'i18next';
import type en from '../../locales/en/auth.json';
import { ApiError } from '../../lib/api-client.ts';

type AuthT = TFunction<'auth'>;
export type AuthErrorKey = `errors.${keyof typeof en.errors}`;

/** The server's stable error `code`s of the account screens, each with its translated message. */
const BY_CODE: Record<string, AuthErrorKey> = {
  invalid_credentials: 'errors.invalidCredentials',
  email_not_confirmed: 'errors.emailNotConfirmed',
  invalid_token: 'errors.invalidToken',
  password_too_common: 'errors.passwordTooCommon',
  wrong_password: 'errors.wrongPassword',
  rate_limited: 'errors.rateLimited',
  email_taken: 'errors.emailTaken',
  session_not_found: 'errors.sessionNotFound',
  unauthorized: 'errors.noAuthenticatedUser',
  forbidden_origin: 'errors.forbiddenOrigin',
  validation_failed: 'errors.invalidInput',
  profile_create_failed: 'errors.profileCreateFailed',
};

/** Two codes carry two situations; the server's fixed message (AUTH_MESSAGES) tells them apart. */
const BY_MESSAGE: Record<string, AuthErrorKey> = {
  'Your password must not be your email address.': 'errors.passwordIsEmail',
  'This is already your email address': 'errors.sameEmail',
};

/**
 * The message to show for a failed account call, in the UI's language: the one for the server's
 * `code` (spec §8 wording in English), else the screen's fallback (spec §8: 'Failed to sign in' on
 * sign-in, 'Something went wrong' on the other forms), e.g. when the server could not be reached.
 */
export function authErrorMessage(t: AuthT, err: unknown, fallback: AuthErrorKey = 'errors.somethingWentWrong'): string {
  if (!(err instanceof ApiError)) return t(fallback);
  const key = BY_MESSAGE[err.message] ?? BY_CODE[err.code] ?? fallback;
  return t(key);
}

/**
 * The server's own message for an API error (written for people, in English), else the fallback.
 * Used by other screens (billing, RFP) that have no code table of their own.
 */
export const errorMessage = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

type ValidationKey = `validation.${keyof typeof en.validation}`;

const VALIDATION: Record<string, ValidationKey> = {
  'Please enter a valid email address': 'validation.emailInvalid',
  'Email address is too long': 'validation.emailTooLong',
  'Password is required': 'validation.passwordRequired',
  "Passwords don't match": 'validation.passwordsDontMatch',
  'Passwords do not match': 'validation.passwordsDoNotMatch',
  'Please agree to the terms and conditions': 'validation.agreeTerms',
};

/**
 * A field's validation message, translated. The rules are the shared zod schemas (the server checks
 * the same ones), whose messages are English: each known one maps to its catalogue entry.
 */
export function fieldError(t: AuthT, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const known = VALIDATION[message];
  if (known) return t(known);
  const min = /^Password must be at least (\d+) characters$/.exec(message);
  if (min) return t('validation.passwordTooShort', { min: Number(min[1]) });
  const max = /^Password must be at most (\d+) characters$/.exec(message);
  if (max) return t('validation.passwordTooLong', { max: Number(max[1]) });
  return message;
}
