import { LOCALES, type Locale, type PaymentModeType } from '@reprise/shared';
import type { MailMessage } from '../../platform/mail';

/**
 * The progress mails of a buyback (docs/tracking.md, "Mails and unsubscribing") and the lines every
 * customer mail ends with: the tracking link and the unsubscribe link. In the account's language,
 * as the other customer mails.
 */

/** The steps that mail the customer; `paid` is the payment notice, sent whatever the customer chose. */
export type ProgressStep = 'received' | 'controlled' | 'returned' | 'paid';

interface Texts {
  subject: Record<ProgressStep, (number: string) => string>;
  body: Record<ProgressStep, (product: string, amount: string, how: string) => string>;
  how: Record<PaymentModeType, string>;
  greeting: (name: string) => string;
  follow: string;
  unsubscribe: string;
}

const TEXTS: Record<Locale, Texts> = {
  'fr-FR': {
    subject: {
      received: (n) => `Votre produit est arrivé (vente n° ${n})`,
      controlled: (n) => `Votre produit a été contrôlé (vente n° ${n})`,
      returned: (n) => `Votre produit vous a été renvoyé (vente n° ${n})`,
      paid: (n) => `Vous avez été payé (vente n° ${n})`,
    },
    body: {
      received: (p) => `Votre produit ${p} est arrivé à notre entrepôt. Nous allons le contrôler.`,
      controlled: (p) =>
        `Votre produit ${p} a été contrôlé : son état correspond à votre déclaration. Le paiement suit.`,
      returned: (p) => `Votre produit ${p} vous a été renvoyé.`,
      paid: (_p, amount, how) => `Nous vous avons payé ${amount} (${how}).`,
    },
    how: {
      bank_transfer: 'virement bancaire',
      no_iban_transfer: 'virement bancaire',
      gift_card: 'carte cadeau',
      voucher: "bon d'achat",
    },
    greeting: (name) => `Bonjour ${name},`,
    follow: 'Suivez votre vente à tout moment :',
    unsubscribe:
      "Ne plus recevoir les e-mails d'avancement de cette vente (les messages qui demandent une réponse et l'avis de paiement vous restent envoyés) :",
  },
  'en-GB': {
    subject: {
      received: (n) => `Your product has arrived (sale ${n})`,
      controlled: (n) => `Your product has been checked (sale ${n})`,
      returned: (n) => `Your product has been sent back to you (sale ${n})`,
      paid: (n) => `You have been paid (sale ${n})`,
    },
    body: {
      received: (p) => `Your product ${p} has arrived at our warehouse. We are going to check it.`,
      controlled: (p) =>
        `Your product ${p} has been checked: its condition matches what you declared. Payment follows.`,
      returned: (p) => `Your product ${p} has been sent back to you.`,
      paid: (_p, amount, how) => `We have paid you ${amount} (${how}).`,
    },
    how: {
      bank_transfer: 'bank transfer',
      no_iban_transfer: 'bank transfer',
      gift_card: 'gift card',
      voucher: 'voucher',
    },
    greeting: (name) => `Hello ${name},`,
    follow: 'Follow your sale at any time:',
    unsubscribe:
      'Stop the progress e-mails of this sale (messages that need your answer and the payment notice are still sent):',
  },
  'nl-BE': {
    subject: {
      received: (n) => `Uw product is aangekomen (verkoop ${n})`,
      controlled: (n) => `Uw product is gecontroleerd (verkoop ${n})`,
      returned: (n) => `Uw product is naar u teruggestuurd (verkoop ${n})`,
      paid: (n) => `U bent betaald (verkoop ${n})`,
    },
    body: {
      received: (p) => `Uw product ${p} is in ons magazijn aangekomen. We gaan het controleren.`,
      controlled: (p) =>
        `Uw product ${p} is gecontroleerd: de staat komt overeen met uw aangifte. De betaling volgt.`,
      returned: (p) => `Uw product ${p} is naar u teruggestuurd.`,
      paid: (_p, amount, how) => `We hebben u ${amount} betaald (${how}).`,
    },
    how: {
      bank_transfer: 'overschrijving',
      no_iban_transfer: 'overschrijving',
      gift_card: 'cadeaukaart',
      voucher: 'aankoopbon',
    },
    greeting: (name) => `Hallo ${name},`,
    follow: 'Volg uw verkoop op elk moment:',
    unsubscribe:
      'Geen voortgangsmails meer voor deze verkoop (berichten die een antwoord vragen en het betalingsbericht blijven komen):',
  },
  'de-DE': {
    subject: {
      received: (n) => `Ihr Produkt ist angekommen (Verkauf ${n})`,
      controlled: (n) => `Ihr Produkt wurde geprüft (Verkauf ${n})`,
      returned: (n) => `Ihr Produkt wurde an Sie zurückgeschickt (Verkauf ${n})`,
      paid: (n) => `Sie wurden bezahlt (Verkauf ${n})`,
    },
    body: {
      received: (p) => `Ihr Produkt ${p} ist in unserem Lager angekommen. Wir werden es prüfen.`,
      controlled: (p) =>
        `Ihr Produkt ${p} wurde geprüft: Sein Zustand entspricht Ihren Angaben. Die Zahlung folgt.`,
      returned: (p) => `Ihr Produkt ${p} wurde an Sie zurückgeschickt.`,
      paid: (_p, amount, how) => `Wir haben Ihnen ${amount} gezahlt (${how}).`,
    },
    how: {
      bank_transfer: 'Banküberweisung',
      no_iban_transfer: 'Banküberweisung',
      gift_card: 'Geschenkkarte',
      voucher: 'Gutschein',
    },
    greeting: (name) => `Hallo ${name},`,
    follow: 'Verfolgen Sie Ihren Verkauf jederzeit:',
    unsubscribe:
      'Keine Fortschritts-E-Mails mehr zu diesem Verkauf (Nachrichten, die eine Antwort brauchen, und die Zahlungsmitteilung erhalten Sie weiter):',
  },
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const localeOf = (language: string | null): Locale =>
  (LOCALES as readonly string[]).includes(language ?? '') ? (language as Locale) : 'fr-FR';

export interface MailLinks {
  url: string;
  unsubscribeUrl: string;
}

/** The closing lines of a customer mail: where to follow the sale and how to stop the progress mails. */
function trackingFooter(language: string | null, links: MailLinks): { text: string; html: string } {
  const t = TEXTS[localeOf(language)];
  const link = (url: string) => `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
  return {
    text: ['', t.follow, links.url, '', t.unsubscribe, links.unsubscribeUrl, ''].join('\n'),
    html: `<p>${escapeHtml(t.follow)}<br>${link(links.url)}</p><p><small>${escapeHtml(t.unsubscribe)}<br>${link(links.unsubscribeUrl)}</small></p>`,
  };
}

/** A mail with the tracking footer added at its end (text and HTML). */
export function withTrackingFooter(
  message: MailMessage,
  language: string | null,
  links: MailLinks | null,
): MailMessage {
  if (!links) return message;
  const footer = trackingFooter(language, links);
  return {
    ...message,
    text: `${message.text.replace(/\n+$/, '')}\n${footer.text}`,
    ...(message.html !== undefined ? { html: `${message.html}${footer.html}` } : {}),
  };
}

export interface ProgressFacts {
  to: string;
  language: string | null;
  firstName: string;
  buybackNumber: string;
  productName: string;
  amountCents: number;
  currency: string;
  paymentType: PaymentModeType;
}

/** The mail of one step, with the tracking footer. */
export function progressMail(step: ProgressStep, facts: ProgressFacts, links: MailLinks | null): MailMessage {
  const locale = localeOf(facts.language);
  const t = TEXTS[locale];
  const amount = new Intl.NumberFormat(locale, { style: 'currency', currency: facts.currency }).format(
    facts.amountCents / 100,
  );
  const paragraphs = [
    t.greeting(facts.firstName),
    t.body[step](facts.productName, amount, t.how[facts.paymentType]),
  ];
  return withTrackingFooter(
    {
      to: facts.to,
      subject: t.subject[step](facts.buybackNumber),
      text: `${paragraphs.join('\n\n')}\n`,
      html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join(''),
    },
    facts.language,
    links,
  );
}
