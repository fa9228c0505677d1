import type { Locale } from '@reprise/shared';
import { code128Png } from './barcodes';
import { addressColumn, BOLD, createPdf, formatDate, pdfBuffer, REGULAR } from './pdf';
import type { LabelAddress } from './shipping-label';

/**
 * The label of a closed package with a label (expedition, modules/expeditions): sender (the store
 * or warehouse it leaves), recipient (its destination), the package number as a Code 128 barcode,
 * the tracking number, the item count and the date. The platform's own, until carriers bring
 * theirs (issue 14).
 */

export interface PackageLabelData {
  language: string;
  number: string;
  trackingNumber: string | null;
  itemCount: number;
  closedAt: Date;
  sender: LabelAddress;
  recipient: LabelAddress | null;
}

interface PackageLabelStrings {
  title: string;
  sender: string;
  recipient: string;
  package: string;
  tracking: string;
  items: string;
  date: string;
  hint: string;
}

const STRINGS: Record<Locale, PackageLabelStrings> = {
  'fr-FR': {
    title: 'Étiquette du colis',
    sender: 'Expéditeur',
    recipient: 'Destinataire',
    package: 'N° de colis',
    tracking: 'N° de suivi',
    items: "Nombre d'articles",
    date: 'Date',
    hint: 'Collez cette étiquette sur le colis, bien à plat, sans couvrir le code-barres.',
  },
  'en-GB': {
    title: 'Package label',
    sender: 'Sender',
    recipient: 'Recipient',
    package: 'Package number',
    tracking: 'Tracking number',
    items: 'Number of items',
    date: 'Date',
    hint: 'Stick this label flat on the package without covering the barcode.',
  },
  'nl-BE': {
    title: 'Pakketlabel',
    sender: 'Afzender',
    recipient: 'Geadresseerde',
    package: 'Pakketnummer',
    tracking: 'Trackingnummer',
    items: 'Aantal artikelen',
    date: 'Datum',
    hint: 'Kleef dit label plat op het pakket zonder de streepjescode te bedekken.',
  },
  'de-DE': {
    title: 'Paketetikett',
    sender: 'Absender',
    recipient: 'Empfänger',
    package: 'Paketnummer',
    tracking: 'Sendungsnummer',
    items: 'Anzahl der Artikel',
    date: 'Datum',
    hint: 'Kleben Sie dieses Etikett flach auf das Paket, ohne den Strichcode zu verdecken.',
  },
};

function packageLabelStrings(language: string): PackageLabelStrings {
  return STRINGS[language as Locale] ?? STRINGS['en-GB'];
}

/** The lines of an address block: name, street, more, zip and city, country. */
export function addressBlock(a: LabelAddress): string[] {
  return [a.name, a.street, a.streetMore, [a.zip, a.city].filter(Boolean).join(' '), a.country].filter(
    (line): line is string => Boolean(line?.trim()),
  );
}

export async function renderPackageLabel(data: PackageLabelData): Promise<Buffer> {
  const t = packageLabelStrings(data.language);
  const barcode = await code128Png(data.number);
  const doc = createPdf({ title: `${t.title} ${data.number}` });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const top = doc.y;
  const height = 400;
  doc.rect(left, top, width, height).lineWidth(1.5).strokeColor('#000000').stroke();
  doc
    .font(BOLD)
    .fontSize(16)
    .fillColor('#000000')
    .text(t.title, left + 16, top + 14, { width: width - 32 });

  const columnTop = top + 56;
  const columnWidth = (width - 48) / 2;
  const block = (x: number, title: string, lines: string[], large: boolean) =>
    addressColumn(doc, { x, top: columnTop, width: columnWidth }, title, lines, large);
  block(left + 16, t.sender, addressBlock(data.sender), false);
  block(left + 32 + columnWidth, t.recipient, data.recipient ? addressBlock(data.recipient) : ['—'], true);

  const barcodeTop = top + 210;
  doc.image(barcode, left + 16, barcodeTop, { fit: [280, 100] });
  const infoX = left + 316;
  const infoWidth = width - 332;
  const row = (label: string, value: string) => {
    doc.font(BOLD).fontSize(10).text(`${label}: `, infoX, doc.y, { continued: true, width: infoWidth });
    doc.font(REGULAR).text(value, { width: infoWidth });
  };
  doc.y = barcodeTop;
  row(t.package, data.number);
  if (data.trackingNumber) row(t.tracking, data.trackingNumber);
  row(t.items, String(data.itemCount));
  row(t.date, formatDate(data.closedAt, data.language));

  doc
    .font(REGULAR)
    .fontSize(8)
    .fillColor('#333333')
    .text(t.hint, left + 16, top + height - 28, { width: width - 32 });
  return pdfBuffer(doc);
}
