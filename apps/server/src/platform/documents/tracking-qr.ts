import type { Locale } from '@reprise/shared';
import { qrPng } from './barcodes';
import { BOLD, REGULAR } from './pdf';

/** The customer's tracking page as a QR code with its caption, on the documents the customer keeps (docs/tracking.md). */

const CAPTION: Record<Locale, string> = {
  'fr-FR': 'Suivez votre vente : scannez ce code',
  'en-GB': 'Follow your sale: scan this code',
  'nl-BE': 'Volg uw verkoop: scan deze code',
  'de-DE': 'Verfolgen Sie Ihren Verkauf: Scannen Sie diesen Code',
};

const SIZE = 90;

/** Draws the QR code at the current line (on a new page when this one is too full). */
export async function drawTrackingQr(doc: PDFKit.PDFDocument, url: string, language: string): Promise<void> {
  const png = await qrPng(url);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  if (doc.y + SIZE + 30 > doc.page.height - doc.page.margins.bottom) doc.addPage();
  doc.moveDown(0.6);
  const y = doc.y;
  doc.image(png, left, y, { fit: [SIZE, SIZE] });
  const caption = CAPTION[language as Locale] ?? CAPTION['en-GB'];
  doc
    .font(BOLD)
    .fontSize(9)
    .fillColor('#000000')
    .text(caption, left + SIZE + 12, y + 20, { width: width - SIZE - 12 });
  doc
    .font(REGULAR)
    .fontSize(7)
    .fillColor('#333333')
    .text(url, left + SIZE + 12, doc.y + 2, { width: width - SIZE - 12 });
  doc.y = y + SIZE + 6;
  doc.x = left;
}
