import type { CarrierAddress, CarrierParcel, ShipmentKind } from '@reprise/shared';
import { code128Png } from '../../platform/documents';
import { BOLD, createPdf, pdfBuffer, REGULAR } from '../../platform/documents/pdf';

/**
 * The sandbox carrier's label (A6-like block on an A4 page): its own layout, as a real carrier's
 * label is its own. The tracking number is the Code 128 barcode the carrier's scanners read.
 */

export interface SandboxLabelData {
  trackingNumber: string;
  accountNumber: string;
  reference: string;
  kind: ShipmentKind;
  sender: CarrierAddress;
  recipient: CarrierAddress;
  parcel: CarrierParcel;
  createdAt: Date;
}

const lines = (a: CarrierAddress) =>
  [a.name, a.street, a.streetMore, `${a.zip} ${a.city}`, a.country].filter((line): line is string =>
    Boolean(line?.trim()),
  );

export async function renderSandboxLabel(data: SandboxLabelData): Promise<Buffer> {
  const barcode = await code128Png(data.trackingNumber);
  const doc = createPdf({ title: `Sandbox Carrier ${data.trackingNumber}` });
  const left = doc.page.margins.left;
  const width = 360;
  const top = doc.y;
  doc.rect(left, top, width, 460).lineWidth(2).strokeColor('#000000').stroke();
  doc
    .font(BOLD)
    .fontSize(18)
    .fillColor('#000000')
    .text('SANDBOX CARRIER', left + 14, top + 12);
  doc
    .font(REGULAR)
    .fontSize(9)
    .text(
      `${data.kind === 'return' ? 'RETURN' : 'PARCEL'} · account ${data.accountNumber} · ${data.createdAt.toISOString().slice(0, 10)}`,
      left + 14,
      top + 36,
    );
  doc
    .font(BOLD)
    .fontSize(8)
    .text('FROM', left + 14, top + 60);
  doc.font(REGULAR).fontSize(9);
  for (const line of lines(data.sender)) doc.text(line, left + 14, doc.y, { width: width - 28 });
  doc
    .font(BOLD)
    .fontSize(8)
    .text('TO', left + 14, top + 150);
  lines(data.recipient).forEach((line, index) => {
    doc
      .font(index === 0 ? BOLD : REGULAR)
      .fontSize(14)
      .text(line, left + 14, doc.y, { width: width - 28 });
  });
  doc
    .font(BOLD)
    .fontSize(12)
    .text(data.trackingNumber, left + 14, top + 270, { width: width - 28 });
  doc.image(barcode, left + 14, top + 290, { fit: [width - 28, 110] });
  doc
    .font(REGULAR)
    .fontSize(9)
    .text(
      `Ref. ${data.reference} · ${data.parcel.weightGrams} g · ${data.parcel.lengthCm}×${data.parcel.widthCm}×${data.parcel.heightCm} cm`,
      left + 14,
      top + 420,
      { width: width - 28 },
    );
  return pdfBuffer(doc);
}
