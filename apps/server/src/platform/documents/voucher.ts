import { code128Png } from './barcodes';
import { documentStrings } from './document-strings';
import { BOLD, createPdf, formatDate, formatMoney, labelledLine, pdfBuffer, REGULAR } from './pdf';

export interface VoucherData {
  language: string;
  currency: string;
  voucherCode: string;
  amountCents: number;
  identificationNumber: string;
  createdAt: Date;
  issuer: string;
  store: string | null;
  customerName: string;
  productName: string;
}

/** The voucher a customer is paid with (payment type voucher): its own code as a Code 128 barcode. */
export async function renderVoucher(data: VoucherData): Promise<Buffer> {
  const t = documentStrings(data.language);
  const barcode = await code128Png(data.voucherCode);
  const doc = createPdf({ title: `${t.voucher} ${data.voucherCode}` });
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const top = doc.y;
  doc.rect(left, top, width, 300).lineWidth(1).strokeColor('#000000').stroke();
  doc
    .font(BOLD)
    .fontSize(20)
    .fillColor('#000000')
    .text(`${t.voucher} — ${data.issuer}`, left + 20, top + 20, {
      width: width - 40,
    });
  doc.moveDown(0.5);
  doc
    .font(BOLD)
    .fontSize(28)
    .text(formatMoney(data.amountCents, data.currency, data.language), { width: width - 40 });
  doc.moveDown(0.5);
  const line = (label: string, value: string | null) => labelledLine(doc, left + 20, label, value);
  line(t.voucherCode, data.voucherCode);
  line(t.voucherIssuedFor, data.identificationNumber);
  line(t.seller, data.customerName);
  line(t.product, data.productName);
  line(t.store, data.store);
  line(t.date, formatDate(data.createdAt, data.language));
  doc.moveDown(0.5);
  doc.image(barcode, left + 20, doc.y, { fit: [260, 80] });
  doc
    .font(REGULAR)
    .fontSize(9)
    .text(t.voucherUse, left + 20, top + 270, { width: width - 40 });
  return pdfBuffer(doc);
}
