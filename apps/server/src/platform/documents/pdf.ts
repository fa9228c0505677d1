import { readFileSync } from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { FONTS_DIR } from '../server-files';

/**
 * pdfkit with an embedded Unicode font (DejaVu Sans): the built-in Helvetica cannot draw letters
 * such as "Ł" or "ø", the documents must render every European name.
 */
let fonts: { regular: Buffer; bold: Buffer } | null = null;

function loadFonts() {
  fonts ??= {
    regular: readFileSync(path.join(FONTS_DIR, 'DejaVuSans.ttf')),
    bold: readFileSync(path.join(FONTS_DIR, 'DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

export const REGULAR = 'body';
export const BOLD = 'body-bold';

/**
 * An A4 document with the fonts registered; `info` goes to the PDF's metadata. `bufferPages` keeps
 * the pages open until the end, for a document that numbers them ("page N / M").
 */
export function createPdf(
  info: { title: string; subject?: string },
  options: { layout?: 'portrait' | 'landscape'; bufferPages?: boolean } = {},
): PDFKit.PDFDocument {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    layout: options.layout ?? 'portrait',
    info: { Title: info.title, Subject: info.subject ?? info.title, Producer: 'Reprise' },
    bufferPages: options.bufferPages ?? false,
  });
  doc.registerFont(REGULAR, regular);
  doc.registerFont(BOLD, bold);
  doc.font(REGULAR);
  return doc;
}

/** Ends the document and answers its bytes. */
export function pdfBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** Amount of cents in the document's language and currency (e.g. "1 234,50 €"). */
export function formatMoney(cents: number, currency: string, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency }).format(cents / 100);
}

/** Whole currency units (share capital). */
export function formatUnits(units: number, currency: string, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency, maximumFractionDigits: 0 }).format(
    units,
  );
}

export function formatDate(date: Date, language: string): string {
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'Europe/Paris',
  }).format(date);
}

/** A rendered PDF and the file name it is answered with. */
export interface PdfDocument {
  filename: string;
  data: Buffer;
}

/** An address under its title, in a column from (`x`, `top`): its first line bold, `large` for the recipient's. */
export function addressColumn(
  doc: PDFKit.PDFDocument,
  column: { x: number; top: number; width: number },
  title: string,
  lines: string[],
  large: boolean,
): void {
  doc.font(BOLD).fontSize(9).text(title.toUpperCase(), column.x, column.top, { width: column.width });
  doc.moveDown(0.3);
  lines.forEach((line, index) => {
    doc
      .font(index === 0 ? BOLD : REGULAR)
      .fontSize(large ? 14 : 10)
      .text(line, column.x, doc.y, { width: column.width });
  });
}

/** "label: value" at `x`, the label bold; nothing without a value. */
export function labelledLine(doc: PDFKit.PDFDocument, x: number, label: string, value: string | null): void {
  if (!value) return;
  doc.font(BOLD).fontSize(10).text(`${label}: `, x, doc.y, { continued: true });
  doc.font(REGULAR).text(value);
}
