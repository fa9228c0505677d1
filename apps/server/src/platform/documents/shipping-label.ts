import type { Locale } from '@reprise/shared';
import { code128Png, ean13Png } from './barcodes';
import { addressColumn, BOLD, createPdf, formatDate, pdfBuffer, REGULAR } from './pdf';

/**
 * The platform's own shipping label (until a carrier connector exists): sender (the customer),
 * recipient (the buyback's destination warehouse), transport provider, and the buyback's identification
 * number as an EAN-13 barcode (Code 128 when the number is not a valid EAN-13).
 */

export interface LabelAddress {
  name: string;
  street: string | null;
  streetMore: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
}

export interface ShippingLabelData {
  language: string;
  identificationNumber: string;
  itemIdentificationNumber: string;
  createdAt: Date;
  sender: LabelAddress;
  recipient: LabelAddress;
  transportProvider: string | null;
  circuitName: string;
  productName: string;
  /** The code the barcode carries; the buyback's identification number unless told (a return label: the item's). */
  barcode?: string;
}

export interface LabelStrings {
  title: string;
  sender: string;
  recipient: string;
  carrier: string;
  reference: string;
  item: string;
  contents: string;
  date: string;
  hint: string;
}

const STRINGS: Record<Locale, LabelStrings> = {
  'fr-FR': {
    title: "Étiquette d'envoi",
    sender: 'Expéditeur',
    recipient: 'Destinataire',
    carrier: 'Transporteur',
    reference: 'Référence de la reprise',
    item: "Numéro de l'article",
    contents: 'Contenu',
    date: 'Date',
    hint: 'Collez cette étiquette sur le colis, bien à plat, sans couvrir le code-barres.',
  },
  'en-GB': {
    title: 'Shipping label',
    sender: 'Sender',
    recipient: 'Recipient',
    carrier: 'Carrier',
    reference: 'Buyback reference',
    item: 'Item number',
    contents: 'Contents',
    date: 'Date',
    hint: 'Stick this label flat on the parcel without covering the barcode.',
  },
  'nl-BE': {
    title: 'Verzendlabel',
    sender: 'Afzender',
    recipient: 'Geadresseerde',
    carrier: 'Vervoerder',
    reference: 'Referentie van de overname',
    item: 'Artikelnummer',
    contents: 'Inhoud',
    date: 'Datum',
    hint: 'Kleef dit label plat op het pakket zonder de streepjescode te bedekken.',
  },
  'de-DE': {
    title: 'Versandetikett',
    sender: 'Absender',
    recipient: 'Empfänger',
    carrier: 'Versanddienstleister',
    reference: 'Ankaufsreferenz',
    item: 'Artikelnummer',
    contents: 'Inhalt',
    date: 'Datum',
    hint: 'Kleben Sie dieses Etikett flach auf das Paket, ohne den Strichcode zu verdecken.',
  },
};

export function shippingLabelStrings(language: string): LabelStrings {
  return STRINGS[language as Locale] ?? STRINGS['en-GB'];
}

/** True when the 13 digits carry a valid EAN-13 check digit. */
export function isEan13(digits: string): boolean {
  if (!/^\d{13}$/.test(digits)) return false;
  const sum = [...digits.slice(0, 12)].reduce((acc, d, i) => acc + Number(d) * (i % 2 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === Number(digits[12]);
}

/** A buyback's identification number as a barcode: EAN-13 when it is one, else Code 128. */
export const identificationBarcodePng = (code: string) => (isEan13(code) ? ean13Png(code) : code128Png(code));

function addressLines(a: LabelAddress): string[] {
  return [a.name, a.street, a.streetMore, [a.zip, a.city].filter(Boolean).join(' '), a.country].filter(
    (line): line is string => Boolean(line?.trim()),
  );
}

/** Renders the label; `t` gives the other labels of the same layout (the return label: return-label.ts). */
export async function renderShippingLabel(
  data: ShippingLabelData,
  t: LabelStrings = shippingLabelStrings(data.language),
): Promise<Buffer> {
  const barcode = await identificationBarcodePng(data.barcode ?? data.identificationNumber);
  const doc = createPdf({ title: `${t.title} ${data.identificationNumber}` });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const top = doc.y;
  const height = 380;
  doc.rect(left, top, width, height).lineWidth(1.5).strokeColor('#000000').stroke();

  doc
    .font(BOLD)
    .fontSize(16)
    .fillColor('#000000')
    .text(t.title, left + 16, top + 14, { width: width - 32 });
  if (data.transportProvider) {
    doc
      .font(REGULAR)
      .fontSize(11)
      .text(`${t.carrier}: ${data.transportProvider}`, { width: width - 32 });
  }

  const columnTop = top + 70;
  const columnWidth = (width - 48) / 2;
  const block = (x: number, title: string, lines: string[], large: boolean) =>
    addressColumn(doc, { x, top: columnTop, width: columnWidth }, title, lines, large);
  block(left + 16, t.sender, addressLines(data.sender), false);
  block(left + 32 + columnWidth, t.recipient, addressLines(data.recipient), true);

  const barcodeTop = top + 210;
  doc.image(barcode, left + 16, barcodeTop, { fit: [260, 90] });
  const infoX = left + 300;
  doc.font(BOLD).fontSize(9).text(`${t.reference}: `, infoX, barcodeTop, { continued: true });
  doc.font(REGULAR).text(data.identificationNumber);
  doc.font(BOLD).text(`${t.item}: `, infoX, doc.y, { continued: true });
  doc.font(REGULAR).text(data.itemIdentificationNumber);
  doc.font(BOLD).text(`${t.contents}: `, infoX, doc.y, { continued: true });
  doc.font(REGULAR).text(data.productName, { width: width - 316 });
  doc.font(BOLD).text(`${t.date}: `, infoX, doc.y, { continued: true });
  doc.font(REGULAR).text(formatDate(data.createdAt, data.language));
  doc.font(REGULAR).text(data.circuitName, infoX, doc.y, { width: width - 316 });

  doc
    .font(REGULAR)
    .fontSize(8)
    .fillColor('#333333')
    .text(t.hint, left + 16, top + height - 28, { width: width - 32 });
  return pdfBuffer(doc);
}
