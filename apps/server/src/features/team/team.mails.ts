import type { Locale } from '@app/shared/auth';
import { TEAM_INVITE_TTL_DAYS } from '@app/shared/team';
import type { Mail } from '../../lib/mailer.ts';

// The invitation mail in English and French: plain text plus simple HTML from the same paragraphs.

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function inviteMail(input: {
  to: string;
  locale: Locale;
  teamName: string;
  inviterEmail: string;
  link: string;
}): Mail {
  const fr = input.locale === 'fr';
  const subject = fr
    ? `${input.inviterEmail} vous invite à rejoindre son compte Breeze`
    : `${input.inviterEmail} invited you to their Breeze account`;
  const paragraphs = fr
    ? [
        `${input.inviterEmail} vous invite à rejoindre le compte Breeze « ${input.teamName} » et à partager son forfait.`,
        `Connectez-vous ou créez un compte avec l’adresse ${input.to}, puis acceptez l’invitation. Ce lien est valide pendant ${TEAM_INVITE_TTL_DAYS} jours et ne sert qu’une fois.`,
        'Si vous ne vous attendiez pas à cette invitation, ignorez ce message.',
      ]
    : [
        `${input.inviterEmail} invited you to join the Breeze account “${input.teamName}” and share its plan.`,
        `Sign in or create an account with ${input.to}, then accept the invitation. This link is valid for ${TEAM_INVITE_TTL_DAYS} days and works once.`,
        'If you did not expect this invitation, you can ignore this message.',
      ];
  const action = fr ? 'Voir l’invitation' : 'View the invitation';
  const text = [...paragraphs, `${action}: ${input.link}`, '', '— Breeze'].join('\n\n');
  const html =
    `<!doctype html><html lang="${input.locale}"><body style="font-family:sans-serif;line-height:1.5">` +
    paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
    `<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:10px 16px;background:#0f766e;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(action)}</a></p>` +
    `<p style="font-size:12px;color:#555">${escapeHtml(input.link)}</p><p>— Breeze</p></body></html>`;
  return { to: input.to, subject, text, html };
}
