import PDFDocument from 'pdfkit';

/** What the upload tests send: a tiny real PNG, a small real PDF, a multipart body of one file. */

/** A 1×1 PNG: a real image by its content. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A one-page PDF holding `text`, uncompressed (a test can cut or edit it). */
export function textPdf(text: string): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ compress: false });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.text(text);
    doc.end();
  });
}

/** A multipart body holding one file in `field` (`file` by default), as an upload form sends it. */
export function multipartFile(
  data: Buffer | string,
  file: { filename: string; type: string; field?: string },
): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = '----reprise-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    Buffer.from(data),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** PDFs a policy file upload refuses, as `it.each` rows: name, file, status, problem code. */
export const REFUSED_POLICY_PDFS: [string, () => Promise<Buffer>, number, string][] = [
  ['a truncated PDF', async () => (await textPdf('cut')).subarray(0, 400), 422, 'invalid_file'],
  [
    'a PDF with JavaScript',
    async () =>
      Buffer.from(
        (await textPdf('x'))
          .toString('latin1')
          .replace('/Type /Catalog', '/Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >>'),
        'latin1',
      ),
    422,
    'invalid_file',
  ],
  [
    'a PDF over 250 kB',
    async () => {
      const file = await textPdf('big');
      return Buffer.concat([file.subarray(0, 20), Buffer.alloc(250 * 1024), file.subarray(20)]);
    },
    413,
    'file_too_large',
  ],
];
