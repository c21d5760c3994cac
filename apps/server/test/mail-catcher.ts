import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The Reply-To header as parsed ('' when absent). */
  replyTo: string;
  /** Every header line as received, for checks on injected headers. */
  headerLines: string[];
}

/**
 * A real SMTP server on loopback (STYLE.md: real local peers in tests). The app sends to
 * `catcher.url` through nodemailer; tests read what arrived, parsed by mailparser.
 */
export async function startMailCatcher() {
  const mails: CaughtMail[] = [];
  const waiters: Array<{ match: (m: CaughtMail) => boolean; resolve: (m: CaughtMail) => void }> = [];
  const taken = new Set<CaughtMail>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : (parsed.to?.text ?? '');
          const mail: CaughtMail = {
            to,
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            replyTo: parsed.replyTo?.text ?? '',
            headerLines: parsed.headerLines.map((h) => h.line),
          };
          mails.push(mail);
          const waiter = waiters.find((w) => w.match(mail));
          if (waiter) {
            waiters.splice(waiters.indexOf(waiter), 1);
            taken.add(mail);
            waiter.resolve(mail);
          }
          callback();
        })
        .catch((err: unknown) => callback(err as Error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The next mail to `to` (optionally with a subject containing `subject`) not yet taken by a test. */
    next(to: string, subject?: string, timeoutMs = 5000): Promise<CaughtMail> {
      const match = (m: CaughtMail) => m.to.includes(to) && (!subject || m.subject.includes(subject)) && !taken.has(m);
      const already = mails.find(match);
      if (already) {
        taken.add(already);
        return Promise.resolve(already);
      }
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (m: CaughtMail) => {
            clearTimeout(timer);
            resolve(m);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no mail to ${to} (${subject ?? 'any subject'}) within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;

/** The token in a mailed link (`…/confirm-email#token=…` or `…/update-password#access_token=…`). */
export function tokenFromLink(text: string, param: 'token' | 'access_token'): { link: string; token: string } {
  const link = new RegExp(`https?://\\S+[#?&]${param}=([A-Za-z0-9_-]+)`).exec(text);
  if (!link?.[1]) throw new Error(`no ${param} link in:\n${text}`);
  return { link: link[0], token: link[1] };
}
