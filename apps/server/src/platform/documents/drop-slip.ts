import { type Locale, PREDECLARATION_WARNING_DAYS, type ProductGrade } from '@reprise/shared';
import { documentStrings } from './document-strings';
import { BOLD, createPdf, formatDate, formatMoney, pdfBuffer, REGULAR } from './pdf';
import { identificationBarcodePng } from './shipping-label';
import { drawTrackingQr } from './tracking-qr';

/**
 * The drop slip of a buyback declared on the public site and handed in at a store (web_drop):
 * the 13-digit identification number as an EAN-13 barcode for the counter's scanner, the product,
 * its declared state, the price, and the stores that take drops, in the visitor's language.
 */

interface DropSlipStore {
  name: string;
  street: string | null;
  streetMore: string | null;
  zip: string | null;
  city: string | null;
}

export interface DropSlipData {
  language: string;
  currency: string;
  issuer: string;
  identificationNumber: string;
  createdAt: Date;
  productName: string;
  declaredState: ProductGrade;
  totalCents: number;
  paymentModeLabel: string;
  circuitName: string;
  stores: DropSlipStore[];
  /** The customer's tracking page, printed as a QR code (docs/tracking.md); null prints none. */
  trackingUrl?: string | null;
}

interface DropSlipStrings {
  title: string;
  code: string;
  how: string;
  stores: string;
  noStore: string;
  validity: (days: number) => string;
  notAVoucher: string;
}

const STRINGS: Record<Locale, DropSlipStrings> = {
  'fr-FR': {
    title: 'Bordereau de dépôt',
    code: 'Code de votre vente',
    how: 'Apportez votre appareil et ce bordereau (imprimé ou sur votre téléphone) dans l’un des magasins ci-dessous : le vendeur scanne le code, vérifie l’appareil et finalise la vente.',
    stores: 'Magasins où déposer votre appareil',
    noStore: 'Aucun magasin n’accepte de dépôt pour le moment.',
    validity: (days) =>
      `Le prix indiqué peut être revu si l’appareil est déposé plus de ${days} jours après cette date.`,
    notAVoucher: 'Ce bordereau n’est pas un moyen de paiement : votre paiement est remis en magasin.',
  },
  'en-GB': {
    title: 'Drop slip',
    code: 'Your sale code',
    how: 'Bring your device and this slip (printed or on your phone) to one of the stores below: the seller scans the code, checks the device and completes the sale.',
    stores: 'Stores where you can drop your device',
    noStore: 'No store takes drops at the moment.',
    validity: (days) =>
      `The price shown may be reviewed if the device is dropped more than ${days} days after this date.`,
    notAVoucher: 'This slip is not a means of payment: you are paid at the store.',
  },
  'nl-BE': {
    title: 'Afgiftebon',
    code: 'Code van uw verkoop',
    how: 'Breng uw toestel en deze bon (afgedrukt of op uw telefoon) naar een van de winkels hieronder: de verkoper scant de code, controleert het toestel en rondt de verkoop af.',
    stores: 'Winkels waar u uw toestel kunt afgeven',
    noStore: 'Momenteel aanvaardt geen enkele winkel afgiftes.',
    validity: (days) =>
      `De vermelde prijs kan worden herzien als het toestel meer dan ${days} dagen na deze datum wordt afgegeven.`,
    notAVoucher: 'Deze bon is geen betaalmiddel: u wordt in de winkel betaald.',
  },
  'de-DE': {
    title: 'Abgabeschein',
    code: 'Code Ihres Verkaufs',
    how: 'Bringen Sie Ihr Gerät und diesen Schein (ausgedruckt oder auf Ihrem Telefon) in eine der unten genannten Filialen: Der Verkäufer scannt den Code, prüft das Gerät und schließt den Verkauf ab.',
    stores: 'Filialen, in denen Sie Ihr Gerät abgeben können',
    noStore: 'Derzeit nimmt keine Filiale Geräte an.',
    validity: (days) =>
      `Der angegebene Preis kann überprüft werden, wenn das Gerät mehr als ${days} Tage nach diesem Datum abgegeben wird.`,
    notAVoucher: 'Dieser Schein ist kein Zahlungsmittel: Sie werden in der Filiale bezahlt.',
  },
};

function dropSlipStrings(language: string): DropSlipStrings {
  return STRINGS[language as Locale] ?? STRINGS['en-GB'];
}

const storeLine = (s: DropSlipStore) =>
  [s.street, s.streetMore, [s.zip, s.city].filter(Boolean).join(' ')]
    .filter((part) => part?.trim())
    .join(', ');

export async function renderDropSlip(data: DropSlipData): Promise<Buffer> {
  const t = dropSlipStrings(data.language);
  const d = documentStrings(data.language);
  const barcode = await identificationBarcodePng(data.identificationNumber);
  const doc = createPdf({ title: `${t.title} ${data.identificationNumber}` });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font(BOLD).fontSize(20).fillColor('#000000').text(`${t.title} — ${data.issuer}`, { width });
  doc.moveDown(0.6);
  doc.font(BOLD).fontSize(10).text(t.code.toUpperCase(), { width });
  doc.font(BOLD).fontSize(22).text(data.identificationNumber, { width });
  doc.moveDown(0.3);
  doc.image(barcode, left, doc.y, { fit: [280, 100] });
  doc.y += 110;

  const line = (label: string, value: string) => {
    doc.font(BOLD).fontSize(11).text(`${label}: `, left, doc.y, { continued: true, width });
    doc.font(REGULAR).text(value, { width });
  };
  line(d.product, data.productName);
  line(d.declaredState, d.grades[data.declaredState]);
  line(d.price, formatMoney(data.totalCents, data.currency, data.language));
  line(d.payment, data.paymentModeLabel);
  line(d.circuit, data.circuitName);
  line(d.date, formatDate(data.createdAt, data.language));
  doc.moveDown(0.8);
  doc.font(REGULAR).fontSize(10).text(t.how, left, doc.y, { width });
  doc.moveDown(0.8);

  doc.font(BOLD).fontSize(12).text(t.stores, left, doc.y, { width });
  doc.moveDown(0.3);
  if (data.stores.length === 0) doc.font(REGULAR).fontSize(10).text(t.noStore, { width });
  for (const store of data.stores) {
    doc.font(BOLD).fontSize(10).text(store.name, left, doc.y, { width, continued: true });
    doc.font(REGULAR).text(storeLine(store) ? ` — ${storeLine(store)}` : '', { width });
  }
  doc.moveDown(0.8);
  doc
    .font(REGULAR)
    .fontSize(8)
    .fillColor('#333333')
    .text(`${t.validity(PREDECLARATION_WARNING_DAYS)} ${t.notAVoucher}`, left, doc.y, { width });
  if (data.trackingUrl) await drawTrackingQr(doc, data.trackingUrl, data.language);
  return pdfBuffer(doc);
}
