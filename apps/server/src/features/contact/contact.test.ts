import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONTACT_MESSAGES, contactReceivedSchema } from '@app/shared/contact';
import { createConfirmedUser, createTestClock, HOUR, TestClient } from '../../../test/auth-helpers.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { startMailCatcher, type MailCatcher } from '../../../test/mail-catcher.ts';

/**
 * POST /api/contact through a real SMTP server on loopback: the message is stored, mailed to
 * SUPPORT_EMAIL with Reply-To the sender, and copied to the sender; each check of spec §5 has
 * its message; CR/LF cannot reach a mail header; a mail failure still stores and answers 201.
 */
const SUPPORT = 'help-desk@breeze.test';
const clock = createTestClock(new Date().toISOString());
let catcher: MailCatcher;
let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let ipSeq = 0;
/** Each test from its own IP, so the per-IP limit only bites where it is tested. */
const visitor = () => new TestClient(ctx.app, { ip: `10.0.0.${++ipSeq}` });

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.ca',
  company: 'Analytical Engines Inc.',
  inquiryType: 'sales',
  subject: 'Pricing for 12 seats',
  message: 'Hello,\n\nWe would like a quote for 12 users.\nThanks!',
};

beforeAll(async () => {
  catcher = await startMailCatcher();
  ctx = await buildTestApp({ env: { SMTP_URL: catcher.url, SUPPORT_EMAIL: SUPPORT }, now: clock.now });
});
afterAll(async () => {
  await ctx.app.close();
  await catcher.close();
});

const stored = (id: string) =>
  ctx.dbh.db.selectFrom('contact_message').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('a message', () => {
  test('is stored, mailed to support with Reply-To the sender, and copied to the sender', async () => {
    const res = await visitor().post('/api/contact', valid);
    expect(res.statusCode, res.body).toBe(201);
    const body = contactReceivedSchema.parse(res.json());
    expect(body.receivedAt).toBe(clock.now().toISOString());
    expect(Object.keys(res.json<object>()).sort()).toEqual(['id', 'receivedAt']);

    const support = await catcher.next(SUPPORT);
    expect(support.to).toBe(SUPPORT);
    expect(support.replyTo).toBe('"Ada Lovelace" <ada@example.ca>');
    expect(support.subject).toBe('[Breeze contact: Sales] Pricing for 12 seats');
    expect(support.text).toContain('From: Ada Lovelace <ada@example.ca>');
    expect(support.text).toContain('Company: Analytical Engines Inc.');
    expect(support.text).toContain('We would like a quote for 12 users.\nThanks!');
    expect(support.text).toContain(body.id);

    const copy = await catcher.next('ada@example.ca');
    expect(copy.to).toBe('ada@example.ca');
    expect(copy.subject).toBe('We received your message');
    expect(copy.replyTo).toBe('');
    expect(copy.text).toContain('Hello Ada Lovelace,');
    expect(copy.text).toContain('within 4 hours'); // sales (spec §2 response promises)
    expect(copy.text).toContain('Pricing for 12 seats');
    expect(copy.text).toContain('We would like a quote for 12 users.');

    expect(await stored(body.id)).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.ca',
      company: 'Analytical Engines Inc.',
      inquiry_type: 'sales',
      subject: 'Pricing for 12 seats',
      message: valid.message,
      user_id: null,
      ip: '10.0.0.1',
      created_at: body.receivedAt,
      mailed_at: clock.now().toISOString(),
      confirmation_mailed_at: clock.now().toISOString(),
    });
  });

  test('inquiry type defaults to general; demo ("Book a demo") is accepted; company is optional', async () => {
    const { inquiryType: _i, company: _c, ...rest } = valid;
    const general = await visitor().post('/api/contact', { ...rest, email: 'gen@example.ca' });
    expect(general.statusCode, general.body).toBe(201);
    expect(await stored(general.json<{ id: string }>().id)).toMatchObject({ inquiry_type: 'general', company: null });
    expect((await catcher.next('gen@example.ca')).text).toContain('within 24 hours');

    const demo = await visitor().post('/api/contact', {
      ...rest,
      email: 'demo@example.ca',
      inquiryType: 'demo',
      company: '',
    });
    expect(demo.statusCode).toBe(201);
    expect(await stored(demo.json<{ id: string }>().id)).toMatchObject({ inquiry_type: 'demo', company: null });
    expect((await catcher.next(SUPPORT, 'Book a demo')).replyTo).toContain('demo@example.ca');
  });

  test("the sender's copy is in the language of the form, and promises only spec §2's response times", async () => {
    const fr = await visitor().post('/api/contact', {
      ...valid,
      email: 'claire@example.ca',
      inquiryType: 'support',
      subject: 'Accès au tableau',
      locale: 'fr',
    });
    expect(fr.statusCode, fr.body).toBe(201);
    const copy = await catcher.next('claire@example.ca');
    expect(copy.subject).toBe('Nous avons bien reçu votre message');
    expect(copy.text).toContain('Bonjour Ada Lovelace,');
    expect(copy.text).toContain('dans un délai de 2 heures');
    expect(copy.text).toContain('du lundi au vendredi, de 9 h à 18 h (HNE)');
    expect(copy.text).toContain('Votre message (Soutien technique) : Accès au tableau');
    expect(copy.html).toContain('<html lang="fr">');
    // Support reads English, and learns the sender's language.
    expect((await catcher.next(SUPPORT, 'Accès au tableau')).text).toContain('Language: French');

    // Demo, partnership and media have no response time in the spec: none is promised.
    for (const inquiryType of ['demo', 'partnership', 'media'] as const) {
      const email = `${inquiryType}-promise@example.ca`;
      expect((await visitor().post('/api/contact', { ...valid, email, inquiryType })).statusCode).toBe(201);
      const mail = await catcher.next(email);
      expect(mail.text).toContain('will answer during business hours (Mon-Fri 9AM-6PM EST)');
      expect(mail.text).not.toMatch(/within \d/);
    }
    expect(
      (await visitor().post('/api/contact', { ...valid, email: 'x@example.ca', locale: 'de' })).json(),
    ).toMatchObject({ code: 'validation_failed' });
  });

  test('a signed-in sender is linked to the message', async () => {
    await createConfirmedUser(ctx.dbh, 'member@example.ca', 'correct horse battery staple 42');
    const member = new TestClient(ctx.app, { ip: '10.8.0.1' });
    const { user } = await member.signIn('member@example.ca', 'correct horse battery staple 42');
    const res = await member.post('/api/contact', { ...valid, email: 'member@example.ca', inquiryType: 'support' });
    expect(res.statusCode).toBe(201);
    expect(await stored(res.json<{ id: string }>().id)).toMatchObject({ user_id: user.id, inquiry_type: 'support' });
    expect((await catcher.next('member@example.ca', 'We received')).text).toContain('within 2 hours');
  });
});

describe('validation (spec §5)', () => {
  const { name: _n, email: _e, subject: _s, message: _m, ...optional } = valid;
  test.each([
    ['no name', { ...valid, name: undefined }, CONTACT_MESSAGES.nameRequired],
    ['a blank name', { ...valid, name: '   ' }, CONTACT_MESSAGES.nameRequired],
    ['no email', { ...valid, email: undefined }, CONTACT_MESSAGES.emailRequired],
    ['an empty email', { ...valid, email: ' ' }, CONTACT_MESSAGES.emailRequired],
    ['a malformed email', { ...valid, email: 'ada@' }, CONTACT_MESSAGES.emailInvalid],
    ['no subject', { ...valid, subject: undefined }, CONTACT_MESSAGES.subjectRequired],
    ['a blank subject', { ...valid, subject: '\t' }, CONTACT_MESSAGES.subjectRequired],
    ['no message', { ...valid, message: undefined }, CONTACT_MESSAGES.messageRequired],
    ['a blank message', { ...valid, message: ' \n ' }, CONTACT_MESSAGES.messageRequired],
    ['a long name', { ...valid, name: 'a'.repeat(101) }, CONTACT_MESSAGES.nameTooLong],
    ['a long subject', { ...valid, subject: 's'.repeat(201) }, CONTACT_MESSAGES.subjectTooLong],
    ['a long message', { ...valid, message: 'm'.repeat(5001) }, CONTACT_MESSAGES.messageTooLong],
    ['a long company', { ...valid, company: 'c'.repeat(201) }, CONTACT_MESSAGES.companyTooLong],
    ['an unknown inquiry type', { ...valid, inquiryType: 'complaint' }, CONTACT_MESSAGES.inquiryTypeInvalid],
    ['a control character in the message', { ...valid, message: 'hi\u0000there' }, CONTACT_MESSAGES.messageInvalid],
    ['nothing at all', { ...optional }, CONTACT_MESSAGES.nameRequired],
  ])('%s: 400 with its message', async (_label, body, message) => {
    const res = await visitor().post('/api/contact', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'validation_failed' });
    expect(res.json<{ message: string }>().message).toContain(message);
  });

  test('all four required fields are reported together', async () => {
    const res = await visitor().post('/api/contact', { inquiryType: 'general' });
    const { message } = res.json<{ message: string }>();
    for (const m of [
      CONTACT_MESSAGES.nameRequired,
      CONTACT_MESSAGES.emailRequired,
      CONTACT_MESSAGES.subjectRequired,
      CONTACT_MESSAGES.messageRequired,
    ]) {
      expect(message).toContain(m);
    }
  });

  test('an unknown field is refused', async () => {
    expect((await visitor().post('/api/contact', { ...valid, bcc: 'x@example.com' })).statusCode).toBe(400);
  });
});

describe('header injection', () => {
  test.each([
    ['name', { name: 'Eve\r\nBcc: victim@example.com' }, CONTACT_MESSAGES.nameOneLine],
    ['name (LF only)', { name: 'Eve\nBcc: victim@example.com' }, CONTACT_MESSAGES.nameOneLine],
    ['subject', { subject: 'Hi\r\nBcc: victim@example.com' }, CONTACT_MESSAGES.subjectOneLine],
    [
      'subject (Unicode line separator)',
      { subject: 'Hi\u2028Bcc: victim@example.com' },
      CONTACT_MESSAGES.subjectOneLine,
    ],
    ['company', { company: 'Acme\r\nX-Evil: 1' }, CONTACT_MESSAGES.companyOneLine],
    ['email', { email: 'eve@example.com\r\nBcc: victim@example.com' }, CONTACT_MESSAGES.emailInvalid],
  ])('a line break in the %s is refused', async (_field, change, message) => {
    const res = await visitor().post('/api/contact', { ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
  });

  test('a name made to look like addresses stays one encoded Reply-To; nothing reaches another recipient', async () => {
    const name = 'Eve "Boss" <boss@example.com>, victim@example.com;';
    const res = await visitor().post('/api/contact', {
      ...valid,
      name,
      email: 'eve@example.com',
      subject: 'Bcc: victim@example.com',
    });
    expect(res.statusCode, res.body).toBe(201);
    const support = await catcher.next(SUPPORT, 'Bcc: victim@example.com');
    expect(support.to).toBe(SUPPORT);
    // One Reply-To header, whose only address is the sender's.
    const replyTo = support.headerLines.filter((l) => /^reply-to:/i.test(l));
    expect(replyTo).toHaveLength(1);
    expect(replyTo[0]).toMatch(/<eve@example\.com>$/);
    expect(support.headerLines.some((l) => /^(bcc|cc):/i.test(l))).toBe(false);
    await catcher.next('eve@example.com');
    expect(catcher.mails.some((m) => m.to.includes('victim@example.com') || m.to.includes('boss@example.com'))).toBe(
      false,
    );
  });
});

describe('abuse and failures', () => {
  test('the origin guard applies: cross-site and non-JSON posts are refused', async () => {
    const evil = new TestClient(ctx.app, { origin: 'https://evil.example', ip: '10.9.0.1' });
    expect((await evil.post('/api/contact', valid)).json()).toMatchObject({
      statusCode: 403,
      code: 'forbidden_origin',
    });
    const form = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'text/plain' },
      payload: 'name=x',
    });
    expect(form.statusCode).toBe(403);
  });

  test('10 messages an hour per IP, then 429 rate_limited with Retry-After; another IP is not blocked', async () => {
    const spammer = new TestClient(ctx.app, { ip: '10.7.7.7' });
    for (let i = 0; i < 10; i++) {
      const res = await spammer.post('/api/contact', { ...valid, email: `spam${i}@example.ca` });
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await spammer.post('/api/contact', valid);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'rate_limited', message: CONTACT_MESSAGES.rateLimited });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await visitor().post('/api/contact', { ...valid, email: 'fine@example.ca' })).statusCode).toBe(201);
    clock.advance(HOUR);
    expect((await spammer.post('/api/contact', { ...valid, email: 'later@example.ca' })).statusCode).toBe(201);
  });

  test("the sender's copy is capped per address (5 an hour); support still gets every message", async () => {
    clock.advance(HOUR);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await visitor().post('/api/contact', { ...valid, email: 'target@example.ca', subject: `Flood ${i}` });
      expect(res.statusCode).toBe(201);
      ids.push(res.json<{ id: string }>().id);
    }
    const rows = await Promise.all(ids.map(stored));
    expect(rows.map((r) => r.mailed_at !== null)).toEqual([true, true, true, true, true, true]);
    expect(rows.map((r) => r.confirmation_mailed_at !== null)).toEqual([true, true, true, true, true, false]);
    expect(catcher.mails.filter((m) => m.to === 'target@example.ca')).toHaveLength(5);
    // Its own counter: the contact form does not use up the address's account mails (reset, confirmation).
    const keys = await ctx.dbh.db.selectFrom('rate_limit').select('key').execute();
    expect(keys.some((k) => k.key.startsWith('mail-to:'))).toBe(false);
  });

  test('when the mail server is down the message is stored, mailed_at stays null, and the answer is 201', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const address = s.address();
        const port = typeof address === 'object' && address ? address.port : 0;
        s.close(() => resolve(port));
      });
    });
    const down = await buildTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${closedPort}`, SUPPORT_EMAIL: SUPPORT } });
    const res = await new TestClient(down.app).post('/api/contact', valid);
    expect(res.statusCode, res.body).toBe(201);
    const { id } = contactReceivedSchema.parse(res.json());
    const row = await down.dbh.db
      .selectFrom('contact_message')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'Ada Lovelace',
      subject: 'Pricing for 12 seats',
      mailed_at: null,
      confirmation_mailed_at: null,
    });
    await down.app.close();
  });
});
