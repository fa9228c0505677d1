import { LITIGATION_PAYMENT_BUSINESS_DAYS, LOCALES, type Locale } from '@reprise/shared';
import type { MailMessage } from '../../platform/mail';

/**
 * The counter-offer mail (litigation): the customer is told what the
 * warehouse found, the declared and the proposed price, and answers with one of two links to the
 * retailer's public site (`buyback/{buybackId}/accept` or `/reject`, one screen). In the account's
 * language; the same mail, marked as a reminder, goes once more after 7 days.
 */

interface Texts {
  subject: (number: string) => string;
  reminder: string;
  greeting: (name: string) => string;
  intro: (product: string) => string;
  declared: string;
  proposed: string;
  reason: string;
  comment: string;
  accept: string;
  reject: string;
  payment: string;
  linkNote: string;
  /** Between a label and its value (French puts a space before the colon). */
  colon: string;
}

const TEXTS: Record<Locale, Texts> = {
  'fr-FR': {
    subject: (number) => `Nouvelle proposition pour votre vente n° ${number}`,
    reminder: 'Rappel : ',
    greeting: (name) => `Bonjour ${name},`,
    intro: (product) =>
      `Nous avons contrôlé votre produit ${product}. Son état ne correspond pas à celui que vous avez déclaré : nous vous proposons un nouveau prix.`,
    declared: 'Prix déclaré',
    proposed: 'Prix proposé',
    reason: 'Motif',
    comment: "Commentaire de l'entrepôt",
    accept: 'Accepter la proposition :',
    reject: 'Refuser la proposition (le produit vous sera renvoyé) :',
    payment: `Si vous acceptez, vous serez payé sous ${LITIGATION_PAYMENT_BUSINESS_DAYS} jours ouvrés.`,
    linkNote: 'Ces liens vous sont personnels : ne les transférez pas. Votre réponse est définitive.',
    colon: ' : ',
  },
  'en-GB': {
    subject: (number) => `A new offer for your sale ${number}`,
    reminder: 'Reminder: ',
    greeting: (name) => `Hello ${name},`,
    intro: (product) =>
      `We have checked your product ${product}. Its condition does not match the one you declared, so we are offering you a new price.`,
    declared: 'Declared price',
    proposed: 'Offered price',
    reason: 'Reason',
    comment: "The warehouse's comment",
    accept: 'Accept the offer:',
    reject: 'Decline the offer (the product will be returned to you):',
    payment: `If you accept, you will be paid within ${LITIGATION_PAYMENT_BUSINESS_DAYS} business days.`,
    linkNote: 'These links are yours alone: do not forward them. Your answer is final.',
    colon: ': ',
  },
  'nl-BE': {
    subject: (number) => `Een nieuw voorstel voor uw verkoop ${number}`,
    reminder: 'Herinnering: ',
    greeting: (name) => `Hallo ${name},`,
    intro: (product) =>
      `We hebben uw product ${product} gecontroleerd. De staat komt niet overeen met wat u hebt aangegeven: we stellen u een nieuwe prijs voor.`,
    declared: 'Aangegeven prijs',
    proposed: 'Voorgestelde prijs',
    reason: 'Reden',
    comment: 'Opmerking van het magazijn',
    accept: 'Het voorstel aanvaarden:',
    reject: 'Het voorstel weigeren (het product wordt naar u teruggestuurd):',
    payment: `Als u aanvaardt, wordt u binnen ${LITIGATION_PAYMENT_BUSINESS_DAYS} werkdagen betaald.`,
    linkNote: 'Deze links zijn persoonlijk: stuur ze niet door. Uw antwoord is definitief.',
    colon: ': ',
  },
  'de-DE': {
    subject: (number) => `Ein neues Angebot für Ihren Verkauf ${number}`,
    reminder: 'Erinnerung: ',
    greeting: (name) => `Hallo ${name},`,
    intro: (product) =>
      `Wir haben Ihr Produkt ${product} geprüft. Sein Zustand entspricht nicht dem angegebenen: Wir bieten Ihnen einen neuen Preis an.`,
    declared: 'Angegebener Preis',
    proposed: 'Angebotener Preis',
    reason: 'Grund',
    comment: 'Kommentar des Lagers',
    accept: 'Das Angebot annehmen:',
    reject: 'Das Angebot ablehnen (das Produkt wird an Sie zurückgeschickt):',
    payment: `Wenn Sie annehmen, werden Sie innerhalb von ${LITIGATION_PAYMENT_BUSINESS_DAYS} Werktagen bezahlt.`,
    linkNote: 'Diese Links sind persönlich: Leiten Sie sie nicht weiter. Ihre Antwort ist endgültig.',
    colon: ': ',
  },
};

export interface LitigationMailFacts {
  to: string;
  language: string | null;
  customerFirstName: string;
  buybackNumber: string;
  productName: string;
  declaredPriceCents: number;
  proposedPriceCents: number;
  currency: string;
  reason: string;
  /** The warehouse comment, only when the retailer shares it with its customers. */
  sharedComment: string | null;
  acceptUrl: string;
  rejectUrl: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const localeOf = (language: string | null): Locale =>
  (LOCALES as readonly string[]).includes(language ?? '') ? (language as Locale) : 'fr-FR';

const money = (locale: Locale, cents: number, currency: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);

/** The counter-offer mail, in the account's language; `reminder` marks the one sent again after 7 days. */
export function litigationMail(facts: LitigationMailFacts, options: { reminder: boolean }): MailMessage {
  const locale = localeOf(facts.language);
  const t = TEXTS[locale];
  const declared = money(locale, facts.declaredPriceCents, facts.currency);
  const proposed = money(locale, facts.proposedPriceCents, facts.currency);
  const lines: [string, string][] = [
    [t.declared, declared],
    [t.proposed, proposed],
    [t.reason, facts.reason],
    ...(facts.sharedComment ? ([[t.comment, facts.sharedComment]] as [string, string][]) : []),
  ];
  const text = [
    t.greeting(facts.customerFirstName),
    '',
    t.intro(facts.productName),
    '',
    ...lines.map(([label, value]) => `${label}${t.colon}${value}`),
    '',
    t.accept,
    facts.acceptUrl,
    '',
    t.reject,
    facts.rejectUrl,
    '',
    t.payment,
    t.linkNote,
    '',
  ].join('\n');
  const link = (url: string) => `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
  const html = [
    `<p>${escapeHtml(t.greeting(facts.customerFirstName))}</p>`,
    `<p>${escapeHtml(t.intro(facts.productName))}</p>`,
    `<table>${lines
      .map(
        ([label, value]) =>
          `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
      )
      .join('')}</table>`,
    `<p>${escapeHtml(t.accept)}<br>${link(facts.acceptUrl)}</p>`,
    `<p>${escapeHtml(t.reject)}<br>${link(facts.rejectUrl)}</p>`,
    `<p>${escapeHtml(t.payment)}</p>`,
    `<p>${escapeHtml(t.linkNote)}</p>`,
  ].join('');
  return {
    to: facts.to,
    subject: `${options.reminder ? t.reminder : ''}${t.subject(facts.buybackNumber)}`,
    text,
    html,
  };
}
