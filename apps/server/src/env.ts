import { z } from 'zod';

// The only module that reads process.env (lint enforces it). Behaviour switches on these
// explicit settings, never on NODE_ENV.
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
  /** Public base URL of the app (links in mails). */
  PUBLIC_URL: z.url().optional(),
});

export type Env = z.infer<typeof envSchema>;

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings mean "not set" so that `FOO= npm start` falls back to the default.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new Error(`Invalid environment:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}
