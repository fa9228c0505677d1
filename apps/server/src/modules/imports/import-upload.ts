import { type Readable, Transform } from 'node:stream';
import type { ImportFileFormat } from '@reprise/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';
import { FileTooLargeError } from '../../platform/storage';

/**
 * The upload of an import file (multipart: the fields first, then the file in `file`), read as a
 * stream: the file goes to the storage without being held in memory.
 */

export interface ImportUpload {
  /** The text fields sent before the file. */
  fields: Record<string, string>;
  fileName: string;
  stream: Readable;
}

const fileViolation = (message: string, code: 'invalid_file' | 'file_too_large') => [
  { propertyPath: 'file', message, code },
];

const invalidFile = (detail: string, message = 'invalid_type') =>
  new AppError('invalid_file', detail, fileViolation(message, 'invalid_file'));

const fileTooLarge = (maxBytes: number) =>
  new AppError(
    'file_too_large',
    `The file is larger than ${Math.round(maxBytes / (1024 * 1024))} MB.`,
    fileViolation('too_large', 'file_too_large'),
  );

/** Opens the multipart request: its fields and the file's stream (not read yet). */
export async function openImportUpload(request: FastifyRequest, maxBytes: number): Promise<ImportUpload> {
  if (!request.isMultipart())
    throw invalidFile('Send the file as multipart/form-data in the field "file".', 'required');
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: { fileSize: maxBytes + 1, files: 1, fields: 10 } });
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) throw error;
    throw invalidFile('The multipart body is malformed or truncated.', 'malformed');
  }
  if (part?.fieldname !== 'file') throw invalidFile('Send the file in the field "file".', 'required');
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(part.fields)) {
    const value = Array.isArray(field) ? field[0] : field;
    if (value && value.type === 'field' && typeof value.value === 'string') fields[name] = value.value;
  }
  return { fields, fileName: part.filename, stream: part.file };
}

/** The format a file name announces; anything but .csv and .xlsx is refused. */
export function formatOfName(fileName: string): ImportFileFormat {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.xlsx')) return 'xlsx';
  throw invalidFile('The file must be a CSV or XLSX file.');
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const SNIFFED_BYTES = 1024;

/** True when the first bytes of a file agree with its format: a zip for XLSX, text (no NUL) for CSV. */
function contentMatches(format: ImportFileFormat, head: Buffer): boolean {
  if (format === 'xlsx') return head.subarray(0, 4).equals(ZIP_MAGIC);
  return !head.subarray(0, SNIFFED_BYTES).includes(0);
}

/**
 * Passes the file through once its first kilobyte agrees with its format (else fails with
 * `invalid_file`); the bytes are held only until then.
 */
export function contentCheck(format: ImportFileFormat): Transform {
  let head: Buffer | null = Buffer.alloc(0);
  const release = (stream: Transform): Error | null => {
    if (head === null) return null;
    const checked = head;
    head = null;
    if (!contentMatches(format, checked))
      return invalidFile(`The file's content is not ${format === 'csv' ? 'CSV text' : 'an XLSX workbook'}.`);
    if (checked.length) stream.push(checked);
    return null;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head === null) return callback(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < SNIFFED_BYTES) return callback();
      callback(release(this));
    },
    flush(callback) {
      callback(release(this));
    },
  });
}

/** The storage's and the multipart parser's "too large" as the API's 413. */
export function uploadError(error: unknown, maxBytes: number): unknown {
  if (error instanceof FileTooLargeError) return fileTooLarge(maxBytes);
  if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge(maxBytes);
  return error;
}
