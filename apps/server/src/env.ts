import { z } from 'zod';

// The only module that reads process.env (lint enforces it). Behaviour switches on these
// explicit settings, never on NODE_ENV.
/** A Stripe price id (billing, ADR 0009). */
const stripePriceId = z
  .string()
  .regex(/^price_[A-Za-z0-9_]+$/, 'must be a Stripe price id (price_…)')
  .optional();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info'),
  DATABASE_URL: z
    .string()
    .default('file:./data/breeze.db')
    .refine((v) => v.startsWith('file:') || /^postgres(ql)?:\/\//.test(v), {
      message: 'must be a file: URL (SQLite) or a postgres:// URL',
    }),
  /** Cron expression for the CanadaBuys refresh, or `off`. Default: every 2 hours. */
  INGEST_SCHEDULE: z
    .string()
    .default('15 */2 * * *')
    .refine((v) => v === 'off' || v.trim().split(/\s+/).length >= 5, { message: 'must be a cron expression or "off"' }),
  /** `auto`: on first start with an empty database, load the official files or the demo set. */
  SEED_DEMO: z.enum(['auto', 'off']).default('auto'),
  /** Bearer token for admin-only calls (refreshTenders) until accounts have roles. */
  ADMIN_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Where the official CanadaBuys files are fetched from. */
  CANADABUYS_BASE_URL: z.url().default('https://canadabuys.canada.ca/opendata/pub/'),
  /** Milliseconds to wait for the official files before falling back to the demo set. */
  INGEST_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(8000),
  /** Directory holding the built web app; served with an SPA fallback when it exists. */
  WEB_DIST_DIR: z.string().default('apps/web/dist'),
  /** Public base URL of the app: every link in a mail, the allowed Origin. Default http://localhost:PORT. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Extra origins allowed to make state-changing calls (comma list), e.g. the Vite dev server http://localhost:5173. */
  ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const list = (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const origins: string[] = [];
      for (const item of list) {
        try {
          origins.push(new URL(item).origin);
        } catch {
          ctx.addIssue({ code: 'custom', message: `not a URL: ${item}` });
        }
      }
      return origins;
    }),
  /** smtp://user:pass@host:port (or smtps://). Unset: mails are kept in the mail_outbox table and their links logged. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Breeze <no-reply@localhost>'),
  /** Where contact-form messages are mailed (with Reply-To set to the sender). */
  SUPPORT_EMAIL: z.email('must be an email address').default('support@breeze.local'),
  /** Fastify trustProxy: unset (off), true, a hop count, or a comma list of proxy addresses/CIDRs. */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v): boolean | number | string => {
      if (v === undefined || v === 'false') return false;
      if (v === 'true') return true;
      return /^\d+$/.test(v) ? Number(v) : v;
    }),
  /** Session lifetimes (docs/decisions/0006-sessions.md). */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(43_200).default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(2_160).default(12),
  /** BreezeAI (ADR 0007): an OpenAI-compatible endpoint, e.g. https://api.openai.com/v1 or http://localhost:11434/v1. Unset: the offline engine. */
  LLM_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Bearer key for LLM_BASE_URL; optional (local servers such as Ollama need none). */
  LLM_API_KEY: z.string().optional(),
  /** Model name sent to the endpoint; required with LLM_BASE_URL (checked when the app is built). */
  LLM_MODEL: z.string().min(1).max(200).optional(),
  /** Per call to the model; on timeout BreezeAI answers with the offline engine. */
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
  /** RFP uploads (ADR 0008): per-file size, per-user quota, and the PDF parser's limits. */
  RFP_MAX_FILE_MB: z.coerce.number().min(0.01).max(100).default(10),
  RFP_MAX_FILES_PER_USER: z.coerce.number().int().min(1).max(10_000).default(20),
  RFP_MAX_STORAGE_MB: z.coerce.number().min(1).max(100_000).default(200),
  RFP_MAX_PAGES: z.coerce.number().int().min(1).max(10_000).default(500),
  RFP_MAX_INFLATED_MB: z.coerce.number().int().min(1).max(4_096).default(200),
  RFP_PARSE_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  RFP_PARSE_HEAP_MB: z.coerce.number().int().min(64).max(4_096).default(512),
  /** OCR of image-only PDFs (rfp.ocr.ts): wall time per document (queue, rendering and tesseract together). */
  RFP_OCR_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(1_800_000).default(120_000),
  /** OCR: images over this many megapixels are not decoded (an "image bomb" is reported, not drawn). */
  RFP_OCR_MAX_IMAGE_MPX: z.coerce.number().min(1).max(1_000).default(25),
  /** Upload requests per hour per user and per client IP (SECURITY.md A.4); over it, 429 rate_limited. */
  RFP_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(60),
  RFP_UPLOADS_PER_HOUR_PER_IP: z.coerce.number().int().min(1).max(100_000).default(120),
  /** Billing (ADR 0009). Set: Stripe Checkout and signed webhooks. Unset: the local provider, which charges nothing. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_\S+$/, 'must be a Stripe secret or restricted key (sk_… or rk_…)')
    .optional(),
  /** Signing secret of the webhook endpoint POST /api/subscriptions/webhook (whsec_…). */
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** Stripe API address; tests point it at a fake on loopback. Default https://api.stripe.com. */
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  /** Optional Stripe price ids per plan and cycle; without one, Checkout is sent the plan's CAD price inline. */
  STRIPE_PRICE_STARTER_MONTHLY: stripePriceId,
  STRIPE_PRICE_STARTER_YEARLY: stripePriceId,
  STRIPE_PRICE_PROFESSIONAL_MONTHLY: stripePriceId,
  STRIPE_PRICE_PROFESSIONAL_YEARLY: stripePriceId,
  STRIPE_PRICE_ENTERPRISE_MONTHLY: stripePriceId,
  STRIPE_PRICE_ENTERPRISE_YEARLY: stripePriceId,
  /**
   * Cron expression for the alert digests (alerts.send-digests, ADR 0012), or `off`. Default: every 15 minutes.
   * Each successful ingestion that adds tenders also starts a run, whatever this says.
   */
  ALERTS_SCHEDULE: z
    .string()
    .default('*/15 * * * *')
    .refine((v) => v === 'off' || v.trim().split(/\s+/).length >= 5, { message: 'must be a cron expression or "off"' }),
  /** Cron expression for the trial reminders and expiry job (billing.trial-reminders), or `off`. Default: hourly. */
  BILLING_SCHEDULE: z
    .string()
    .default('20 * * * *')
    .refine((v) => v === 'off' || v.trim().split(/\s+/).length >= 5, { message: 'must be a cron expression or "off"' }),
});

/** PUBLIC_URL is always set after loading: links in mails come from it, never from the Host header. */
const envWithDefaults = envSchema.transform((env) => ({
  ...env,
  PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
}));

export type Env = z.infer<typeof envWithDefaults>;

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings mean "not set" so that `FOO= npm start` falls back to the default.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envWithDefaults.safeParse(cleaned);
  if (!result.success) {
    throw new Error(`Invalid environment:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}
