import Database from 'better-sqlite3';
import type { BrowserContext, Page } from 'playwright-core';
import { chooseLanguage, type OpenOptions } from './browser.ts';
import type { RunningServer } from './start-server.ts';

export const E2E_PASSWORD = 'maple syrup tender season 42';

/** The newest confirmation link mailed to `email`, read from the server's outbox table. */
export async function confirmationLink(server: RunningServer, email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const db = new Database(server.dbFile, { readonly: true, fileMustExist: true });
    try {
      const rows = db
        .prepare('SELECT text_body FROM mail_outbox WHERE recipient = ? ORDER BY created_at DESC')
        .all(email) as { text_body: string }[];
      for (const { text_body } of rows) {
        const match = /https?:\/\/\S+\/confirm-email#token=[A-Za-z0-9_-]+/.exec(text_body);
        if (match) return match[0];
      }
    } finally {
      db.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no confirmation mail for ${email}\n${server.output()}`);
}

/**
 * Signs a new user up through the screens, confirms the address from the mailed link, signs in
 * and completes the three onboarding steps; the page ends on /home, signed in and onboarded.
 */
export async function signUpOnboarded(
  page: Page,
  server: RunningServer,
  company = 'Prairie Engineering Ltd.',
  /** Where the confirmation link comes from: the outbox by default, a loopback SMTP server when the test runs one. */
  confirmLink: (email: string) => Promise<string> = (email) => confirmationLink(server, email),
) {
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.goto(`${server.baseUrl}/sign-up`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Start my free trial' }).click();
  await page.waitForURL('**/sign-in?confirm-email=true');

  await page.goto(await confirmLink(email));
  await page.getByText('Your email address is confirmed. You can now sign in.').waitFor();
  await page.goto(`${server.baseUrl}/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await page.waitForURL('**/onboarding');
  const next = page.getByRole('button', { name: 'Continue' });
  await page.getByLabel('Company name').fill(company);
  await page.getByLabel('Company size').selectOption('11-50');
  await next.click();
  await page.getByRole('heading', { name: 'Industry & Services' }).waitFor();
  await page.getByLabel('Industry', { exact: true }).selectOption('consulting');
  await page.getByRole('checkbox', { name: 'Business Consulting' }).check();
  await page.getByRole('checkbox', { name: 'Alberta' }).check();
  await next.click();
  await page.getByRole('heading', { name: 'Experience & Preferences' }).waitFor();
  await page.getByLabel('Government contracting experience').selectOption('some');
  await page.getByLabel('Typical contract size').selectOption('50k-250k');
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await page.waitForURL('**/home');
  return { email, password: E2E_PASSWORD };
}

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** A signed-in, onboarded user whose cookies and localStorage later pages start with. */
export interface Session {
  state: StorageState;
  userId: string;
}

/**
 * signUpOnboarded in `page`, then what later pages need to be signed in as that user. The page
 * stays open (and signed in) for further set-up.
 */
export async function onboardedSession(page: Page, server: RunningServer, company: string): Promise<Session> {
  await signUpOnboarded(page, server, company);
  const state = await page.context().storageState();
  const me = (await (await page.request.get(`${server.baseUrl}/api/auth/user`)).json()) as { user: { id: string } };
  return { state, userId: me.user.id };
}

export interface SignedInOptions extends OpenOptions {
  /** The interface language, stored as the user's choice before every navigation. */
  language?: 'en' | 'fr';
}

/**
 * Opens pages signed in as the session's user: a new context with its cookies, and its
 * localStorage written before each navigation (keys the page has set itself are kept, so a
 * reload sees what the test did). `session` is read when a page opens (beforeAll sets it).
 */
export function signedInPages(browser: { newPage(o?: OpenOptions): Promise<Page> }, session: () => Session) {
  return async (opts: SignedInOptions = {}): Promise<Page> => {
    const { language, ...open } = opts;
    const { state } = session();
    const page = await browser.newPage(open);
    await page.context().addCookies(state.cookies);
    const entries = state.origins.flatMap((o) => o.localStorage.map((e) => [e.name, e.value] as const));
    await page.addInitScript((items) => {
      for (const [k, v] of items) if (window.localStorage.getItem(k) === null) window.localStorage.setItem(k, v);
    }, entries);
    if (language) await chooseLanguage(page, language);
    return page;
  };
}

/** A same-origin fetch from the page, with its cookies: the status and the JSON body (null if none). */
export async function callApi<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ([m, p, bd]) => {
      const res = await fetch(p, {
        method: m,
        headers: bd === undefined ? {} : { 'content-type': 'application/json' },
        body: bd === undefined ? undefined : JSON.stringify(bd),
        credentials: 'include',
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as T };
    },
    [method, path, body] as const,
  );
}
