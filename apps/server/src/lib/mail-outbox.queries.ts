import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';

export interface OutboxMail {
  id: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

export async function insertOutboxMail(
  db: Db,
  mail: { recipient: string; subject: string; text: string; html: string },
  nowIso: string,
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('mail_outbox')
    .values({
      id,
      recipient: mail.recipient,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      created_at: nowIso,
      sent_at: null,
    })
    .execute();
  return id;
}

export async function listOutboxMail(db: Db, recipient?: string): Promise<OutboxMail[]> {
  let query = db.selectFrom('mail_outbox').selectAll().orderBy('created_at').orderBy('id');
  if (recipient) query = query.where('recipient', '=', recipient);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    recipient: r.recipient,
    subject: r.subject,
    text: r.text_body,
    html: r.html_body,
    createdAt: r.created_at,
  }));
}

export async function deleteOutboxMailTo(db: Db, recipient: string): Promise<void> {
  await db.deleteFrom('mail_outbox').where('recipient', '=', recipient).execute();
}
