import { z } from 'zod';
import { profileSchema } from './profile.ts';
import { billingCycleSchema, planIdSchema } from './billing.ts';

/** Password rules (SECURITY.md A.1): length only, no composition rules, no truncation. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
/** The sign-up and settings screens suggest this length; the server does not require it. */
export const PASSWORD_SUGGESTED_LENGTH = 15;
export const EMAIL_MAX_LENGTH = 254;

export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const localeSchema = z.enum(LOCALES);

/** Lengths count characters (code points), so four emoji are four characters, not eight. */
const charCount = (s: string) => [...s].length;

/** An email address, trimmed and lower-cased: the form in which accounts are stored and compared. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, 'Email address is too long')
  .pipe(z.email('Please enter a valid email address'));

/** A new password (sign-up, reset, change). The server also refuses common passwords. */
export const newPasswordSchema = z
  .string()
  .refine((s) => charCount(s) >= PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .refine((s) => charCount(s) <= PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** A password typed to prove who you are: any non-empty string up to the maximum. */
export const currentPasswordSchema = z
  .string()
  .min(1, 'Password is required')
  .refine((s) => charCount(s) <= PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** Tokens from mailed links: 32 random bytes, base64url (43 characters). */
export const mailTokenSchema = z
  .string()
  .trim()
  .min(1, 'Invalid reset link. Please request a new password reset.')
  .max(200, 'Invalid reset link. Please request a new password reset.');

export const signupBodySchema = z
  .object({
    email: emailSchema,
    password: newPasswordSchema,
    /** Language of the mails; defaults to the request's Accept-Language (fr or en). */
    locale: localeSchema.optional(),
    /** The plan of the 14-day trial, from the pricing page's /sign-up?plan=&billing= (default professional, monthly). */
    plan: planIdSchema.optional(),
    billing: billingCycleSchema.optional(),
  })
  .strict();
export type SignupBody = z.infer<typeof signupBodySchema>;

export const signinBodySchema = z.object({ email: emailSchema, password: currentPasswordSchema }).strict();
export type SigninBody = z.infer<typeof signinBodySchema>;

export const emailOnlyBodySchema = z.object({ email: emailSchema }).strict();
export type EmailOnlyBody = z.infer<typeof emailOnlyBodySchema>;

export const confirmEmailBodySchema = z.object({ token: mailTokenSchema }).strict();
export type ConfirmEmailBody = z.infer<typeof confirmEmailBodySchema>;

export const updatePasswordBodySchema = z
  .object({ password: newPasswordSchema, accessToken: mailTokenSchema })
  .strict();
export type UpdatePasswordBody = z.infer<typeof updatePasswordBodySchema>;

export const changePasswordBodySchema = z
  .object({
    currentPassword: currentPasswordSchema,
    newPassword: newPasswordSchema,
    /** End every other session of the account (default true; ASVS 7.4.3 offers the choice). */
    endOtherSessions: z.boolean().optional(),
  })
  .strict();
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const changeEmailBodySchema = z.object({ password: currentPasswordSchema, newEmail: emailSchema }).strict();
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;

export const deleteAccountBodySchema = z.object({ password: currentPasswordSchema }).strict();
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/** The signed-in user (spec §3 "User": id, email, plus what the settings screen shows). */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  email_confirmed_at: z.string().nullable(),
  locale: localeSchema,
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

/**
 * What the web keeps as its auth state (spec §3): the user and their profile. The profile is null
 * when none is stored yet or it could not be loaded (spec §8: the user is kept without a profile).
 * GET /auth/user answers this and never creates a profile (a GET changes nothing).
 */
export const authStateSchema = z.object({ user: userSchema, profile: profileSchema.nullable() });
export type AuthState = z.infer<typeof authStateSchema>;

/** Answer of sign-in: sign-in creates the profile when missing (spec §4), so it is always there. */
export const signinResultSchema = z.object({ user: userSchema, profile: profileSchema });
export type SigninResult = z.infer<typeof signinResultSchema>;

/** Answer of calls that only acknowledge (sign-up, reset request, …): the text to show. */
export const okSchema = z.object({ ok: z.literal(true), message: z.string() });
export type Ok = z.infer<typeof okSchema>;

export const confirmEmailResultSchema = okSchema.extend({ purpose: z.enum(['confirm', 'email_change']) });
export type ConfirmEmailResult = z.infer<typeof confirmEmailResultSchema>;

export const sessionInfoSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  /** When the session ends at the latest (absolute lifetime); idle expiry comes sooner without use. */
  expires_at: z.string(),
  idle_expires_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
export const sessionListSchema = z.object({ sessions: z.array(sessionInfoSchema) });
export type SessionList = z.infer<typeof sessionListSchema>;

/** Fixed texts the API answers with, so the web can show them as they are. */
export const AUTH_MESSAGES = {
  signupDone:
    'Account created successfully! Please check your inbox and click the confirmation link to activate your account.',
  confirmationResent:
    'If an account with this email is waiting for confirmation, a new confirmation link is on its way.',
  emailConfirmed: 'Your email address is confirmed. You can now sign in.',
  emailChanged: 'Your email address has been changed. Use it the next time you sign in.',
  resetRequested: 'Check your email for a password reset link.',
  passwordUpdated: 'Password updated! Redirecting to sign in...',
  passwordChanged: 'Your password has been changed.',
  emailChangeRequested: 'Check your new inbox: we sent a confirmation link to the new address.',
  signedOut: 'You have been signed out.',
  sessionEnded: 'The session has been ended.',
  accountDeleted: 'Your account and all its data have been deleted.',
  invalidCredentials: 'Invalid email or password',
  emailNotConfirmed:
    'Please confirm your email address before signing in. Check your inbox for the confirmation link, or request a new one.',
  noUser: 'No authenticated user',
  /** Spec §8: the profile could not be created at sign-in; the sign-in is not completed. */
  profileCreateFailed: 'Failed to create user profile',
  invalidToken: 'This link is invalid or has expired. Please request a new one.',
  passwordTooCommon: 'This password is too common. Please choose a different one.',
  passwordIsEmail: 'Your password must not be your email address.',
  wrongPassword: 'The password is incorrect',
  rateLimited: 'Too many attempts. Please wait a moment and try again.',
} as const;
