import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, test } from 'vitest';
import { buildTestApp, createTestDb, testEnv } from '../../test/build-test-app.ts';
import { TestClient } from '../../test/auth-helpers.ts';
import { listOutboxMail } from './mail-outbox.queries.ts';
import { createMailer } from './mailer.ts';

function captureLog() {
  const lines: Array<{ obj: Record<string, unknown>; msg: string }> = [];
  const log = {
    info: (obj: Record<string, unknown>, msg: string) => lines.push({ obj, msg }),
    error: (obj: Record<string, unknown>, msg: string) => lines.push({ obj, msg }),
  } as unknown as FastifyBaseLogger;
  return { lines, log };
}

describe('mailer without SMTP_URL', () => {
  test('keeps the message in mail_outbox and logs its links', async () => {
    const dbh = await createTestDb();
    const { lines, log } = captureLog();
    const mailer = createMailer({ env: testEnv(), db: dbh.db, log, now: () => new Date('2026-11-22T12:00:00Z') });
    mailer.queue({
      to: 'dev@example.ca',
      subject: 'Hello',
      text: 'Open http://localhost:3000/confirm-email#token=abc now',
      html: '<p>x</p>',
    });
    await mailer.drain();
    const [mail] = await listOutboxMail(dbh.db, 'dev@example.ca');
    expect(mail).toMatchObject({ subject: 'Hello', html: '<p>x</p>', createdAt: '2026-11-22T12:00:00.000Z' });
    expect(lines[0]?.obj.links).toEqual(['http://localhost:3000/confirm-email#token=abc']);
  });

  test('a sign-up without SMTP leaves a French confirmation in the outbox when the browser prefers French', async () => {
    const { app, dbh } = await buildTestApp();
    const res = await new TestClient(app).post(
      '/api/auth/signup',
      { email: 'claude@example.ca', password: 'une phrase de passe' },
      { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' },
    );
    expect(res.statusCode).toBe(200);
    await app.close(); // drains the mail queue
    const [mail] = await listOutboxMail(dbh.db, 'claude@example.ca');
    expect(mail?.subject).toBe('Confirmez votre compte Breeze');
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/confirm-email#token=[A-Za-z0-9_-]{43}/);
    expect(mail?.html).toContain('<html lang="fr">');
  });
});
