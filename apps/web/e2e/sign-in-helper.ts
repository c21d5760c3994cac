import Database from 'better-sqlite3';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { MailCatcher } from '../../server/test/mail-catcher.ts';
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

/** A new address no other test uses: `e2e-<tag>-<time>-<random>@example.com`. */
export const uniqueEmail = (tag: string) =>
  `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/** A state-changing API call as the app makes it (its own Origin, JSON), outside the browser. */
export async function apiPost(server: RunningServer, path: string, body: unknown, userAgent?: string) {
  return fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      origin: server.baseUrl,
      'content-type': 'application/json',
      ...(userAgent ? { 'user-agent': userAgent } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** An account signed up and confirmed through the API (the screens are tested elsewhere); its email. */
export async function confirmedAccount(server: RunningServer, tag: string): Promise<string> {
  const email = uniqueEmail(tag);
  const res = await apiPost(server, '/api/auth/signup', { email, password: E2E_PASSWORD });
  expect(res.status, await res.text()).toBe(200);
  const token = new URL(await confirmationLink(server, email)).hash.replace('#token=', '');
  const confirmed = await apiPost(server, '/api/auth/confirm-email', { token });
  expect(confirmed.status).toBe(200);
  return email;
}

/** The confirmation link mailed to `email` as the loopback SMTP server received it. */
export const confirmationLinkFrom = (catcher: MailCatcher) => async (email: string) => {
  const mail = await catcher.next(email, 'Confirm your Breeze account', 15_000);
  const link = /https?:\/\/\S+\/confirm-email#token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeDefined();
  return link!;
};

/**
 * Fills the sign-in form already on the page and presses Sign In. It waits for nothing after the
 * click: the caller waits for what it expects (/onboarding, /home, an error message).
 */
export async function submitSignInForm(page: Page, email: string, password = E2E_PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Opens /sign-in and signs in through the form (see submitSignInForm: the caller waits for the outcome). */
export async function signInThroughForm(page: Page, server: RunningServer, email: string, password = E2E_PASSWORD) {
  await page.goto(`${server.baseUrl}/sign-in`);
  await submitSignInForm(page, email, password);
}

/**
 * Signs a new user up through the screens, confirms the address from the mailed link and signs in
 * through the form; the page ends on /onboarding, signed in and not onboarded.
 */
export async function signUpConfirmedSignedIn(
  page: Page,
  server: RunningServer,
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
  await signInThroughForm(page, server, email);
  await page.waitForURL('**/onboarding');
  return { email, password: E2E_PASSWORD };
}

/** The answers of the three onboarding steps. */
export interface OnboardingAnswers {
  company: string;
  size: string;
  industry: string;
  service: string;
  region: string;
  experience: string;
  contractSize: string;
}

/** signUpOnboarded's answers (the dashboard tests rely on consulting, Business Consulting, Alberta). */
export const DEFAULT_ONBOARDING: OnboardingAnswers = {
  company: 'Prairie Engineering Ltd.',
  size: '11-50',
  industry: 'consulting',
  service: 'Business Consulting',
  region: 'Alberta',
  experience: 'some',
  contractSize: '50k-250k',
};

/** From /onboarding, completes the three steps with `answers`; the page ends on /home. */
export async function completeOnboarding(page: Page, answers: OnboardingAnswers = DEFAULT_ONBOARDING) {
  const next = page.getByRole('button', { name: 'Continue' });
  await page.getByLabel('Company name').fill(answers.company);
  await page.getByLabel('Company size').selectOption(answers.size);
  await next.click();
  await page.getByRole('heading', { name: 'Industry & Services' }).waitFor();
  await page.getByLabel('Industry', { exact: true }).selectOption(answers.industry);
  await page.getByRole('checkbox', { name: answers.service }).check();
  await page.getByRole('checkbox', { name: answers.region }).check();
  await next.click();
  await page.getByRole('heading', { name: 'Experience & Preferences' }).waitFor();
  await page.getByLabel('Government contracting experience').selectOption(answers.experience);
  await page.getByLabel('Typical contract size').selectOption(answers.contractSize);
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await page.waitForURL('**/home');
}

/**
 * Signs a new user up through the screens, confirms the address from the mailed link, signs in
 * and completes the three onboarding steps; the page ends on /home, signed in and onboarded.
 */
export async function signUpOnboarded(
  page: Page,
  server: RunningServer,
  company = DEFAULT_ONBOARDING.company,
  /** Where the confirmation link comes from: the outbox by default, a loopback SMTP server when the test runs one. */
  confirmLink: (email: string) => Promise<string> = (email) => confirmationLink(server, email),
) {
  const account = await signUpConfirmedSignedIn(page, server, confirmLink);
  await completeOnboarding(page, { ...DEFAULT_ONBOARDING, company });
  return account;
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
