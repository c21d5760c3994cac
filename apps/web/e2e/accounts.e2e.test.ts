import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AuthState } from '@app/shared/auth';
import type { NotificationList } from '@app/shared/notifications';
import type { Profile } from '@app/shared/profile';
import type { Tender } from '@app/shared/tender';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chooseLanguage, DESKTOP, expectNoAxeViolations, MOBILE, screenshot, useBrowser } from './browser.ts';
import { repoRoot } from './paths.ts';
import {
  apiPost,
  confirmationLink,
  confirmedAccount,
  E2E_PASSWORD as PASSWORD,
  signInThroughForm,
  signUpOnboarded,
  submitSignInForm,
  uniqueEmail,
} from './sign-in-helper.ts';
import { type RunningServer, startServer } from './start-server.ts';

/**
 * Accounts in Chromium (issue 3): sign-up to onboarding, the guards, reset from the mailed link,
 * unconfirmed sign-in and resend, profile, settings, the notification bell, 'Skip for now', every
 * spec §8 message of these screens, French, axe, and screenshots at 1280 and 375 px.
 */
const COMPANY = 'Northern Lights Consulting';
const NEW_PASSWORD = 'granite river lantern 77';
const DAY_MS = 86_400_000;
/** The long walks through several screens, each checked with axe at two widths, on a 2-core machine. */
const LONG = 180_000;

const fr = JSON.parse(readFileSync(join(repoRoot, 'apps/web/src/locales/fr/auth.json'), 'utf8')) as {
  signIn: { title: string };
};

// eslint-disable-next-line react-hooks/rules-of-hooks -- a vitest setup helper named like a hook, not a React hook
const browser = useBrowser();
let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

// ── helpers ──────────────────────────────────────────────────────────────────────────────────

/** Mails in the server's outbox for `email`, oldest first. */
function outbox(email: string): Array<{ subject: string; text_body: string }> {
  const db = new Database(server.dbFile, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare('SELECT subject, text_body FROM mail_outbox WHERE recipient = ? ORDER BY created_at, rowid')
      .all(email) as Array<{ subject: string; text_body: string }>;
  } finally {
    db.close();
  }
}

/** The newest mailed link matching `pattern`, waiting for it to arrive. */
async function mailedLink(email: string, pattern: RegExp, minMails = 1): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mails = outbox(email);
    if (mails.length >= minMails) {
      for (const mail of [...mails].reverse()) {
        const match = pattern.exec(mail.text_body);
        if (match) return match[0];
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail matching ${pattern} for ${email}`);
}

/** Chromium logs every 4xx/5xx the app provokes on purpose; drop exactly those before the guard. */
const dropHttpErrors = () => browser.clearPageErrors(/status of (401|403|409|400|500)\b|net::ERR_FAILED/);

/** Zero axe violations, then screenshots at 1280 and 375 px, with no sideways scroll on the phone. */
async function check(page: Page, name: string) {
  await expectNoAxeViolations(page);
  await screenshot(page, name);
  await page.setViewportSize(MOBILE);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name}: sideways scroll at 375 px`).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
  await screenshot(page, name);
  await page.setViewportSize(DESKTOP);
}

async function authUser(page: Page): Promise<AuthState> {
  const res = await page.request.get(`${server.baseUrl}/api/auth/user`);
  expect(res.status()).toBe(200);
  return (await res.json()) as AuthState;
}

async function notifications(page: Page): Promise<NotificationList> {
  const res = await page.request.get(`${server.baseUrl}/api/notifications`);
  expect(res.status()).toBe(200);
  return (await res.json()) as NotificationList;
}

// ── tests ────────────────────────────────────────────────────────────────────────────────────

describe('accounts', () => {
  test(
    'sign up → confirm from the mail → sign in → three onboarding steps (with their errors) → /home',
    async () => {
      const email = uniqueEmail('signup');
      const page = await browser.newPage();
      await page.goto(`${server.baseUrl}/sign-up?plan=professional&billing=yearly`);

      const submit = page.getByRole('button', { name: 'Start my free trial' });
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm password', { exact: true }).fill(`${PASSWORD}x`);
      await page.getByLabel('Email').focus();
      await page.getByText("Passwords don't match").waitFor();
      expect(await submit.isDisabled()).toBe(true);
      await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
      expect(await submit.isDisabled()).toBe(true); // terms not accepted yet
      await page.getByRole('checkbox', { name: /I agree to the/ }).check();
      await check(page, 'accounts-sign-up');
      await submit.click();

      await page.waitForURL('**/sign-in?confirm-email=true');
      await page.getByText('Account created successfully!').waitFor();
      await page
        .getByText('Please check your inbox and click the confirmation link to activate your account.')
        .waitFor();
      await check(page, 'accounts-sign-in-confirm');

      const link = await confirmationLink(server, email);
      expect(new URL(link).origin).toBe(server.baseUrl);
      await page.goto(link);
      await page.getByText('Your email address is confirmed. You can now sign in.').waitFor();
      await check(page, 'accounts-confirm-email');
      await page.getByRole('link', { name: 'Go to sign in' }).click();

      await page.waitForURL('**/sign-in');
      await submitSignInForm(page, email);

      // Signed in, not onboarded: the auth-entry guard sends the user to /onboarding.
      await page.waitForURL('**/onboarding');
      const next = page.getByRole('button', { name: 'Continue' });
      expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
      expect(await next.isDisabled()).toBe(true);
      await page.getByText('Step 1 of 3: Company Basics').waitFor();
      await page.getByLabel('Company name').fill(COMPANY);
      await page.getByLabel('Company size').selectOption('11-50');
      await check(page, 'accounts-onboarding-1');
      await next.click();

      await page.getByRole('heading', { name: 'Industry & Services' }).waitFor();
      expect(await next.isDisabled()).toBe(true);
      await page.getByLabel('Industry', { exact: true }).selectOption('consulting');
      await page.getByRole('checkbox', { name: 'Business Consulting' }).check();
      await page.getByRole('checkbox', { name: 'Ontario' }).check();
      await check(page, 'accounts-onboarding-2');
      await next.click();

      await page.getByRole('heading', { name: 'Experience & Preferences' }).waitFor();
      const complete = page.getByRole('button', { name: 'Complete Setup' });
      expect(await complete.isDisabled()).toBe(true);
      await page.getByLabel('Government contracting experience').selectOption('some');
      await page.getByLabel('Typical contract size').selectOption('50k-250k');
      await check(page, 'accounts-onboarding-3');

      // Spec §8's onboarding messages: a failed save, and an unexpected failure (no answer at all).
      await page.route('**/api/profile', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({
            statusCode: 500,
            code: 'internal_error',
            error: 'Internal Server Error',
            message: 'x',
          }),
        }),
      );
      await complete.click();
      await page.getByText('Failed to save profile. Please try again.').waitFor();
      await page.unroute('**/api/profile');
      await page.route('**/api/profile', (route) => route.abort());
      await complete.click();
      await page.getByText('An unexpected error occurred. Please try again.').waitFor();
      await page.unroute('**/api/profile');
      dropHttpErrors();
      await complete.click();

      await page.waitForURL('**/home');
      await page.getByRole('heading', { name: `Welcome back, ${COMPANY}` }).waitFor();
      const { profile } = await authUser(page);
      expect(profile).toMatchObject({
        company_name: COMPANY,
        industry: 'consulting',
        service_regions: ['Ontario'],
        onboarding_completed: true,
      });

      // The auth state survives a reload (persisted under `root`, re-validated with the server).
      await page.reload();
      await page.getByRole('heading', { name: `Welcome back, ${COMPANY}` }).waitFor();
      expect(await page.evaluate(() => Object.keys(localStorage))).toEqual(['root']);

      // The user menu shows the company and industry, closes on an outside click, and signs out.
      const menuButton = page.getByRole('button', { name: /account menu/ });
      await menuButton.click();
      expect(await menuButton.textContent()).toContain('Consulting');
      await page.getByRole('link', { name: 'Settings' }).waitFor();
      await check(page, 'accounts-user-menu');
      await page.getByRole('heading', { name: /Welcome back/ }).click();
      expect(await page.getByRole('link', { name: 'Settings' }).count()).toBe(0);
      await menuButton.click();
      await page.getByRole('button', { name: 'Sign Out' }).click();
      await page.getByRole('link', { name: 'Sign In' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      expect((await page.request.get(`${server.baseUrl}/api/auth/user`)).status()).toBe(401);
    },
    LONG,
  );

  test('a signed-out visit to /profile lands on /sign-in', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.baseUrl}/profile`);
    await page.waitForURL('**/sign-in');
    await page.getByRole('heading', { name: 'Sign in to Breeze' }).waitFor();
  });

  test(
    'reset password from the mailed link, then sign in with the new password',
    async () => {
      const email = await confirmedAccount(server, 'reset');
      const page = await browser.newPage();

      // The update-password screen needs a token (spec §2).
      await page.goto(`${server.baseUrl}/update-password`);
      await page.getByText('Invalid reset link. Please request a new password reset.').waitFor();
      await check(page, 'accounts-update-password-missing');

      // Reset forms' fallback (spec §8) when the server cannot be reached.
      await page.goto(`${server.baseUrl}/sign-in`);
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await page.waitForURL('**/reset-password');
      await page.route('**/api/auth/reset-password', (route) => route.abort());
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByText('Something went wrong').waitFor();
      await page.unroute('**/api/auth/reset-password');
      dropHttpErrors();

      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByText('Check your email for a password reset link.').waitFor();
      await check(page, 'accounts-reset-password');

      const link = await mailedLink(email, /https?:\/\/\S+\/update-password#access_token=[A-Za-z0-9_-]+/);
      expect(new URL(link).origin).toBe(server.baseUrl);
      await page.goto(link);
      await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
      // The token left the address bar (it lives in the fragment only until read).
      expect(new URL(page.url()).hash).toBe('');

      const update = page.getByRole('button', { name: 'Update password' });
      await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('Confirm new password', { exact: true }).fill(`${NEW_PASSWORD}!`);
      await update.click();
      await page.getByText('Passwords do not match').waitFor();
      await page.getByLabel('New password', { exact: true }).fill('short');
      await page.getByLabel('Confirm new password', { exact: true }).fill('short');
      await update.click();
      await page.getByText('Password must be at least 8 characters').waitFor();
      await page.getByLabel('New password', { exact: true }).fill('password123');
      await page.getByLabel('Confirm new password', { exact: true }).fill('password123');
      await update.click();
      await page.getByText('This password is too common. Please choose a different one.').waitFor();
      await check(page, 'accounts-update-password');

      await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
      await update.click();
      await page.getByText('Password updated! Redirecting to sign in...').waitFor();
      const shownAt = Date.now();
      await page.waitForURL('**/sign-in');
      expect(Date.now() - shownAt).toBeGreaterThan(1_500); // after 2 seconds (spec §2)

      // The link is single use: a second visit gets the invalid-link message.
      await page.goto(link);
      await page.getByLabel('New password', { exact: true }).fill(`${NEW_PASSWORD}2`);
      await page.getByLabel('Confirm new password', { exact: true }).fill(`${NEW_PASSWORD}2`);
      await page.getByRole('button', { name: 'Update password' }).click();
      await page.getByText('This link is invalid or has expired. Please request a new one.').waitFor();

      // The old password no longer works; the new one does.
      await signInThroughForm(page, server, email, PASSWORD);
      await page.getByText('Invalid email or password').waitFor();
      await check(page, 'accounts-sign-in-error');
      await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL('**/onboarding');
      expect((await authUser(page)).user.email).toBe(email);

      // Any other sign-in failure (no answer) is 'Failed to sign in' (spec §8).
      const other = await browser.newPage();
      await other.route('**/api/auth/signin', (route) => route.abort());
      await signInThroughForm(other, server, email, NEW_PASSWORD);
      await other.getByText('Failed to sign in').waitFor();
      dropHttpErrors();
    },
    LONG,
  );

  test('signing in unconfirmed explains why and resends the confirmation mail', async () => {
    const email = uniqueEmail('unconfirmed');
    expect((await apiPost(server, '/api/auth/signup', { email, password: PASSWORD })).status).toBe(200);
    await confirmationLink(server, email);
    const before = outbox(email).length;

    const page = await browser.newPage();
    await signInThroughForm(page, server, email);
    await page
      .getByText(
        'Please confirm your email address before signing in. Check your inbox for the confirmation link, or request a new one.',
      )
      .waitFor();
    await check(page, 'accounts-sign-in-unconfirmed');
    await page.getByRole('button', { name: 'Resend confirmation' }).click();
    await page
      .getByText('If an account with this email is waiting for confirmation, a new confirmation link is on its way.')
      .waitFor();
    dropHttpErrors();

    // A new mail with a new link, and the new link confirms the account.
    const link = await mailedLink(email, /https?:\/\/\S+\/confirm-email#token=[A-Za-z0-9_-]+/, before + 1);
    const mails = outbox(email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.subject).toBe('Confirm your Breeze account');
    await page.goto(link);
    await page.getByText('Your email address is confirmed. You can now sign in.').waitFor();
    await signInThroughForm(page, server, email);
    await page.waitForURL('**/onboarding');
  });

  test(
    'profile: view, Edit Profile, Cancel resets, Save Changes shows the message for 3 s, failure message',
    async () => {
      const page = await browser.newPage();
      await signUpOnboarded(page, server, COMPANY);
      await page.goto(`${server.baseUrl}/profile`);
      await page.getByRole('heading', { name: COMPANY, level: 1 }).waitFor();
      const saved = (await authUser(page)).profile!;
      const details = page.locator('dl.details');
      await details.getByText('Business Consulting').waitFor();
      await details.getByText('11-50 employees').waitFor();
      await check(page, 'accounts-profile');

      // Cancel resets to the saved values.
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await page.getByLabel('Company name').fill('Something Else Inc.');
      await page.getByRole('checkbox', { name: 'Yukon' }).check();
      await check(page, 'accounts-profile-edit');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('heading', { name: COMPANY, level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      expect(await page.getByLabel('Company name').inputValue()).toBe(COMPANY);
      expect(await page.getByRole('checkbox', { name: 'Yukon' }).isChecked()).toBe(false);

      // Save Changes: stored, shown, and the success message disappears after 3 seconds.
      const renamed = `${COMPANY} West`;
      await page.getByLabel('Company name').fill(renamed);
      await page.getByRole('checkbox', { name: 'Yukon' }).check();
      await page.getByLabel('Typical contract size').selectOption('');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      const success = page.getByText('Profile updated successfully!');
      await success.waitFor();
      const shownAt = Date.now();
      await page.getByRole('heading', { name: renamed, level: 1 }).waitFor();
      const stored: Profile = (await authUser(page)).profile!;
      expect(stored).toMatchObject({ company_name: renamed, typical_contract_size: null });
      expect([...stored.service_regions].sort()).toEqual([...saved.service_regions, 'Yukon'].sort());
      await details.getByText('Not set').waitFor(); // the cleared contract size
      await success.waitFor({ state: 'detached', timeout: 6_000 });
      const visibleMs = Date.now() - shownAt;
      expect(visibleMs).toBeGreaterThan(2_500);
      expect(visibleMs).toBeLessThan(5_000);

      // Without a session the save fails with spec §8's screen message.
      expect(
        (
          await page.request.post(`${server.baseUrl}/api/auth/signout`, { headers: { origin: server.baseUrl } })
        ).status(),
      ).toBe(200);
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await page.getByLabel('Company name').fill('No Session Ltd.');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Failed to update profile. Please try again.').waitFor();
      // Spec §8: a profile update without a session is 'No authenticated user'.
      await page.getByRole('alert').getByText('No authenticated user').waitFor();
      dropHttpErrors();
    },
    LONG,
  );

  test('settings: change password (current required), sessions list and end one, email change refused when taken', async () => {
    const page = await browser.newPage();
    const { email } = await signUpOnboarded(page, server, 'Settings Test Co.');

    // A second session from another device.
    const other = await apiPost(server, '/api/auth/signin', { email, password: PASSWORD }, 'E2E Other Device/1.0');
    expect(other.status).toBe(200);
    const otherCookie = other.headers.get('set-cookie')!.split(';')[0]!;
    expect((await fetch(`${server.baseUrl}/api/auth/user`, { headers: { cookie: otherCookie } })).status).toBe(200);

    await page.goto(`${server.baseUrl}/settings`);
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.getByText(`Signed in as ${email}`).waitFor();
    const sessions = page.locator('.sessions__item');
    await page.getByText('E2E Other Device/1.0').waitFor();
    expect(await sessions.count()).toBe(2);
    await page.getByText('This session').waitFor();
    await check(page, 'accounts-settings');

    await page.getByRole('button', { name: /^End session: E2E Other Device\/1\.0/ }).click();
    await page.getByText('The session has been ended.').waitFor();
    await expect.poll(() => sessions.count()).toBe(1);
    expect((await fetch(`${server.baseUrl}/api/auth/user`, { headers: { cookie: otherCookie } })).status).toBe(401);

    // Change password: a wrong current password is refused, the right one works.
    const pwSection = page.locator('section', { has: page.getByRole('heading', { name: 'Change password' }) });
    await pwSection.getByLabel('Current password', { exact: true }).fill('not my password at all');
    await pwSection.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await pwSection.getByRole('button', { name: 'Change password' }).click();
    await pwSection.getByText('The password is incorrect').waitFor();
    await pwSection.getByLabel('Current password', { exact: true }).fill(PASSWORD);
    await pwSection.getByRole('button', { name: 'Change password' }).click();
    await pwSection.getByText('Your password has been changed.').waitFor();
    // The session was rotated, not ended: the page still works; the new password signs in.
    expect((await authUser(page)).user.email).toBe(email);
    expect((await apiPost(server, '/api/auth/signin', { email, password: NEW_PASSWORD })).status).toBe(200);
    expect((await apiPost(server, '/api/auth/signin', { email, password: PASSWORD })).status).toBe(401);

    // Email change to an address that another account takes before the link is used (spec §8 duplicate).
    const wanted = uniqueEmail('wanted');
    const emailSection = page.locator('section', { has: page.getByRole('heading', { name: 'Change email' }) });
    await emailSection.getByLabel('New email').fill(wanted);
    await emailSection.getByLabel('Current password', { exact: true }).fill(NEW_PASSWORD);
    await emailSection.getByRole('button', { name: 'Change email' }).click();
    await emailSection.getByText('Check your new inbox: we sent a confirmation link to the new address.').waitFor();
    const changeLink = await mailedLink(wanted, /https?:\/\/\S+\/confirm-email#token=[A-Za-z0-9_-]+/);
    expect(outbox(wanted)[0]!.subject).toBe('Confirm your new Breeze email address');
    expect((await apiPost(server, '/api/auth/signup', { email: wanted, password: PASSWORD })).status).toBe(200);
    await page.goto(changeLink);
    await page.getByText('This email address is already used by another account.').waitFor();
    await check(page, 'accounts-confirm-email-taken');
    expect((await authUser(page)).user.email).toBe(email);
    dropHttpErrors();
  });

  test('the bell: a bookmarked tender closing within 3 days shows as unread, lists with a link, and is marked read', async () => {
    const page = await browser.newPage();
    await signUpOnboarded(page, server, 'Bell Ringers Ltd.');
    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await bell.waitFor();
    expect(await bell.getAttribute('aria-label')).toBe('Notifications, 0 unread');

    // Empty state.
    await bell.click();
    await page.getByText("You're all caught up.").waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByText("You're all caught up.").count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Notifications, 0 unread',
    );

    // The soonest-closing open tender that closes within 3 days, found through the API.
    const res = await page.request.get(`${server.baseUrl}/api/tenders/getOpenTenderNoticesFromDB?limit=50`);
    const now = Date.now();
    const soon = ((await res.json()) as Tender[]).find((t) => {
      const closes = Date.parse(t.closing_date ?? '');
      return closes > now + 3_600_000 && closes <= now + 3 * DAY_MS - 3_600_000;
    });
    expect(soon, 'an open tender closing within 3 days').toBeDefined();
    const { user } = await authUser(page);
    const added = await page.request.post(`${server.baseUrl}/api/bookmarks`, {
      headers: { origin: server.baseUrl },
      data: { userId: user.id, tender_notice_id: soon!.id },
    });
    expect(added.status()).toBe(201);
    expect((await notifications(page)).unread).toBe(1);

    await page.reload();
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    const item = page.getByRole('link', { name: new RegExp(`Closing soon: ${escapeRegExp(soon!.title)}`) });
    await item.waitFor();
    expect(await item.getAttribute('href')).toBe(`/tender-notice/${encodeURIComponent(soon!.id)}`);
    expect(await item.textContent()).toMatch(/New.*Closes (today|tomorrow|in \d days)/);
    await check(page, 'accounts-bell');

    // Outside click closes; mark all as read clears the count, here and on the server.
    await page.mouse.click(5, 700);
    await expect.poll(() => item.count()).toBe(0);
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByRole('button', { name: 'Notifications, 0 unread' }).waitFor();
    const after = await notifications(page);
    expect(after.unread).toBe(0);
    expect(after.notifications.map((n) => [n.kind, n.tender?.id, n.read])).toEqual([
      ['bookmark_closing', soon!.id, true],
    ]);

    // The item leads to the tender.
    await item.click();
    await page.waitForURL(`**/tender-notice/${encodeURIComponent(soon!.id)}`);
  });

  test("'Skip for now' lets the user in with an incomplete profile and invites them to complete it", async () => {
    const email = await confirmedAccount(server, 'skip');
    const page = await browser.newPage();
    await signInThroughForm(page, server, email);
    await page.waitForURL('**/onboarding');

    // Without a session the skip cannot be saved: spec §8's onboarding message.
    await page.request.post(`${server.baseUrl}/api/auth/signout`, { headers: { origin: server.baseUrl } });
    await page.getByRole('link', { name: "Skip for now, I'll complete this later" }).click();
    await page.getByText('User not authenticated. Please sign in again.').waitFor();
    await page.reload(); // the restored state is re-checked: signed out
    await page.waitForURL('**/sign-in');
    dropHttpErrors();

    await signInThroughForm(page, server, email);
    await page.waitForURL('**/onboarding');
    await page.getByRole('link', { name: "Skip for now, I'll complete this later" }).click();
    await page.waitForURL('**/home');
    await page.getByText('Your company profile is not complete yet').waitFor();
    await page.getByRole('heading', { name: 'Welcome back, User' }).waitFor();
    expect((await authUser(page)).profile).toMatchObject({ onboarding_skipped: true, onboarding_completed: false });
    await check(page, 'accounts-home-skipped');

    // The choice holds across reloads and other protected pages; the profile shows its placeholders.
    await page.reload();
    await page.getByText('Your company profile is not complete yet').waitFor();
    await page.goto(`${server.baseUrl}/profile`);
    await page.getByText('No services selected').waitFor();
    await page.getByText('No regions selected').waitFor();
    // Signing in again lands on /home, not /onboarding.
    await page.goto(`${server.baseUrl}/sign-in`);
    await page.waitForURL('**/home');

    // The invitation leads back to the wizard.
    await page.locator('.complete-profile-invite').getByRole('link', { name: 'Complete your profile' }).click();
    await page.waitForURL('**/onboarding');
    await page.getByText('Step 1 of 3: Company Basics').waitFor();
  });

  test(
    'every account screen in French, with zero axe violations',
    async () => {
      const email = await confirmedAccount(server, 'fr');
      const page = await browser.newPage({ locale: 'fr-CA' });
      await chooseLanguage(page, 'fr');

      await page.goto(`${server.baseUrl}/sign-in?confirm-email=true`);
      await page.getByRole('heading', { name: fr.signIn.title }).waitFor();
      await page.getByText('Compte créé avec succès!').waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr-CA');
      await page.getByLabel('Courriel').fill('pas-un-courriel');
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page.getByText('Veuillez entrer une adresse courriel valide').waitFor();
      await check(page, 'accounts-fr-sign-in');

      await page.goto(`${server.baseUrl}/sign-up`);
      await page.getByRole('heading', { name: 'Commencez votre essai gratuit de 14 jours' }).waitFor();
      await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirmer le mot de passe', { exact: true }).fill('autre chose');
      await page.getByLabel('Courriel').focus();
      await page.getByText('Les mots de passe ne correspondent pas').waitFor();
      await check(page, 'accounts-fr-sign-up');

      await page.goto(`${server.baseUrl}/reset-password`);
      await page.getByRole('button', { name: 'Envoyer le lien de réinitialisation' }).waitFor();
      await check(page, 'accounts-fr-reset-password');

      await page.goto(`${server.baseUrl}/update-password`);
      await page
        .getByText(
          'Lien de réinitialisation invalide. Veuillez demander une nouvelle réinitialisation du mot de passe.',
        )
        .waitFor();
      await check(page, 'accounts-fr-update-password');

      await page.goto(`${server.baseUrl}/sign-in`);
      await page.getByLabel('Courriel').fill(email);
      await page.getByLabel('Mot de passe', { exact: true }).fill('mauvais mot de passe');
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page.getByText('Courriel ou mot de passe invalide').waitFor();
      dropHttpErrors();
      await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page.waitForURL('**/onboarding');
      await page.getByText("Étape 1 sur 3 : L'essentiel de l'entreprise").waitFor();
      await page.getByLabel("Taille de l'entreprise").selectOption('51-200');
      expect(await page.getByLabel("Taille de l'entreprise").locator('option:checked').textContent()).toBe(
        '51-200 employés',
      );
      await check(page, 'accounts-fr-onboarding');

      await page.getByRole('link', { name: "Passer pour l'instant, je terminerai plus tard" }).click();
      await page.waitForURL('**/home');
      await page.getByText("Le profil de votre entreprise n'est pas encore complet").waitFor();

      await page.goto(`${server.baseUrl}/profile`);
      await page.getByText('Aucun service sélectionné').waitFor();
      await page.getByRole('button', { name: 'Modifier le profil' }).click();
      await page.getByRole('checkbox', { name: 'Colombie-Britannique' }).waitFor();
      await check(page, 'accounts-fr-profile');

      await page.goto(`${server.baseUrl}/settings`);
      await page.getByRole('heading', { name: 'Paramètres', level: 1 }).waitFor();
      await page.getByText('Cette session').waitFor();
      await check(page, 'accounts-fr-settings');

      await page.getByRole('button', { name: 'Notifications, 0 non lues' }).click();
      await page.getByText('Vous êtes à jour.').waitFor();
      await check(page, 'accounts-fr-bell');
    },
    LONG,
  );
});

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
