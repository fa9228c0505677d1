import bwipjs from 'bwip-js/node';

/** PNG images of barcodes (bwip-js), to place in the documents. */

/** EAN-13 of a 13-digit number (its check digit must be valid). */
export function ean13Png(digits: string): Promise<Buffer> {
  return bwipjs.toBuffer({
    bcid: 'ean13',
    text: digits,
    scale: 3,
    height: 14,
    includetext: true,
    textxalign: 'center',
  });
}

/** Code 128 of any printable ASCII text. */
export function code128Png(text: string): Promise<Buffer> {
  return bwipjs.toBuffer({
    bcid: 'code128',
    text,
    scale: 3,
    height: 14,
    includetext: true,
    textxalign: 'center',
  });
}

/** QR code of a URL (the customer's tracking page, docs/tracking.md). */
export function qrPng(text: string): Promise<Buffer> {
  return bwipjs.toBuffer({ bcid: 'qrcode', text, scale: 4 });
}
