import { ean13Png } from './barcodes';
import { type DocumentStrings, documentStrings } from './document-strings';
import { BOLD, createPdf, formatDate, formatMoney, pdfBuffer, REGULAR } from './pdf';
import { drawTrackingQr } from './tracking-qr';

type Grade = keyof DocumentStrings['grades'];
type PaymentType = keyof DocumentStrings['paymentTypes'];
type IdentityType = keyof DocumentStrings['identityTypes'];

export interface PartyAddress {
  street: string | null;
  streetMore?: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
}

/** Everything a transfer order shows; amounts in cents. */
export interface TransferOrderData {
  language: string;
  currency: string;
  copies: number;
  identificationNumber: string;
  itemIdentificationNumber: string;
  createdAt: Date;
  store: { commonName: string; address: PartyAddress | null } | null;
  circuitName: string;
  buyer: {
    name: string;
    longName: string | null;
    address: PartyAddress | null;
    siret: string | null;
    /** Whole currency units, already formatted by the caller's rules. */
    capital: string | null;
  };
  customer: {
    firstName: string;
    lastName: string;
    email: string | null;
    phone: string | null;
    address: PartyAddress;
    identification: {
      type: IdentityType;
      number: string;
      deliveryDate: string | null;
      issuingAuthority: string | null;
    } | null;
  };
  product: {
    name: string;
    brand: string | null;
    model: string | null;
    category: string;
    imei: string | null;
  };
  declaredState: Grade;
  answers: { question: string; answers: string[] }[];
  price: {
    basePriceCents: number;
    impactPriceEntries: { label: string; valueCents: number }[];
    estimatedPriceCents: number;
    paymentModifierCents: number;
    shippingModifierCents: number;
    bonusCents: number;
    totalCents: number;
  };
  paymentType: PaymentType;
  paymentModeLabel: string;
  ibanMasked: string | null;
  /** The terms with their variables already filled. */
  terms: string;
  /** The customer's tracking page, printed as a QR code (docs/tracking.md); null prints none. */
  trackingUrl?: string | null;
}

export function addressLine(a: PartyAddress | null): string {
  if (!a) return '';
  return [a.street, a.streetMore, [a.zip, a.city].filter(Boolean).join(' '), a.country]
    .filter((part) => part && String(part).trim())
    .join(', ');
}

const GREY = '#555555';
const LINE = '#bbbbbb';

/**
 * The transfer order: one page per copy (transferOrderNumberOfCopy), each with the buyer's and
 * the customer's identity, the product, the declared state and answers, the price breakdown, the
 * payment, the identification number as an EAN-13 barcode, the terms and the signature areas.
 */
export async function renderTransferOrder(data: TransferOrderData): Promise<Buffer> {
  const t = documentStrings(data.language);
  const money = (cents: number) => formatMoney(cents, data.currency, data.language);
  const signed = (cents: number) => (cents > 0 ? `+${money(cents)}` : money(cents));
  const barcode = await ean13Png(data.identificationNumber);
  const doc = createPdf({ title: `${t.transferOrder} ${data.identificationNumber}` });
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  const heading = (text: string) => {
    doc.moveDown(0.6);
    doc.font(BOLD).fontSize(10.5).fillColor('#000000').text(text, left);
    const y = doc.y + 1;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .strokeColor(LINE)
      .stroke();
    doc.moveDown(0.3);
  };
  const row = (label: string, value: string | null | undefined) => {
    if (value === null || value === undefined || value === '') return;
    doc.font(BOLD).fontSize(8.5).fillColor(GREY).text(`${label}: `, left, doc.y, { continued: true });
    doc.font(REGULAR).fillColor('#000000').text(value);
  };
  const amountRow = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc
      .font(bold ? BOLD : REGULAR)
      .fontSize(bold ? 10 : 8.5)
      .fillColor('#000000');
    doc.text(label, left, y, { width: width - 120 });
    const after = doc.y;
    doc.text(value, left + width - 120, y, { width: 120, align: 'right' });
    doc.y = Math.max(after, doc.y);
  };

  for (let copy = 1; copy <= data.copies; copy += 1) {
    if (copy > 1) doc.addPage();
    const top = doc.y;
    doc
      .font(BOLD)
      .fontSize(18)
      .fillColor('#000000')
      .text(t.transferOrder, left, top, { width: width - 190 });
    doc.font(REGULAR).fontSize(8.5).fillColor(GREY).text(t.copy(copy, data.copies), left);
    row(t.identificationNumber, data.identificationNumber);
    row(t.itemNumber, data.itemIdentificationNumber);
    row(t.date, formatDate(data.createdAt, data.language));
    if (data.store)
      row(t.store, [data.store.commonName, addressLine(data.store.address)].filter(Boolean).join(' — '));
    row(t.circuit, data.circuitName);
    const textBottom = doc.y;
    doc.image(barcode, left + width - 180, top, { fit: [180, 70], align: 'right' });
    doc.y = Math.max(textBottom, top + 75);

    heading(t.buyer);
    row(t.buyer, data.buyer.name);
    row(t.corporateName, data.buyer.longName);
    row(t.address, addressLine(data.buyer.address));
    row(t.siret, data.buyer.siret);
    row(t.capital, data.buyer.capital);

    heading(t.seller);
    row(t.seller, `${data.customer.firstName} ${data.customer.lastName}`);
    row(t.address, addressLine(data.customer.address));
    row(t.email, data.customer.email);
    row(t.phone, data.customer.phone);
    const id = data.customer.identification;
    if (id) {
      const parts = [`${t.identityTypes[id.type]} ${id.number}`];
      if (id.deliveryDate) parts.push(`${t.deliveredOn} ${id.deliveryDate}`);
      if (id.issuingAuthority) parts.push(`${t.issuedBy} ${id.issuingAuthority}`);
      row(t.identityDocument, parts.join(' '));
    }

    heading(t.product);
    row(t.product, data.product.name);
    row(t.brand, data.product.brand);
    row(t.model, data.product.model);
    row(t.category, data.product.category);
    row(t.imei, data.product.imei);
    row(t.declaredState, t.grades[data.declaredState]);
    if (data.answers.length) {
      doc.moveDown(0.2);
      doc.font(BOLD).fontSize(8.5).fillColor(GREY).text(`${t.diagnosis}:`, left);
      for (const a of data.answers) {
        doc
          .font(REGULAR)
          .fontSize(8)
          .fillColor('#000000')
          .text(`• ${a.question} — ${a.answers.join(', ')}`, left + 8, doc.y, {
            width: width - 8,
          });
      }
    }

    heading(t.price);
    amountRow(t.basePrice, money(data.price.basePriceCents));
    for (const entry of data.price.impactPriceEntries)
      amountRow(`  ${entry.label}`, signed(entry.valueCents));
    amountRow(t.estimatedPrice, money(data.price.estimatedPriceCents));
    if (data.price.paymentModifierCents)
      amountRow(t.paymentModifier, signed(data.price.paymentModifierCents));
    if (data.price.shippingModifierCents)
      amountRow(t.shippingModifier, signed(data.price.shippingModifierCents));
    if (data.price.bonusCents) amountRow(t.bonus, signed(data.price.bonusCents));
    amountRow(t.total, money(data.price.totalCents), true);

    heading(t.payment);
    row(t.paymentType, `${t.paymentTypes[data.paymentType]} (${data.paymentModeLabel})`);
    row(t.iban, data.ibanMasked);

    heading(t.terms);
    doc
      .font(REGULAR)
      .fontSize(7.5)
      .fillColor('#000000')
      .text(data.terms, left, doc.y, { width, align: 'justify' });

    // signature areas: two boxes side by side, on a new page when this one is too full
    const boxHeight = 80;
    if (doc.y + boxHeight + 40 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    doc.moveDown(1);
    const y = doc.y;
    const boxWidth = (width - 20) / 2;
    for (const [i, label] of [t.sellerSignature, t.buyerSignature].entries()) {
      const x = left + i * (boxWidth + 20);
      doc.font(BOLD).fontSize(8.5).fillColor('#000000').text(label, x, y, { width: boxWidth });
      doc.font(REGULAR).fontSize(7).fillColor(GREY).text(t.signatureHint, x, doc.y, { width: boxWidth });
      doc
        .rect(x, y + 26, boxWidth, boxHeight)
        .lineWidth(0.7)
        .strokeColor('#000000')
        .stroke();
    }
    doc.y = y + 26 + boxHeight + 6;
    doc.x = left;
    if (data.trackingUrl) await drawTrackingQr(doc, data.trackingUrl, data.language);
  }
  return pdfBuffer(doc);
}
