import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/database.ts';
import type { Env } from '../env.ts';
import type { Clock } from './clock.ts';
import { insertOutboxMail } from './mail-outbox.queries.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go (the contact form's sender); nodemailer encodes the name, so it cannot add headers. */
  replyTo?: { name: string; address: string };
}

export interface Mailer {
  /** Sends now and resolves when the SMTP server accepted the message (or it is in the outbox). */
  send(mail: Mail): Promise<void>;
  /**
   * Sends in the background: the request does not wait, so a mail's cost never shows in response
   * times (account enumeration by timing, SECURITY.md A.3). Failures are logged.
   */
  queue(mail: Mail): void;
  /** Waits for queued mails (called when the app closes, and by tests). */
  drain(): Promise<void>;
  close(): Promise<void>;
}

const LINK = /https?:\/\/[^\s"'<>]+/g;

/**
 * One mailer (STYLE.md). With `SMTP_URL` it sends through that server; without it, each message is
 * kept in the `mail_outbox` table and its links are logged at info level, so a person running
 * `npm start` can confirm an account from the console. The outbox holds live links: production
 * sets SMTP_URL.
 */
export function createMailer(deps: { env: Env; db: Db; log: FastifyBaseLogger; now: Clock }): Mailer {
  const { env, db, log, now } = deps;
  const transport: Transporter | undefined = env.SMTP_URL ? nodemailer.createTransport(env.SMTP_URL) : undefined;
  const pending = new Set<Promise<void>>();

  async function send(mail: Mail): Promise<void> {
    if (transport) {
      await transport.sendMail({
        from: env.MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      });
      log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      return;
    }
    await insertOutboxMail(
      db,
      { recipient: mail.to, subject: mail.subject, text: mail.text, html: mail.html },
      now().toISOString(),
    );
    log.info(
      { to: mail.to, subject: mail.subject, links: mail.text.match(LINK) ?? [] },
      'mail kept in the outbox (SMTP_URL is not set)',
    );
  }

  return {
    send,
    queue(mail) {
      const p = send(mail)
        .catch((err: unknown) => log.error({ err, to: mail.to, subject: mail.subject }, 'mail could not be sent'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async drain() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      await this.drain();
      transport?.close();
    },
  };
}
