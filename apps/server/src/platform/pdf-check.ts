import { AppError } from './errors';

const invalid = (message: string) =>
  new AppError('invalid_file', message, [
    { propertyPath: 'file', message: 'invalid_type', code: 'invalid_file' },
  ]);

/**
 * Beyond the type detected from the first bytes (checkUpload): a policy document must be a whole
 * PDF (its end-of-file marker is there) without active content, since visitors open it from the site.
 */
export function checkPdf(data: Buffer): void {
  const tail = data.subarray(Math.max(0, data.length - 1024)).toString('latin1');
  if (!tail.includes('%%EOF')) throw invalid('The PDF file is incomplete.');
  const body = data.toString('latin1');
  if (/\/(JavaScript|JS|Launch|EmbeddedFile|RichMedia)\b/.test(body))
    throw invalid('The PDF file holds scripts or embedded files.');
}
