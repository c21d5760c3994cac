import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { CONTACT_MESSAGES, type ContactBody, type ContactReceived } from '@app/shared/contact';
import type { Db } from '../../db/database.ts';
import type { Env } from '../../env.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { consume, hit, type Limit } from '../../lib/rate-limit.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import type { Sessions } from '../auth/auth.sessions.ts';
import { confirmationMail, supportMail } from './contact.mails.ts';
import { insertContactMessage, markContactMailed } from './contact.queries.ts';

/** Messages per IP per hour (SECURITY.md A.4: a bucket per costly public call, like sign-up's). */
export const CONTACT_LIMIT: Limit = { name: 'contact-ip', max: 10, windowMs: 3_600_000 };
/**
 * Copies mailed to one address per hour (subject: SHA-256 of the address). Its own bucket, not
 * the accounts' `mail-to`: contact messages must not use up a user's reset and confirmation mails.
 */
export const CONTACT_COPY_LIMIT: Limit = { name: 'contact-copy-to', max: 5, windowMs: 3_600_000 };
/** The answer waits this long for the mail server at most; slower sends finish in the background. */
export const CONTACT_MAIL_WAIT_MS = 10_000;

export type ContactService = ReturnType<typeof createContactService>;

export function createContactService(deps: {
  db: Db;
  env: Env;
  now: Clock;
  mailer: Mailer;
  sessions: Pick<Sessions, 'current'>;
  log: FastifyBaseLogger;
}) {
  const { db, env, now, mailer, sessions, log } = deps;
  const pending = new Set<Promise<void>>();

  /** Sends one mail and stamps its column; a failure is logged and leaves the column null. */
  async function sendAndMark(id: string, column: 'mailed_at' | 'confirmation_mailed_at', send: () => Promise<void>) {
    try {
      await send();
      await markContactMailed(db, id, column, now().toISOString());
    } catch (err) {
      log.error(
        { err, contactMessageId: id, mail: column === 'mailed_at' ? 'support' : 'confirmation' },
        'contact mail could not be sent',
      );
    }
  }

  return {
    /**
     * Stores the message first, then mails it to SUPPORT_EMAIL (Reply-To: the sender) and a copy
     * to the sender. A mail failure is logged: the message stays stored with mailed_at null and
     * the answer is the same. The sender's copy counts against the per-address mail limit, so the
     * form cannot be used to flood someone's inbox.
     */
    async submit(req: FastifyRequest, body: ContactBody): Promise<ContactReceived> {
      const at = now();
      await consume(db, CONTACT_LIMIT, req.ip, at, CONTACT_MESSAGES.rateLimited);
      const userId = (await sessions.current(req))?.account.user.id ?? null;
      const id = randomUUID();
      const receivedAt = at.toISOString();
      await insertContactMessage(db, {
        id,
        name: body.name,
        email: body.email,
        company: body.company,
        inquiryType: body.inquiryType,
        subject: body.subject,
        message: body.message,
        userId,
        ip: req.ip,
        userAgent: req.headers['user-agent']?.slice(0, 300) ?? null,
        createdAt: receivedAt,
      });
      req.log.info({ contactMessageId: id, inquiryType: body.inquiryType }, 'contact message stored');

      const copyAllowed =
        (await hit(db, CONTACT_COPY_LIMIT, sha256Hex(body.email.toLowerCase()), at)) <= CONTACT_COPY_LIMIT.max;
      const delivery = Promise.all([
        sendAndMark(id, 'mailed_at', () =>
          mailer.send(supportMail(env.SUPPORT_EMAIL, body, { id, receivedAt, ip: req.ip, userId })),
        ),
        copyAllowed ? sendAndMark(id, 'confirmation_mailed_at', () => mailer.send(confirmationMail(body))) : undefined,
      ]).then(() => undefined);
      pending.add(delivery);
      void delivery.finally(() => pending.delete(delivery));
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        delivery,
        new Promise<void>((resolve) => (timer = setTimeout(resolve, CONTACT_MAIL_WAIT_MS))),
      ]);
      clearTimeout(timer);
      return { id, receivedAt };
    },

    /** Waits for mails still being sent (app close). */
    async drain(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
