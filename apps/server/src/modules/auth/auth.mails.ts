import type { Locale } from '@reprise/shared';
import type { MailMessage } from '../../platform/mail';

type Kind = 'reset' | 'invite';

const TEXTS: Record<
  Locale,
  Record<Kind, { subject: string; intro: string; action: string; validity: string }>
> = {
  'fr-FR': {
    reset: {
      subject: 'Réinitialisation de votre mot de passe Reprise',
      intro: 'Vous avez demandé à réinitialiser votre mot de passe.',
      action: 'Choisissez un nouveau mot de passe avec ce lien :',
      validity:
        "Ce lien est valable une heure et ne sert qu'une fois. Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.",
    },
    invite: {
      subject: 'Votre compte Reprise a été créé',
      intro: 'Un compte Reprise vient d’être créé pour vous.',
      action: 'Choisissez votre mot de passe avec ce lien :',
      validity: "Ce lien est valable sept jours et ne sert qu'une fois.",
    },
  },
  'en-GB': {
    reset: {
      subject: 'Reset your Reprise password',
      intro: 'You asked to reset your password.',
      action: 'Choose a new password with this link:',
      validity:
        'This link is valid for one hour and works once. If you did not ask for it, ignore this message.',
    },
    invite: {
      subject: 'Your Reprise account has been created',
      intro: 'A Reprise account has just been created for you.',
      action: 'Choose your password with this link:',
      validity: 'This link is valid for seven days and works once.',
    },
  },
  'nl-BE': {
    reset: {
      subject: 'Uw Reprise-wachtwoord opnieuw instellen',
      intro: 'U hebt gevraagd om uw wachtwoord opnieuw in te stellen.',
      action: 'Kies een nieuw wachtwoord via deze link:',
      validity:
        'Deze link is één uur geldig en werkt één keer. Hebt u dit niet gevraagd, negeer dan dit bericht.',
    },
    invite: {
      subject: 'Uw Reprise-account is aangemaakt',
      intro: 'Er is zonet een Reprise-account voor u aangemaakt.',
      action: 'Kies uw wachtwoord via deze link:',
      validity: 'Deze link is zeven dagen geldig en werkt één keer.',
    },
  },
  'de-DE': {
    reset: {
      subject: 'Ihr Reprise-Passwort zurücksetzen',
      intro: 'Sie haben das Zurücksetzen Ihres Passworts angefordert.',
      action: 'Wählen Sie über diesen Link ein neues Passwort:',
      validity:
        'Dieser Link ist eine Stunde gültig und funktioniert einmal. Wenn Sie dies nicht angefordert haben, ignorieren Sie diese Nachricht.',
    },
    invite: {
      subject: 'Ihr Reprise-Konto wurde erstellt',
      intro: 'Soeben wurde ein Reprise-Konto für Sie erstellt.',
      action: 'Wählen Sie Ihr Passwort über diesen Link:',
      validity: 'Dieser Link ist sieben Tage gültig und funktioniert einmal.',
    },
  },
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The mail with a set-password link, in the recipient's language. */
export function passwordLinkMail(kind: Kind, to: string, link: string, language: string | null): MailMessage {
  const t = TEXTS[(language as Locale) in TEXTS ? (language as Locale) : 'fr-FR'][kind];
  return {
    to,
    subject: t.subject,
    text: `${t.intro}\n\n${t.action}\n${link}\n\n${t.validity}\n`,
    html: `<p>${escapeHtml(t.intro)}</p><p>${escapeHtml(t.action)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(t.validity)}</p>`,
  };
}
