import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
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
