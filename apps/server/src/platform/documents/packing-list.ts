import type { Locale } from '@reprise/shared';
import { code128Png } from './barcodes';
import { addressBlock } from './package-label';
import { BOLD, createPdf, formatDate, pdfBuffer, REGULAR } from './pdf';
import type { LabelAddress } from './shipping-label';

/**
 * The packing list of a package (expedition, modules/expeditions): the package number as a Code 128
 * barcode, origin and destination, every item (number, product, IMEI, buyback number), the total,
 * and a box where the one who hands the package over and the one who takes it sign.
 */

interface PackingListItem {
  identificationNumber: string;
  productName: string;
  imei: string | null;
  buybackIdentificationNumber: string;
}

export interface PackingListData {
  language: string;
  number: string;
  withLabel: boolean;
  trackingNumber: string | null;
  /** When it was closed; an open package's list is a draft dated now. */
  closedAt: Date | null;
  printedAt: Date;
  origin: LabelAddress;
  destination: LabelAddress | null;
  items: PackingListItem[];
}

interface PackingListStrings {
  title: string;
  draft: string;
  package: string;
  tracking: string;
  withLabel: string;
  withoutLabel: string;
  closedOn: string;
  printedOn: string;
  origin: string;
  destination: string;
  item: string;
  product: string;
  imei: string;
  buyback: string;
  total: (count: number) => string;
  handedOverBy: string;
  receivedBy: string;
  signatureHint: string;
}

const STRINGS: Record<Locale, PackingListStrings> = {
  'fr-FR': {
    title: 'Liste de colisage',
    draft: 'Colis ouvert : cette liste peut encore changer.',
    package: 'N° de colis',
    tracking: 'N° de suivi',
    withLabel: 'Colis avec étiquette',
    withoutLabel: 'Colis sans étiquette',
    closedOn: 'Fermé le',
    printedOn: 'Imprimé le',
    origin: 'Origine',
    destination: 'Destination',
    item: "N° d'article",
    product: 'Produit',
    imei: 'IMEI',
    buyback: 'N° de reprise',
    total: (count) => `Total : ${count} article${count > 1 ? 's' : ''}`,
    handedOverBy: 'Remis par (nom, date, signature)',
    receivedBy: 'Reçu par (nom, date, signature)',
    signatureHint: 'Comptez les articles avant de signer.',
  },
  'en-GB': {
    title: 'Packing list',
    draft: 'Open package: this list may still change.',
    package: 'Package number',
    tracking: 'Tracking number',
    withLabel: 'Package with label',
    withoutLabel: 'Package without label',
    closedOn: 'Closed on',
    printedOn: 'Printed on',
    origin: 'Origin',
    destination: 'Destination',
    item: 'Item number',
    product: 'Product',
    imei: 'IMEI',
    buyback: 'Buyback number',
    total: (count) => `Total: ${count} item${count === 1 ? '' : 's'}`,
    handedOverBy: 'Handed over by (name, date, signature)',
    receivedBy: 'Received by (name, date, signature)',
    signatureHint: 'Count the items before signing.',
  },
  'nl-BE': {
    title: 'Paklijst',
    draft: 'Open pakket: deze lijst kan nog wijzigen.',
    package: 'Pakketnummer',
    tracking: 'Trackingnummer',
    withLabel: 'Pakket met label',
    withoutLabel: 'Pakket zonder label',
    closedOn: 'Gesloten op',
    printedOn: 'Afgedrukt op',
    origin: 'Herkomst',
    destination: 'Bestemming',
    item: 'Artikelnummer',
    product: 'Product',
    imei: 'IMEI',
    buyback: 'Overnamenummer',
    total: (count) => `Totaal: ${count} artikel${count === 1 ? '' : 'en'}`,
    handedOverBy: 'Overhandigd door (naam, datum, handtekening)',
    receivedBy: 'Ontvangen door (naam, datum, handtekening)',
    signatureHint: 'Tel de artikelen voor u tekent.',
  },
  'de-DE': {
    title: 'Packliste',
    draft: 'Offenes Paket: diese Liste kann sich noch ändern.',
    package: 'Paketnummer',
    tracking: 'Sendungsnummer',
    withLabel: 'Paket mit Etikett',
    withoutLabel: 'Paket ohne Etikett',
    closedOn: 'Geschlossen am',
    printedOn: 'Gedruckt am',
    origin: 'Herkunft',
    destination: 'Ziel',
    item: 'Artikelnummer',
    product: 'Produkt',
    imei: 'IMEI',
    buyback: 'Ankaufsnummer',
    total: (count) => `Gesamt: ${count} Artikel`,
    handedOverBy: 'Übergeben von (Name, Datum, Unterschrift)',
    receivedBy: 'Erhalten von (Name, Datum, Unterschrift)',
    signatureHint: 'Zählen Sie die Artikel vor dem Unterschreiben.',
  },
};

function packingListStrings(language: string): PackingListStrings {
  return STRINGS[language as Locale] ?? STRINGS['en-GB'];
}

const LINE = '#bbbbbb';

export async function renderPackingList(data: PackingListData): Promise<Buffer> {
  const t = packingListStrings(data.language);
  const barcode = await code128Png(data.number);
  const doc = createPdf({ title: `${t.title} ${data.number}` });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  doc
    .font(BOLD)
    .fontSize(18)
    .fillColor('#000000')
    .text(t.title, left, doc.y, { width: width - 220 });
  doc.image(barcode, left + width - 200, doc.page.margins.top, { fit: [200, 60] });
  doc.font(REGULAR).fontSize(10);
  const row = (label: string, value: string) => {
    doc.font(BOLD).text(`${label}: `, left, doc.y, { continued: true, width: width - 220 });
    doc.font(REGULAR).text(value, { width: width - 220 });
  };
  row(t.package, data.number);
  doc.font(REGULAR).text(data.withLabel ? t.withLabel : t.withoutLabel, left, doc.y);
  if (data.trackingNumber) row(t.tracking, data.trackingNumber);
  if (data.closedAt) row(t.closedOn, formatDate(data.closedAt, data.language));
  row(t.printedOn, formatDate(data.printedAt, data.language));
  if (!data.closedAt) doc.font(BOLD).fillColor('#9a3412').text(t.draft, left, doc.y).fillColor('#000000');
  doc.y = Math.max(doc.y, doc.page.margins.top + 70) + 12;

  const columnWidth = (width - 16) / 2;
  const blocksTop = doc.y;
  let blocksBottom = blocksTop;
  const block = (x: number, title: string, lines: string[]) => {
    doc.font(BOLD).fontSize(9).text(title.toUpperCase(), x, blocksTop, { width: columnWidth });
    lines.forEach((line, index) => {
      doc
        .font(index === 0 ? BOLD : REGULAR)
        .fontSize(10)
        .text(line, x, doc.y, { width: columnWidth });
    });
    blocksBottom = Math.max(blocksBottom, doc.y);
  };
  block(left, t.origin, addressBlock(data.origin));
  block(left + columnWidth + 16, t.destination, data.destination ? addressBlock(data.destination) : ['—']);
  doc.y = blocksBottom + 16;

  // the table: #, item, product, IMEI, buyback; its header again on each new page
  const columns = [
    { label: '#', width: 28 },
    { label: t.item, width: 100 },
    { label: t.product, width: width - 28 - 100 - 120 - 100 },
    { label: t.imei, width: 120 },
    { label: t.buyback, width: 100 },
  ];
  const cells = (values: string[], font: string) => {
    const y = doc.y;
    let x = left;
    let height = 0;
    values.forEach((value, index) => {
      const w = (columns[index]?.width ?? 60) - 6;
      doc.font(font).fontSize(9);
      height = Math.max(height, doc.heightOfString(value, { width: w }));
      doc.text(value, x, y, { width: w });
      x += columns[index]?.width ?? 60;
    });
    doc.y = y + height + 4;
    doc
      .moveTo(left, doc.y - 2)
      .lineTo(left + width, doc.y - 2)
      .lineWidth(0.5)
      .strokeColor(LINE)
      .stroke();
  };
  const header = () =>
    cells(
      columns.map((c) => c.label),
      BOLD,
    );
  header();
  data.items.forEach((item, index) => {
    if (doc.y + 30 > bottom()) {
      doc.addPage();
      header();
    }
    cells(
      [
        String(index + 1),
        item.identificationNumber,
        item.productName,
        item.imei ?? '—',
        item.buybackIdentificationNumber,
      ],
      REGULAR,
    );
  });
  doc.moveDown(0.5);
  doc.font(BOLD).fontSize(11).text(t.total(data.items.length), left, doc.y, { width });

  // the signature box
  const boxHeight = 110;
  if (doc.y + boxHeight + 24 > bottom()) doc.addPage();
  const boxTop = doc.y + 16;
  doc.rect(left, boxTop, width, boxHeight).lineWidth(1).strokeColor('#000000').stroke();
  doc
    .moveTo(left + width / 2, boxTop)
    .lineTo(left + width / 2, boxTop + boxHeight)
    .stroke();
  doc
    .font(BOLD)
    .fontSize(9)
    .text(t.handedOverBy, left + 8, boxTop + 8, { width: width / 2 - 16 });
  doc.text(t.receivedBy, left + width / 2 + 8, boxTop + 8, { width: width / 2 - 16 });
  doc
    .font(REGULAR)
    .fontSize(8)
    .fillColor('#333333')
    .text(t.signatureHint, left, boxTop + boxHeight + 6, { width });
  return pdfBuffer(doc);
}
