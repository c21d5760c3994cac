import { INQUIRY_TYPE_LABELS, type ContactBody, type InquiryType } from '@app/shared/contact';
import type { Mail } from '../../lib/mailer.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const html = (paragraphs: string[]) =>
  '<!doctype html><html lang="en"><body style="font-family:sans-serif;line-height:1.5">' +
  paragraphs.map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`).join('') +
  '</body></html>';

/** Response promises of spec §2 "Contact": general 24 hours, sales 4 hours, technical support 2 hours. */
const RESPONSE_TIME: Record<InquiryType, string> = {
  general: '24 hours',
  sales: '4 hours',
  support: '2 hours',
  demo: '4 hours',
  partnership: '24 hours',
  media: '24 hours',
};
const BUSINESS_HOURS = 'Mon-Fri 9AM-6PM EST';

/** The message for the support team, replies going to the sender. */
export function supportMail(
  to: string,
  body: ContactBody,
  meta: { id: string; receivedAt: string; ip: string | null; userId: string | null },
): Mail {
  const fields = [
    `From: ${body.name} <${body.email}>`,
    `Company: ${body.company ?? '(none)'}`,
    `Inquiry type: ${INQUIRY_TYPE_LABELS[body.inquiryType]}`,
    `Subject: ${body.subject}`,
    `Received: ${meta.receivedAt} (message ${meta.id}${meta.userId ? `, signed-in user ${meta.userId}` : ''}${meta.ip ? `, IP ${meta.ip}` : ''})`,
  ];
  return {
    to,
    replyTo: { name: body.name, address: body.email },
    subject: `[Breeze contact: ${INQUIRY_TYPE_LABELS[body.inquiryType]}] ${body.subject}`,
    text: [...fields, '', body.message].join('\n'),
    html: html([fields.join('\n'), body.message]),
  };
}

/** The sender's copy: what we received and when to expect an answer. */
export function confirmationMail(body: ContactBody): Mail {
  const paragraphs = [
    `Hello ${body.name},`,
    `Thank you for contacting Breeze. We received your message and will answer within ${RESPONSE_TIME[body.inquiryType]} (business hours ${BUSINESS_HOURS}).`,
    `Your message (${INQUIRY_TYPE_LABELS[body.inquiryType]}): ${body.subject}`,
    body.message,
    'If you did not write to us, you can ignore this mail.',
    '— Breeze',
  ];
  return {
    to: body.email,
    subject: 'We received your message',
    text: paragraphs.join('\n\n'),
    html: html(paragraphs),
  };
}
