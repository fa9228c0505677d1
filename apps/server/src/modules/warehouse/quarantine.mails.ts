import type { Locale, QuarantineReason } from '@reprise/shared';
import type { MailMessage } from '../../platform/mail';
import type { QuarantineMailFacts } from './quarantine.repository';

/**
 * The quarantine mail: the customer is told that the device is held for
 * verification, why, what happens next, and whom to ask, in the retailer account's language.
 */

interface Texts {
  subject: (buyback: string) => string;
  greeting: (name: string) => string;
  held: (product: string, buyback: string, retailer: string) => string;
  reasonIntro: string;
  reasons: Record<QuarantineReason, string>;
  next: string;
  support: (email: string) => string;
  noSupport: string;
  signature: (retailer: string) => string;
}

const TEXTS: Record<Locale, Texts> = {
  'fr-FR': {
    subject: (buyback) => `Votre reprise ${buyback} : appareil en cours de vérification`,
    greeting: (name) => `Bonjour ${name},`,
    held: (product, buyback, retailer) =>
      `Votre appareil ${product} (reprise n° ${buyback}) est arrivé dans l'entrepôt de ${retailer}. Il est retenu pour une vérification avant que la reprise puisse être finalisée.`,
    reasonIntro: 'Motif :',
    reasons: {
      locked: "l'appareil est verrouillé (compte ou code de l'utilisateur encore actif).",
      stolen_suspicion: "l'appareil est signalé comme possiblement volé.",
      blacklisted_imei: "l'IMEI de l'appareil figure sur une liste de blocage.",
      counterfeit: "l'appareil semble ne pas être d'origine.",
      not_matching: "l'appareil reçu ne correspond pas à celui qui a été déclaré.",
      other: "une vérification complémentaire de l'appareil est nécessaire.",
    },
    next: "Et maintenant ? Si la situation peut être régularisée (par exemple en déverrouillant l'appareil), la reprise reprendra son cours. Sinon, l'appareil vous sera renvoyé. Aucune action n'est perdue : vous serez informé de la suite.",
    support: (email) => `Pour toute question, écrivez-nous à ${email}.`,
    noSupport: 'Pour toute question, adressez-vous au magasin où vous avez réalisé la reprise.',
    signature: (retailer) => `L'équipe ${retailer}`,
  },
  'en-GB': {
    subject: (buyback) => `Your buyback ${buyback}: device being verified`,
    greeting: (name) => `Hello ${name},`,
    held: (product, buyback, retailer) =>
      `Your device ${product} (buyback no. ${buyback}) has reached ${retailer}'s warehouse. It is held for verification before the buyback can be completed.`,
    reasonIntro: 'Reason:',
    reasons: {
      locked: "the device is locked (the user's account or passcode is still active).",
      stolen_suspicion: 'the device is reported as possibly stolen.',
      blacklisted_imei: "the device's IMEI is on a block list.",
      counterfeit: 'the device does not appear to be genuine.',
      not_matching: 'the device received does not match the one declared.',
      other: 'the device needs a further check.',
    },
    next: 'What happens next? If the situation can be put right (for example by unlocking the device), the buyback will go on. Otherwise the device will be sent back to you. We will let you know either way.',
    support: (email) => `If you have any question, write to us at ${email}.`,
    noSupport: 'If you have any question, ask the store where you sold the device.',
    signature: (retailer) => `The ${retailer} team`,
  },
  'nl-BE': {
    subject: (buyback) => `Uw overname ${buyback}: toestel wordt gecontroleerd`,
    greeting: (name) => `Beste ${name},`,
    held: (product, buyback, retailer) =>
      `Uw toestel ${product} (overname nr. ${buyback}) is aangekomen in het magazijn van ${retailer}. Het wordt vastgehouden voor controle voordat de overname kan worden afgerond.`,
    reasonIntro: 'Reden:',
    reasons: {
      locked: 'het toestel is vergrendeld (account of toegangscode van de gebruiker nog actief).',
      stolen_suspicion: 'het toestel is gemeld als mogelijk gestolen.',
      blacklisted_imei: 'het IMEI-nummer van het toestel staat op een blokkeerlijst.',
      counterfeit: 'het toestel lijkt niet origineel te zijn.',
      not_matching: 'het ontvangen toestel komt niet overeen met het aangegeven toestel.',
      other: 'het toestel moet verder worden gecontroleerd.',
    },
    next: 'Wat nu? Als de situatie kan worden rechtgezet (bijvoorbeeld door het toestel te ontgrendelen), gaat de overname verder. Anders wordt het toestel naar u teruggestuurd. U hoort in elk geval van ons.',
    support: (email) => `Hebt u vragen? Schrijf ons op ${email}.`,
    noSupport: 'Hebt u vragen? Wend u tot de winkel waar u het toestel hebt verkocht.',
    signature: (retailer) => `Het team van ${retailer}`,
  },
  'de-DE': {
    subject: (buyback) => `Ihr Ankauf ${buyback}: Gerät wird geprüft`,
    greeting: (name) => `Guten Tag ${name},`,
    held: (product, buyback, retailer) =>
      `Ihr Gerät ${product} (Ankauf Nr. ${buyback}) ist im Lager von ${retailer} eingetroffen. Es wird zur Prüfung zurückgehalten, bevor der Ankauf abgeschlossen werden kann.`,
    reasonIntro: 'Grund:',
    reasons: {
      locked: 'Das Gerät ist gesperrt (Konto oder Code des Nutzers noch aktiv).',
      stolen_suspicion: 'Das Gerät ist als möglicherweise gestohlen gemeldet.',
      blacklisted_imei: 'Die IMEI des Geräts steht auf einer Sperrliste.',
      counterfeit: 'Das Gerät scheint kein Originalgerät zu sein.',
      not_matching: 'Das erhaltene Gerät entspricht nicht dem angegebenen.',
      other: 'Das Gerät muss weiter geprüft werden.',
    },
    next: 'Wie geht es weiter? Lässt sich die Situation klären (zum Beispiel durch Entsperren des Geräts), wird der Ankauf fortgesetzt. Andernfalls wird Ihnen das Gerät zurückgeschickt. Wir informieren Sie in jedem Fall.',
    support: (email) => `Bei Fragen schreiben Sie uns an ${email}.`,
    noSupport: 'Bei Fragen wenden Sie sich an das Geschäft, in dem Sie das Gerät verkauft haben.',
    signature: (retailer) => `Ihr ${retailer}-Team`,
  },
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function quarantineMailLanguage(language: string | null): Locale {
  return language && language in TEXTS ? (language as Locale) : 'fr-FR';
}

/** The quarantine mail to the customer; null when the customer left no e-mail address. */
export function quarantineMail(facts: QuarantineMailFacts): MailMessage | null {
  const to = facts.email?.trim();
  if (!to) return null;
  const t = TEXTS[quarantineMailLanguage(facts.language)];
  const reason =
    t.reasons[(facts.quarantine_reason as QuarantineReason | null) ?? 'other'] ?? t.reasons.other;
  const paragraphs = [
    t.greeting(`${facts.first_name} ${facts.last_name}`),
    t.held(facts.product_name, facts.buyback_identification_number, facts.retailer_name),
    `${t.reasonIntro} ${reason}`,
    t.next,
    facts.seller_support_email ? t.support(facts.seller_support_email) : t.noSupport,
    t.signature(facts.retailer_name),
  ];
  return {
    to,
    subject: t.subject(facts.buyback_identification_number),
    text: `${paragraphs.join('\n\n')}\n`,
    html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join(''),
  };
}
