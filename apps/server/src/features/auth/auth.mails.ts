import type { Locale } from '@app/shared/auth';
import type { Mail } from '../../lib/mailer.ts';

/** Account mails in English and French: plain text plus simple HTML built from the same paragraphs. */
export type AccountMailKind =
  'confirm' | 'signup_existing' | 'reset' | 'email_change' | 'password_changed' | 'email_changed';

interface Template {
  subject: string;
  paragraphs: string[];
  action?: string;
}

const TEMPLATES: Record<Locale, Record<AccountMailKind, Template>> = {
  en: {
    confirm: {
      subject: 'Confirm your Breeze account',
      paragraphs: [
        'Welcome to Breeze! Confirm your email address to activate your account.',
        'This link is valid for 24 hours.',
      ],
      action: 'Confirm my email',
    },
    signup_existing: {
      subject: 'Someone tried to sign up with your address',
      paragraphs: [
        'Someone tried to create a Breeze account with this email address, but you already have one.',
        'If it was you, sign in instead, or reset your password from the sign-in page. Otherwise you can ignore this message.',
      ],
      action: 'Sign in',
    },
    reset: {
      subject: 'Reset your Breeze password',
      paragraphs: [
        'We received a request to reset the password of your Breeze account.',
        'This link is valid for 1 hour and works once. If you did not ask for it, ignore this message: your password stays the same.',
      ],
      action: 'Choose a new password',
    },
    email_change: {
      subject: 'Confirm your new Breeze email address',
      paragraphs: ['Confirm this address to use it for your Breeze account.', 'This link is valid for 24 hours.'],
      action: 'Confirm my new address',
    },
    password_changed: {
      subject: 'Your Breeze password was changed',
      paragraphs: [
        'The password of your Breeze account was just changed.',
        'If this was not you, reset your password now and contact us.',
      ],
      action: 'Reset my password',
    },
    email_changed: {
      subject: 'Your Breeze email address was changed',
      paragraphs: [
        'The email address of your Breeze account was changed; this address will no longer receive its mails.',
        'If this was not you, contact us.',
      ],
    },
  },
  fr: {
    confirm: {
      subject: 'Confirmez votre compte Breeze',
      paragraphs: [
        'Bienvenue sur Breeze! Confirmez votre adresse courriel pour activer votre compte.',
        'Ce lien est valide pendant 24 heures.',
      ],
      action: 'Confirmer mon adresse',
    },
    signup_existing: {
      subject: "Quelqu'un a tenté de s'inscrire avec votre adresse",
      paragraphs: [
        "Quelqu'un a tenté de créer un compte Breeze avec cette adresse courriel, mais vous en avez déjà un.",
        "Si c'était vous, connectez-vous, ou réinitialisez votre mot de passe depuis la page de connexion. Sinon, ignorez ce message.",
      ],
      action: 'Me connecter',
    },
    reset: {
      subject: 'Réinitialisez votre mot de passe Breeze',
      paragraphs: [
        'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Breeze.',
        "Ce lien est valide pendant 1 heure et ne sert qu'une fois. Si vous n'avez rien demandé, ignorez ce message : votre mot de passe reste le même.",
      ],
      action: 'Choisir un nouveau mot de passe',
    },
    email_change: {
      subject: 'Confirmez votre nouvelle adresse Breeze',
      paragraphs: [
        'Confirmez cette adresse pour l’utiliser avec votre compte Breeze.',
        'Ce lien est valide pendant 24 heures.',
      ],
      action: 'Confirmer ma nouvelle adresse',
    },
    password_changed: {
      subject: 'Votre mot de passe Breeze a été modifié',
      paragraphs: [
        'Le mot de passe de votre compte Breeze vient d’être modifié.',
        "Si ce n'était pas vous, réinitialisez votre mot de passe maintenant et contactez-nous.",
      ],
      action: 'Réinitialiser mon mot de passe',
    },
    email_changed: {
      subject: 'Votre adresse courriel Breeze a été modifiée',
      paragraphs: [
        "L'adresse courriel de votre compte Breeze a été modifiée; cette adresse ne recevra plus ses messages.",
        "Si ce n'était pas vous, contactez-nous.",
      ],
    },
  },
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function accountMail(kind: AccountMailKind, locale: Locale, to: string, link?: string): Mail {
  const t = TEMPLATES[locale][kind];
  const text = [...t.paragraphs, ...(link ? [`${t.action ?? ''}: ${link}`] : []), '', '— Breeze'].join('\n\n');
  const button = link
    ? `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#0f766e;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(t.action ?? link)}</a></p>` +
      `<p style="font-size:12px;color:#555">${escapeHtml(link)}</p>`
    : '';
  const html =
    `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">` +
    t.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
    button +
    '<p>— Breeze</p></body></html>';
  return { to, subject: t.subject, text, html };
}
