import type { Db } from '../../db/database.ts';

export interface NewContactMessage {
  id: string;
  name: string;
  email: string;
  company: string | null;
  inquiryType: string;
  subject: string;
  message: string;
  userId: string | null;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
}

export async function insertContactMessage(db: Db, m: NewContactMessage): Promise<void> {
  await db
    .insertInto('contact_message')
    .values({
      id: m.id,
      name: m.name,
      email: m.email,
      company: m.company,
      inquiry_type: m.inquiryType,
      subject: m.subject,
      message: m.message,
      user_id: m.userId,
      ip: m.ip,
      user_agent: m.userAgent,
      created_at: m.createdAt,
      mailed_at: null,
      confirmation_mailed_at: null,
    })
    .execute();
}

export async function markContactMailed(
  db: Db,
  id: string,
  column: 'mailed_at' | 'confirmation_mailed_at',
  atIso: string,
): Promise<void> {
  await db
    .updateTable('contact_message')
    .set({ [column]: atIso })
    .where('id', '=', id)
    .execute();
}
