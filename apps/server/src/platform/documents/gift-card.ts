import type { Locale } from '@reprise/shared';
import { code128Png } from './barcodes';
import { BOLD, createPdf, formatMoney, labelledLine, pdfBuffer, REGULAR } from './pdf';

/**
 * The gift card a customer is paid with (payment type gift_card, modules/payments/gift-cards.service.ts):
 * amount, 16-digit number as a Code 128 barcode, expiry, retailer; with a gift-card terminal, the
 * merchant id, terminal id and item code the till needs to load it.
 */

export interface GiftCardData {
  language: string;
  currency: string;
  code: string;
  amountCents: number;
  expiresAt: Date | null;
  issuedAt: Date;
  retailer: string;
  store: string | null;
  buybackIdentificationNumber: string;
  terminal: { merchantId: string | null; terminalId: string | null; itemCode: string | null } | null;
}

interface GiftCardStrings {
  title: string;
  number: string;
  amount: string;
  expiresOn: string;
  noExpiry: string;
  issuedOn: string;
  retailer: string;
  store: string;
  buyback: string;
  merchantId: string;
  terminalId: string;
  itemCode: string;
  use: string;
}

const STRINGS: Record<Locale, GiftCardStrings> = {
  'fr-FR': {
    title: 'Carte cadeau',
    number: 'Numéro de la carte',
    amount: 'Montant',
    expiresOn: "Valable jusqu'au",
    noExpiry: 'Sans date de fin',
    issuedOn: 'Émise le',
    retailer: 'Enseigne',
    store: 'Magasin',
    buyback: 'Émise pour la reprise',
    merchantId: 'Identifiant commerçant',
    terminalId: 'Identifiant terminal',
    itemCode: 'Code article',
    use: 'À présenter en caisse. Utilisable en une ou plusieurs fois dans la limite du solde.',
  },
  'en-GB': {
    title: 'Gift card',
    number: 'Card number',
    amount: 'Amount',
    expiresOn: 'Valid until',
    noExpiry: 'No end date',
    issuedOn: 'Issued on',
    retailer: 'Retailer',
    store: 'Store',
    buyback: 'Issued for the buyback',
    merchantId: 'Merchant ID',
    terminalId: 'Terminal ID',
    itemCode: 'Item code',
    use: 'Present at the checkout. Can be spent in one or several purchases up to its balance.',
  },
  'nl-BE': {
    title: 'Cadeaukaart',
    number: 'Kaartnummer',
    amount: 'Bedrag',
    expiresOn: 'Geldig tot',
    noExpiry: 'Zonder einddatum',
    issuedOn: 'Uitgegeven op',
    retailer: 'Winkelketen',
    store: 'Winkel',
    buyback: 'Uitgegeven voor de overname',
    merchantId: 'Handelaars-ID',
    terminalId: 'Terminal-ID',
    itemCode: 'Artikelcode',
    use: 'Toon deze kaart aan de kassa. Te gebruiken in een of meer aankopen tot het saldo op is.',
  },
  'de-DE': {
    title: 'Geschenkkarte',
    number: 'Kartennummer',
    amount: 'Betrag',
    expiresOn: 'Gültig bis',
    noExpiry: 'Ohne Ablaufdatum',
    issuedOn: 'Ausgestellt am',
    retailer: 'Händler',
    store: 'Filiale',
    buyback: 'Ausgestellt für den Ankauf',
    merchantId: 'Händler-ID',
    terminalId: 'Terminal-ID',
    itemCode: 'Artikelcode',
    use: 'An der Kasse vorzeigen. In einem oder mehreren Einkäufen bis zur Höhe des Guthabens einlösbar.',
  },
};

const giftCardStrings = (language: string): GiftCardStrings =>
  STRINGS[language as Locale] ?? STRINGS['en-GB'];

const day = (date: Date, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'Europe/Paris' }).format(date);

/** The number in groups of 4, as printed under the barcode for reading aloud. */
const grouped = (code: string) => code.replace(/(.{4})(?=.)/g, '$1 ');

export async function renderGiftCard(data: GiftCardData): Promise<Buffer> {
  const t = giftCardStrings(data.language);
  const barcode = await code128Png(data.code);
  const doc = createPdf({ title: `${t.title} ${data.retailer}` });
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const top = doc.y;
  doc.roundedRect(left, top, width, 360, 12).lineWidth(1).strokeColor('#000000').stroke();
  doc
    .font(BOLD)
    .fontSize(20)
    .fillColor('#000000')
    .text(`${t.title} — ${data.retailer}`, left + 20, top + 20, { width: width - 40 });
  doc.moveDown(0.5);
  doc
    .font(BOLD)
    .fontSize(28)
    .text(formatMoney(data.amountCents, data.currency, data.language), { width: width - 40 });
  doc.moveDown(0.5);
  const line = (label: string, value: string | null) => labelledLine(doc, left + 20, label, value);
  line(t.number, grouped(data.code));
  line(t.expiresOn, data.expiresAt ? day(data.expiresAt, data.language) : t.noExpiry);
  line(t.issuedOn, day(data.issuedAt, data.language));
  line(t.retailer, data.retailer);
  line(t.store, data.store);
  line(t.buyback, data.buybackIdentificationNumber);
  if (data.terminal) {
    line(t.merchantId, data.terminal.merchantId);
    line(t.terminalId, data.terminal.terminalId);
    line(t.itemCode, data.terminal.itemCode);
  }
  doc.moveDown(0.5);
  doc.image(barcode, left + 20, doc.y, { fit: [300, 80] });
  doc
    .font(REGULAR)
    .fontSize(9)
    .text(t.use, left + 20, top + 330, { width: width - 40 });
  return pdfBuffer(doc);
}
