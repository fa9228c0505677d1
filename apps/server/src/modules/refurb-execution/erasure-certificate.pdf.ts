import { formatVerificationCode, type Locale } from '@reprise/shared';
import bwipjs from 'bwip-js/node';
import { BOLD, createPdf, formatDate, pdfBuffer, REGULAR } from '../../platform/documents/pdf';

/**
 * The data-erasure certificate (docs/refurbishment.md, "Data-erasure certificate"): the device,
 * its IMEI and serial number, the item number, the erasure method, the operator, the date and
 * time, the warehouse, and the verification code with the address where anyone checks it (also
 * as a QR code). In the retailer account's language, as its other documents.
 */

export interface ErasureCertificateData {
  language: string;
  verificationCode: string;
  verificationUrl: string;
  itemIdentificationNumber: string;
  productName: string;
  imei: string | null;
  serialNumber: string | null;
  method: string;
  operatorName: string;
  warehouseName: string;
  retailerName: string;
  erasedAt: Date;
}

interface Strings {
  title: string;
  intro: string;
  device: string;
  imei: string;
  serialNumber: string;
  item: string;
  method: string;
  operator: string;
  date: string;
  warehouse: string;
  retailer: string;
  code: string;
  check: string;
  none: string;
}

const STRINGS: Record<Locale, Strings> = {
  'fr-FR': {
    title: "Certificat d'effacement des données",
    intro:
      "Nous certifions que les données de l'appareil ci-dessous ont été effacées selon la méthode indiquée.",
    device: 'Appareil',
    imei: 'IMEI',
    serialNumber: 'Numéro de série',
    item: "Numéro de l'article",
    method: "Méthode d'effacement",
    operator: 'Opérateur',
    date: 'Date et heure',
    warehouse: 'Entrepôt',
    retailer: 'Distributeur',
    code: 'Code de vérification',
    check: 'Vérifiez ce certificat à cette adresse :',
    none: '—',
  },
  'en-GB': {
    title: 'Data erasure certificate',
    intro: 'We certify that the data of the device below was erased with the method stated.',
    device: 'Device',
    imei: 'IMEI',
    serialNumber: 'Serial number',
    item: 'Item number',
    method: 'Erasure method',
    operator: 'Operator',
    date: 'Date and time',
    warehouse: 'Warehouse',
    retailer: 'Retailer',
    code: 'Verification code',
    check: 'Check this certificate at:',
    none: '—',
  },
  'nl-BE': {
    title: 'Certificaat van gegevenswissing',
    intro:
      'Wij verklaren dat de gegevens van het onderstaande toestel gewist zijn volgens de vermelde methode.',
    device: 'Toestel',
    imei: 'IMEI',
    serialNumber: 'Serienummer',
    item: 'Artikelnummer',
    method: 'Wismethode',
    operator: 'Operator',
    date: 'Datum en tijd',
    warehouse: 'Magazijn',
    retailer: 'Verkoper',
    code: 'Verificatiecode',
    check: 'Controleer dit certificaat op:',
    none: '—',
  },
  'de-DE': {
    title: 'Löschzertifikat',
    intro:
      'Wir bestätigen, dass die Daten des unten genannten Geräts mit der angegebenen Methode gelöscht wurden.',
    device: 'Gerät',
    imei: 'IMEI',
    serialNumber: 'Seriennummer',
    item: 'Artikelnummer',
    method: 'Löschmethode',
    operator: 'Bearbeiter',
    date: 'Datum und Uhrzeit',
    warehouse: 'Lager',
    retailer: 'Händler',
    code: 'Prüfcode',
    check: 'Prüfen Sie dieses Zertifikat unter:',
    none: '—',
  },
};

const erasureCertificateStrings = (language: string) => STRINGS[language as Locale] ?? STRINGS['en-GB'];

/** The names of the PDF file in each language (lower case, no accent), as document-file-names.ts writes them. */
const FILE_NAMES: Record<Locale, string> = {
  'fr-FR': 'certificat-d-effacement',
  'en-GB': 'erasure-certificate',
  'nl-BE': 'wiscertificaat',
  'de-DE': 'loeschzertifikat',
};
export const certificateFileName = (language: Locale | undefined, itemNumber: string) =>
  `${FILE_NAMES[language ?? 'en-GB']}-${itemNumber}.pdf`;

export async function renderErasureCertificate(data: ErasureCertificateData): Promise<Buffer> {
  const t = erasureCertificateStrings(data.language);
  const code = formatVerificationCode(data.verificationCode);
  const qr = await bwipjs.toBuffer({ bcid: 'qrcode', text: data.verificationUrl, scale: 3 });
  const doc = createPdf({ title: `${t.title} ${code}`, subject: data.itemIdentificationNumber });
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  doc.font(BOLD).fontSize(22).fillColor('#000000').text(t.title, { width });
  doc.moveDown(0.3);
  doc.font(REGULAR).fontSize(10).fillColor('#333333').text(data.retailerName, { width });
  doc.moveDown(1);
  doc.font(REGULAR).fontSize(11).fillColor('#000000').text(t.intro, { width });
  doc.moveDown(1);

  // French typography puts a space before the colon
  const separator = data.language === 'fr-FR' ? ' : ' : ': ';
  const line = (label: string, value: string | null) => {
    doc.font(BOLD).fontSize(11).text(`${label}${separator}`, left, doc.y, {
      continued: true,
      width,
    });
    doc.font(REGULAR).text(value || t.none);
    doc.moveDown(0.3);
  };
  line(t.device, data.productName);
  line(t.imei, data.imei);
  line(t.serialNumber, data.serialNumber);
  line(t.item, data.itemIdentificationNumber);
  line(t.method, data.method);
  line(t.operator, data.operatorName);
  line(t.date, formatDate(data.erasedAt, data.language));
  line(t.warehouse, data.warehouseName);
  line(t.retailer, data.retailerName);

  doc.moveDown(1);
  const boxTop = doc.y;
  const inner = width - 30;
  doc.rect(left, boxTop, width, 175).lineWidth(1).strokeColor('#000000').stroke();
  doc.image(qr, left + width - 125, boxTop + 12, { fit: [110, 110] });
  doc
    .font(BOLD)
    .fontSize(11)
    .text(t.code, left + 15, boxTop + 15, { width: inner - 120 });
  doc
    .font(BOLD)
    .fontSize(20)
    .text(code, left + 15, doc.y + 4, { width: inner - 120 });
  // the address on a line of its own, across the box: a long domain is not cut
  doc
    .font(REGULAR)
    .fontSize(10)
    .text(t.check, left + 15, boxTop + 130, { width: inner });
  doc
    .font(REGULAR)
    .fontSize(9)
    .fillColor('#1a4fa0')
    .text(data.verificationUrl, left + 15, doc.y + 2, { width: inner, link: data.verificationUrl });
  return pdfBuffer(doc);
}
