import { LOCALES, type Locale } from '@reprise/shared';
import { audit } from '../../platform/audit';
import { followUpJobId } from '../../platform/jobs';
import { type MailMessage, queueMail } from '../../platform/mail';
import type { BaseTxContext } from '../../platform/request-context';
import { newToken } from '../../platform/security';
import { withTrackingLinks } from '../tracking-links';
import { siteUrl } from '../white-label';
import type { PaymentToExecute } from './payment-execution';
import * as repo from './payment-execution.repository';

/**
 * The IBAN link of a transfer without IBAN (docs/payments.md, "Transfer without IBAN"): the payment
 * job, finding no IBAN, mails the customer a link holding a random token (only its SHA-256 is kept,
 * in payments.iban_token_hash); the customer gives the IBAN on the page it opens
 * (iban-link.service.ts). The link goes to the retailer's public site when it has an active one,
 * else to the platform's own address, which has the same page.
 */

interface Texts {
  subject: (number: string) => string;
  greeting: (name: string) => string;
  intro: (amount: string, number: string) => string;
  action: string;
  note: string;
}

const TEXTS: Record<Locale, Texts> = {
  'fr-FR': {
    subject: (number) => `Votre IBAN pour être payé de votre vente n° ${number}`,
    greeting: (name) => `Bonjour ${name},`,
    intro: (amount, number) =>
      `Votre vente n° ${number} est validée : nous allons vous virer ${amount}. Il nous manque votre IBAN pour effectuer le virement.`,
    action: 'Indiquez votre IBAN sur cette page sécurisée :',
    note: 'Ce lien vous est personnel et ne sert qu’une fois : ne le transférez pas.',
  },
  'en-GB': {
    subject: (number) => `Your IBAN to be paid for your sale ${number}`,
    greeting: (name) => `Hello ${name},`,
    intro: (amount, number) =>
      `Your sale ${number} is confirmed: we are going to transfer ${amount} to you. We need your IBAN to make the transfer.`,
    action: 'Enter your IBAN on this secure page:',
    note: 'This link is yours alone and works once: do not forward it.',
  },
  'nl-BE': {
    subject: (number) => `Uw IBAN om betaald te worden voor uw verkoop ${number}`,
    greeting: (name) => `Hallo ${name},`,
    intro: (amount, number) =>
      `Uw verkoop ${number} is bevestigd: we schrijven u ${amount} over. We hebben uw IBAN nodig voor de overschrijving.`,
    action: 'Vul uw IBAN in op deze beveiligde pagina:',
    note: 'Deze link is persoonlijk en werkt één keer: stuur hem niet door.',
  },
  'de-DE': {
    subject: (number) => `Ihre IBAN für die Bezahlung Ihres Verkaufs ${number}`,
    greeting: (name) => `Hallo ${name},`,
    intro: (amount, number) =>
      `Ihr Verkauf ${number} ist bestätigt: Wir überweisen Ihnen ${amount}. Für die Überweisung fehlt uns Ihre IBAN.`,
    action: 'Geben Sie Ihre IBAN auf dieser sicheren Seite ein:',
    note: 'Dieser Link ist persönlich und gilt nur einmal: Leiten Sie ihn nicht weiter.',
  },
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const localeOf = (language: string | null): Locale =>
  (LOCALES as readonly string[]).includes(language ?? '') ? (language as Locale) : 'fr-FR';

interface IbanMailFacts {
  to: string;
  language: string | null;
  customerFirstName: string;
  buybackNumber: string;
  amountCents: number;
  currency: string;
  url: string;
}

/** The mail asking for the IBAN, in the account's language. */
function ibanMail(facts: IbanMailFacts): MailMessage {
  const locale = localeOf(facts.language);
  const t = TEXTS[locale];
  const amount = new Intl.NumberFormat(locale, { style: 'currency', currency: facts.currency }).format(
    facts.amountCents / 100,
  );
  const paragraphs = [t.greeting(facts.customerFirstName), t.intro(amount, facts.buybackNumber)];
  return {
    to: facts.to,
    subject: t.subject(facts.buybackNumber),
    text: [...paragraphs, '', t.action, facts.url, '', t.note, ''].join('\n\n').replace(/\n{3,}/g, '\n\n'),
    html: [
      ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
      `<p>${escapeHtml(t.action)}<br><a href="${escapeHtml(facts.url)}">${escapeHtml(facts.url)}</a></p>`,
      `<p>${escapeHtml(t.note)}</p>`,
    ].join(''),
  };
}

/** The page's address: the retailer's active public site, else the platform's own. */
function ibanLinkUrl(
  publicUrl: string,
  site: { site_slug: string | null; site_domain: string | null; site_active: boolean },
  token: string,
): string {
  const origin =
    (site.site_active && siteUrl(publicUrl, site.site_slug, site.site_domain)) || new URL(publicUrl).origin;
  return `${origin}/iban/${encodeURIComponent(token)}`;
}

/**
 * Asks the customer for the IBAN (the payment job, a transfer without IBAN): a new token, its
 * hash kept, the mail queued under the job's id (a retry of the job queues it once). Once asked,
 * later runs do nothing: the payment waits for the customer. Without an e-mail address nothing can
 * be sent: the payment waits too (the retailer may mark it paid by hand).
 */
export async function requestIban(
  tx: BaseTxContext,
  row: repo.PaymentForExecution,
  payment: PaymentToExecute,
  jobId: string,
): Promise<void> {
  if (row.iban_requested_at || !row.email) return;
  const { token, hash } = newToken();
  await repo.updatePayment(tx, row, { iban_token_hash: hash, iban_requested_at: new Date() });
  const mail = ibanMail({
    to: row.email,
    language: row.language,
    customerFirstName: row.first_name,
    buybackNumber: row.identification_number,
    amountCents: payment.amountCents,
    currency: payment.currency,
    url: ibanLinkUrl(tx.deps.config.publicUrl, row, token),
  });
  const buyback = { id: row.buyback_id, account_id: row.account_id };
  await queueMail(tx.deps.jobs, tx.trx, await withTrackingLinks(tx, buyback, row.language, mail), {
    id: followUpJobId(jobId, 'iban-mail'),
  });
  await audit(tx, {
    action: 'update',
    entityType: 'payment',
    entityId: row.id,
    accountId: row.account_id,
    after: { ibanRequested: true },
  });
}
