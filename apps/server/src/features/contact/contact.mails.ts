import type { Locale } from '@app/shared/auth';
import { INQUIRY_TYPE_LABELS, type ContactBody, type InquiryType } from '@app/shared/contact';
import type { Mail } from '../../lib/mailer.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const html = (paragraphs: string[], lang: Locale = 'en') =>
  `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5">` +
  paragraphs.map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`).join('') +
  '</body></html>';

/**
 * The sender's copy, in the language of the form. Response times are spec §2's promises and only
 * those: general 24 hours, sales 4 hours, technical support 2 hours (emergency 30 minutes is not an
 * inquiry type of the form); the other types are promised nothing but the business hours.
 */
const COPY: Record<
  Locale,
  {
    subject: string;
    hello: (name: string) => string;
    within: (time: string, hours: string) => string;
    noTime: (hours: string) => string;
    yours: (type: string, subject: string) => string;
    ignore: string;
    signature: string;
    hours: string;
    times: Partial<Record<InquiryType, string>>;
    types: Record<InquiryType, string>;
  }
> = {
  en: {
    subject: 'We received your message',
    hello: (name) => `Hello ${name},`,
    within: (time, hours) =>
      `Thank you for contacting Breeze. We received your message and will answer within ${time} (business hours ${hours}).`,
    noTime: (hours) =>
      `Thank you for contacting Breeze. We received your message and will answer during business hours (${hours}).`,
    yours: (type, subject) => `Your message (${type}): ${subject}`,
    ignore: 'If you did not write to us, you can ignore this mail.',
    signature: '— Breeze',
    hours: 'Mon-Fri 9AM-6PM EST',
    times: { general: '24 hours', sales: '4 hours', support: '2 hours' },
    types: INQUIRY_TYPE_LABELS,
  },
  fr: {
    subject: 'Nous avons bien reçu votre message',
    hello: (name) => `Bonjour ${name},`,
    within: (time, hours) =>
      `Merci d'avoir écrit à Breeze. Nous avons bien reçu votre message et vous répondrons dans un délai de ${time} (heures d'ouverture : ${hours}).`,
    noTime: (hours) =>
      `Merci d'avoir écrit à Breeze. Nous avons bien reçu votre message et vous répondrons pendant nos heures d'ouverture (${hours}).`,
    yours: (type, subject) => `Votre message (${type}) : ${subject}`,
    ignore: 'Si vous ne nous avez pas écrit, vous pouvez ignorer ce courriel.',
    signature: '— Breeze',
    hours: 'du lundi au vendredi, de 9 h à 18 h (HNE)',
    times: { general: '24 heures', sales: '4 heures', support: '2 heures' },
    types: {
      general: 'Demande générale',
      sales: 'Ventes',
      support: 'Soutien technique',
      demo: 'Réserver une démo',
      partnership: 'Partenariat',
      media: 'Médias',
    },
  },
};

/** The message for the support team (in English), replies going to the sender. */
export function supportMail(
  to: string,
  body: ContactBody,
  meta: { id: string; receivedAt: string; ip: string | null; userId: string | null },
): Mail {
  const fields = [
    `From: ${body.name} <${body.email}>`,
    `Company: ${body.company ?? '(none)'}`,
    `Inquiry type: ${INQUIRY_TYPE_LABELS[body.inquiryType]}`,
    `Language: ${body.locale === 'fr' ? 'French' : 'English'}`,
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

/** The sender's copy: what we received and when to expect an answer, in the sender's language. */
export function confirmationMail(body: ContactBody): Mail {
  const locale = body.locale ?? 'en';
  const copy = COPY[locale];
  const time = copy.times[body.inquiryType];
  const paragraphs = [
    copy.hello(body.name),
    time ? copy.within(time, copy.hours) : copy.noTime(copy.hours),
    copy.yours(copy.types[body.inquiryType], body.subject),
    body.message,
    copy.ignore,
    copy.signature,
  ];
  return {
    to: body.email,
    subject: copy.subject,
    text: paragraphs.join('\n\n'),
    html: html(paragraphs, locale),
  };
}
